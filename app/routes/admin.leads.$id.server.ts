// A lead's page on the server: what it loads, what its forms may send, what they do.
import { data, href, redirect } from "react-router";
import { z } from "zod";
import { requireArea } from "#app/.server/auth/guard.ts";
import { requireApp } from "#app/.server/context.ts";
import { acceptForm, parseForm, refuseForm } from "#app/.server/http/form-data.ts";
import {
  addNote,
  changeStatus,
  type LeadActivityEntry,
  listActivity,
  noteMaxLength,
} from "#app/.server/leads/activity.ts";
import { getLead } from "#app/.server/leads/inbox.ts";
import { countMessagesFrom, erasePerson } from "#app/.server/leads/privacy.ts";
import { resendLeadEmail } from "#app/.server/leads/resend.ts";
import { formatMoment } from "#app/lib/format-date.ts";
import {
  deliveryStateLabels,
  type LeadStatus,
  leadFilterToSearch,
  leadStatuses,
  leadStatusLabels,
  parseLeadFilter,
} from "#app/lib/leads.ts";
import type { Route } from "./+types/admin.leads.$id";

/** A lead's forms, told apart by their `intent`. */
export const leadForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("status"),
    status: z.enum(leadStatuses, { error: `Choose a status: ${leadStatuses.join(", ")}.` }),
  }),
  z.object({ intent: z.literal("spam") }),
  // Its length and content are addNote's to judge, with a message of their own.
  z.object({ intent: z.literal("note"), note: z.string().default("") }),
  z.object({ intent: z.literal("resend") }),
  z.object({
    intent: z.literal("erase"),
    confirm: z.literal("yes", { error: "Tick the box to confirm the erasure." }),
  }),
]);

export async function loadLead({ request, params, context }: Route.LoaderArgs) {
  requireArea(context, "leads");
  const db = requireApp(context).database.db;
  const lead = await getLead(db, params.id);
  if (!lead) throw data(null, { status: 404 });
  const [activity, fromAddress] = await Promise.all([
    listActivity(db, lead.id),
    countMessagesFrom(db, lead.email),
  ]);
  // The inbox's filter rides along in the lead's URL, so "All leads" returns to that page.
  const filter = parseLeadFilter(new URL(request.url).searchParams);
  return {
    lead: {
      name: lead.name,
      email: lead.email,
      message: lead.message,
      clientIp: lead.clientIp,
      status: lead.status,
      received: formatMoment(lead.createdAt),
      receivedIso: lead.createdAt.toISOString(),
      source: lead.source,
    },
    delivery: lead.delivery
      ? {
          status: lead.delivery.status,
          attempts: lead.delivery.attempts,
          lastError: lead.delivery.lastError,
          sentAt: lead.delivery.sentAt ? formatMoment(lead.delivery.sentAt) : null,
          nextAttempt: formatMoment(lead.delivery.nextAttemptAt),
          // Queued and not tried yet: the outbox sends it within seconds; resending adds nothing.
          queued: lead.delivery.status === "pending" && lead.delivery.attempts === 0,
        }
      : null,
    // Newest first, as the page reads top down.
    activity: activity.toReversed().map(describeEntry),
    fromAddress,
    noteMaxLength,
    backTo: `${href("/admin/leads")}${leadFilterToSearch(filter)}`,
    exportAction: href("/admin/leads/person.json"),
  };
}

function describeEntry(entry: LeadActivityEntry) {
  const label = (status: LeadStatus | null) => (status ? leadStatusLabels[status] : "?");
  const what =
    entry.kind === "status"
      ? `Changed the status: ${label(entry.fromStatus)} → ${label(entry.toStatus)}`
      : entry.kind === "note"
        ? "Added a note"
        : entry.kind === "resend"
          ? "Resent the notification email"
          : "Exported everything about this address";
  return {
    id: entry.id,
    who: entry.actor.name || entry.actor.email,
    when: formatMoment(entry.createdAt),
    whenIso: entry.createdAt.toISOString(),
    what,
    note: entry.note,
  };
}

export async function leadAction({ request, params, context }: Route.ActionArgs) {
  const { user } = requireArea(context, "leads");
  const app = requireApp(context);
  const db = app.database.db;
  const actor = { id: user.id, name: user.name, email: user.email };
  const messageId = params.id;
  const form = await parseForm(request, leadForm);
  if (!form.ok) {
    if (form.fields.intent) return refuseForm("Unknown action.");
    if (form.fields.confirm) {
      return refuseForm<"confirm">("Nothing was erased.", {
        fields: { confirm: "Tick the box to confirm the erasure." },
      });
    }
    return refuseForm(Object.values(form.fields)[0] ?? "Nothing was changed.");
  }
  const sent = form.data;

  if (sent.intent === "status" || sent.intent === "spam") {
    const status = sent.intent === "spam" ? "spam" : sent.status;
    const result = await changeStatus(db, { messageId, actor, status });
    if (result.outcome === "not-found") throw data(null, { status: 404 });
    return acceptForm(
      result.outcome === "changed"
        ? `Status changed: ${leadStatusLabels[result.from]} → ${leadStatusLabels[result.to]}.`
        : `The status was already ${leadStatusLabels[status]}.`,
    );
  }

  if (sent.intent === "note") {
    const result = await addNote(db, { messageId, actor, text: sent.note });
    if (result.outcome === "not-found") throw data(null, { status: 404 });
    if (result.outcome === "invalid") {
      return refuseForm<"note">("The note was not added.", {
        fields: { note: result.problem },
        values: form.values,
      });
    }
    return acceptForm("Note added.", { intent: "note" });
  }

  if (sent.intent === "resend") {
    const result = await resendLeadEmail(db, { messageId, actor });
    if (result.outcome === "not-found") {
      if (!(await getLead(db, messageId))) throw data(null, { status: 404 });
      return refuseForm("This lead has no notification email to resend.", { status: 409 });
    }
    app.kickMail();
    return acceptForm(
      `The notification email is queued again (it was ${deliveryStateLabels[result.previous].toLowerCase()}) and goes out within seconds.`,
    );
  }

  // Erase. The address comes from the stored lead, never from the form.
  const lead = await getLead(db, messageId);
  if (!lead) throw data(null, { status: 404 });
  const erased = await erasePerson(db, {
    email: lead.email,
    dataDir: app.dataDir,
    actor,
    log: app.log,
  });
  const counts = new URLSearchParams({
    erased: String(erased.messagesErased),
    files: String(erased.filesErased),
  });
  throw redirect(`${href("/admin/leads")}?${counts}`);
}
