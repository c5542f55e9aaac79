// A lead's page on the server: what it loads, what its forms may send, what they do.
import { data, href, redirect } from "react-router";
import { z } from "zod";
import { requireArea } from "#app/.server/auth/guard.ts";
import { requireApp } from "#app/.server/context.ts";
import type { LeadActivityKind } from "#app/.server/db/schema.ts";
import { acceptForm, parseForm, refuseForm } from "#app/.server/http/form-data.ts";
import {
  addNote,
  askForWonValue,
  changeNote,
  changeStatus,
  type LeadActivityEntry,
  listActivity,
  noteMaxLength,
  spammedNotice,
  spamWithUndo,
} from "#app/.server/leads/activity.ts";
import {
  assignLead,
  dealValueSaid,
  dealValueSchema,
  followUpDaySchema,
  linkedinProfileSchema,
  listLeadOwners,
  lostReasonSaid,
  personLabel,
  setDealValue,
  setFollowUp,
  setLinkedinProfile,
  setLostReason,
} from "#app/.server/leads/assignment.ts";
import { getLead, leadNeighbours, markOpened, scopeFor } from "#app/.server/leads/inbox.ts";
import { countLeadsFrom, erasePerson } from "#app/.server/leads/privacy.ts";
import {
  replyMaxLength,
  replySubject,
  replySubjectMaxLength,
  sendReply,
} from "#app/.server/leads/replies.ts";
import { listReplyTemplates } from "#app/.server/leads/reply-templates.ts";
import { resendLeadEmail } from "#app/.server/leads/resend.ts";
import { formatDate, formatMoment } from "#app/lib/format-date.ts";
import {
  deliveryStateLabels,
  formatDealValue,
  type LeadLostReason,
  type LeadOrigin,
  type LeadStatus,
  leadFilterToSearch,
  leadLostReasonLabels,
  leadLostReasons,
  leadOriginLabels,
  leadPath,
  leadStatuses,
  leadStatusLabels,
  linkedinLabel,
  parseLeadFilter,
} from "#app/lib/leads.ts";
import { fillReplyTemplate } from "#app/lib/reply-template.ts";
import { zoneOf } from "#app/lib/time-zone.ts";
import type { Route } from "./+types/admin.leads.$id";

/** A lead's forms, told apart by their `intent`. */
export const leadForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("status"),
    status: z.enum(leadStatuses, { error: `Choose a status: ${leadStatuses.join(", ")}.` }),
  }),
  z.object({ intent: z.literal("spam") }),
  // "Undo" under "… was marked as spam": the status it had before comes back.
  z.object({ intent: z.literal("not-spam") }),
  // Its length and content are addNote's to judge, with a message of their own.
  z.object({ intent: z.literal("note"), note: z.string().default("") }),
  z.object({ intent: z.literal("resend") }),
  z.object({
    intent: z.literal("owner"),
    // "" is Unassigned; an id nobody owning leads has is assignLead's to refuse.
    owner: z.union([z.literal(""), z.guid({ error: "Choose someone from the list." })]),
  }),
  z.object({ intent: z.literal("assign-me") }),
  z.object({
    intent: z.literal("follow-up"),
    on: z.union([z.literal(""), followUpDaySchema]).default(""),
    clear: z.literal("yes").optional(),
  }),
  z.object({ intent: z.literal("value"), value: z.string().default("").pipe(dealValueSchema) }),
  z.object({
    intent: z.literal("lost-reason"),
    reason: z.union([z.literal(""), z.enum(leadLostReasons)], {
      error: "Choose a reason from the list.",
    }),
  }),
  // Its address is linkedinProfileSchema's to judge, unless Remove was pressed.
  z.object({
    intent: z.literal("linkedin"),
    linkedin: z.string().default(""),
    remove: z.literal("yes").optional(),
  }),
  z.object({
    intent: z.literal("note-edit"),
    noteId: z.coerce.number().int().positive(),
    note: z.string().default(""),
  }),
  z.object({ intent: z.literal("note-delete"), noteId: z.coerce.number().int().positive() }),
  // Its length and content are sendReply's to judge, with a message of their own.
  z.object({
    intent: z.literal("reply"),
    reply: z.string().default(""),
    // Left out by a form from before the subject could be changed: the suggested one.
    subject: z.string().optional(),
  }),
  z.object({
    intent: z.literal("erase"),
    confirm: z.literal("yes", { error: "Tick the box to confirm the erasure." }),
  }),
]);

export async function loadLead({ request, params, context }: Route.LoaderArgs) {
  const { user } = requireArea(context, "leads");
  const zone = zoneOf(user);
  const db = requireApp(context).database.db;
  const lead = await getLead(db, params.id);
  if (!lead) throw data(null, { status: 404 });
  // The inbox's filter rides along in the lead's URL, so "All leads" returns to that page
  // and previous/next walk the same list.
  const url = new URL(request.url);
  const filter = parseLeadFilter(url.searchParams);
  const [activity, fromAddress, owners, neighbours, templates] = await Promise.all([
    listActivity(db, lead.id),
    countLeadsFrom(db, lead.email),
    listLeadOwners(db),
    leadNeighbours(db, lead.id, filter, scopeFor(user.id, zone)),
    listReplyTemplates(db),
    markOpened(db, lead.id),
  ]);
  const { page: _page, ...listFilter } = filter;
  const chosen = url.searchParams.get("template");
  const currentOwner = lead.owner;
  return {
    lead: {
      name: lead.name,
      email: lead.email,
      message: lead.message,
      clientIp: lead.clientIp,
      status: lead.status,
      received: formatMoment(lead.createdAt, zone),
      receivedIso: lead.createdAt.toISOString(),
      source: lead.source,
      sourceWords: {
        ...lead.sourceWords,
        firstVisitAt: lead.sourceWords.firstVisitAt
          ? formatDate(lead.sourceWords.firstVisitAt)
          : null,
      },
      // A lead added by hand has no message: its first note, shown where a message would be.
      added: lead.added
        ? {
            origin: leadOriginLabels[lead.added.origin],
            by: lead.added.by ?? "someone since removed",
            note: activity.find((entry) => entry.kind === "note" && !entry.deletedAt)?.note ?? null,
          }
        : null,
      followUpOn: lead.followUpOn,
      dealValue: lead.dealValue,
      lostReason: lead.lostReason,
      linkedin: lead.linkedinUrl
        ? { url: lead.linkedinUrl, label: linkedinLabel(lead.linkedinUrl) }
        : null,
      followUpDue: lead.followUpOn !== null && lead.followUpOn <= scopeFor(user.id, zone).today,
      owner: currentOwner ? { id: currentOwner.id, label: personLabel(currentOwner) } : null,
    },
    // A disabled person keeps the leads they owned until someone reassigns them.
    owners: [
      ...owners.map((owner) => ({ id: owner.id, label: personLabel(owner) })),
      ...(currentOwner && !owners.some((owner) => owner.id === currentOwner.id)
        ? [{ id: currentOwner.id, label: `${personLabel(currentOwner)} (disabled)` }]
        : []),
    ],
    mine: currentOwner?.id === user.id,
    neighbours: {
      previous: neighbours.previous ? leadPath(neighbours.previous, filter) : null,
      next: neighbours.next ? leadPath(neighbours.next, filter) : null,
      position: neighbours.position,
      total: neighbours.total,
    },
    spammed: await spammedNotice(db, url.searchParams, filter),
    replyMaxLength,
    replySubject: replySubject(lead.message),
    replySubjectMaxLength,
    // Saved replies, made out to this lead; ?template=<id> starts the reply with one
    // (how the chooser works without JavaScript).
    templates: templates.map((template) => ({
      id: template.id,
      title: template.title,
      body: fillReplyTemplate(template.body, lead),
    })),
    chosenTemplate: templates.some((template) => template.id === chosen) ? chosen : null,
    filterParams: [...new URLSearchParams(leadFilterToSearch(listFilter)).entries()],
    delivery: lead.delivery
      ? {
          status: lead.delivery.status,
          attempts: lead.delivery.attempts,
          lastError: lead.delivery.lastError,
          sentAt: lead.delivery.sentAt ? formatMoment(lead.delivery.sentAt, zone) : null,
          nextAttempt: formatMoment(lead.delivery.nextAttemptAt, zone),
          // Queued and not tried yet: the outbox sends it within seconds; resending adds nothing.
          queued: lead.delivery.status === "pending" && lead.delivery.attempts === 0,
        }
      : null,
    // Newest first, as the page reads top down.
    activity: activity.toReversed().map((entry) => describeEntry(entry, user.id, zone)),
    fromAddress,
    fromAddressList: `${href("/admin/leads")}${leadFilterToSearch({ q: lead.email })}`,
    noteMaxLength,
    backTo: `${href("/admin/leads")}${leadFilterToSearch(filter)}`,
    exportAction: href("/admin/leads/person.json"),
  };
}

const activityText: Record<LeadActivityKind, (entry: LeadActivityEntry) => string> = {
  added: (entry) =>
    `Added this lead by hand (${originLabel(entry.toValue)}, ${statusLabel(entry.toStatus)})`,
  status: (entry) =>
    `Changed the status: ${statusLabel(entry.fromStatus)} → ${statusLabel(entry.toStatus)}`,
  note: () => "Added a note",
  resend: () => "Resent the notification email",
  export: () => "Exported everything about this address",
  owner: (entry) =>
    `Changed the owner: ${entry.fromValue ?? "Unassigned"} → ${entry.toValue ?? "Unassigned"}`,
  "follow-up": (entry) =>
    `Changed the follow-up: ${dayLabel(entry.fromValue)} → ${dayLabel(entry.toValue)}`,
  value: (entry) =>
    `Changed the deal value: ${dollarsLabel(entry.fromValue)} → ${dollarsLabel(entry.toValue)}`,
  "lost-reason": (entry) =>
    `Changed why it was lost: ${reasonLabel(entry.fromValue)} → ${reasonLabel(entry.toValue)}`,
  linkedin: (entry) =>
    `Changed the LinkedIn profile: ${profileLabel(entry.fromValue)} → ${profileLabel(entry.toValue)}`,
  reply: () => "Replied by email",
};

function originLabel(origin: string | null): string {
  return leadOriginLabels[origin as LeadOrigin] ?? origin ?? "?";
}

function statusLabel(status: LeadStatus | null): string {
  return status ? leadStatusLabels[status] : "?";
}

function reasonLabel(reason: string | null): string {
  return reason === null ? "none" : (leadLostReasonLabels[reason as LeadLostReason] ?? reason);
}

function profileLabel(url: string | null): string {
  return url === null ? "none" : linkedinLabel(url);
}

function dollarsLabel(value: string | null): string {
  return value === null ? "none" : formatDealValue(Number(value));
}

function dayLabel(day: string | null): string {
  return day ? formatDate(day) : "none";
}

function describeEntry(entry: LeadActivityEntry, viewerId: string, zone: string) {
  return {
    id: entry.id,
    kind: entry.kind,
    who: entry.actor.name || entry.actor.email,
    when: formatMoment(entry.createdAt, zone),
    whenIso: entry.createdAt.toISOString(),
    what: entry.deletedAt
      ? `Deleted a note (${formatMoment(entry.deletedAt, zone)})`
      : activityText[entry.kind](entry),
    note: entry.note,
    edited: entry.editedAt && !entry.deletedAt ? formatMoment(entry.editedAt, zone) : null,
    // Only its author may change or delete a note.
    editable: entry.kind === "note" && !entry.deletedAt && entry.actor.id === viewerId,
    delivery: entry.kind === "reply" ? (entry.delivery ?? "sent") : null,
  };
}

export async function leadAction({ request, params, context }: Route.ActionArgs) {
  const { user } = requireArea(context, "leads");
  const zone = zoneOf(user);
  const app = requireApp(context);
  const db = app.database.db;
  const actor = { id: user.id, name: user.name, email: user.email };
  const leadId = params.id;
  const form = await parseForm(request, leadForm);
  if (!form.ok) {
    if (form.fields.intent) return refuseForm("Unknown action.");
    if (form.fields.confirm) {
      return refuseForm<"confirm">("Nothing was erased.", {
        fields: { confirm: "Tick the box to confirm the erasure." },
      });
    }
    if (form.fields.on) {
      return refuseForm<"on">("The follow-up was not changed.", {
        fields: { on: form.fields.on },
        values: form.values,
      });
    }
    if (form.fields.value) {
      return refuseForm<"value">("The deal value was not changed.", {
        fields: { value: form.fields.value },
        values: form.values,
      });
    }
    if (form.fields.owner) {
      return refuseForm<"owner">("The owner was not changed.", {
        fields: { owner: form.fields.owner },
      });
    }
    return refuseForm(Object.values(form.fields)[0] ?? "Nothing was changed.");
  }
  const sent = form.data;

  if (sent.intent === "status" || sent.intent === "spam") {
    const status = sent.intent === "spam" ? "spam" : sent.status;
    // The next lead in the list, looked up before this one leaves it.
    const filter = parseLeadFilter(new URL(request.url).searchParams);
    const neighbours =
      sent.intent === "spam"
        ? await leadNeighbours(db, leadId, filter, scopeFor(user.id, zone))
        : null;
    const result = await changeStatus(db, { leadId, actor, status });
    if (result.outcome === "not-found") throw data(null, { status: 404 });
    if (neighbours) {
      // On to the next lead (or back to the list): spam is done with.
      const to = neighbours.next ?? neighbours.previous;
      const target = to
        ? leadPath(to, filter)
        : `${href("/admin/leads")}${leadFilterToSearch({ ...filter, page: 1 })}`;
      throw redirect(`${target}${target.includes("?") ? "&" : "?"}spammed=${leadId}`);
    }
    if (result.outcome !== "changed") {
      return acceptForm(`The status was already ${leadStatusLabels[status]}.`);
    }
    const changed = `Status changed: ${leadStatusLabels[result.from]} → ${leadStatusLabels[result.to]}.`;
    // A deal won without a value adds nothing to what the overview and analytics say was won.
    const unvalued = result.to === "won" && (await getLead(db, leadId))?.dealValue === null;
    return acceptForm(unvalued ? `${changed} ${askForWonValue}` : changed);
  }

  if (sent.intent === "not-spam") {
    const spam = await spamWithUndo(db, leadId);
    if (!spam) {
      const lead = await getLead(db, leadId);
      if (!lead) throw data(null, { status: 404 });
      return acceptForm(
        `This lead is not marked as spam: its status is ${leadStatusLabels[lead.status]}.`,
      );
    }
    await changeStatus(db, { leadId, actor, status: spam.was });
    return acceptForm(`Not spam after all: the status is back to ${leadStatusLabels[spam.was]}.`);
  }

  if (sent.intent === "note") {
    const result = await addNote(db, { leadId, actor, text: sent.note });
    if (result.outcome === "not-found") throw data(null, { status: 404 });
    if (result.outcome === "invalid") {
      return refuseForm<"note">("The note was not added.", {
        fields: { note: result.problem },
        values: form.values,
      });
    }
    return acceptForm("Note added.", { intent: "note" });
  }

  if (sent.intent === "note-edit" || sent.intent === "note-delete") {
    const result = await changeNote(db, {
      leadId,
      noteId: sent.noteId,
      actor,
      text: sent.intent === "note-edit" ? sent.note : null,
    });
    if (result.outcome === "not-found") {
      return refuseForm("That note is no longer there.", { status: 404 });
    }
    if (result.outcome === "not-yours") {
      return refuseForm("Only the person who wrote a note can change or delete it.", {
        status: 403,
      });
    }
    if (result.outcome === "invalid") {
      return refuseForm<"note">(`The note was not changed: ${result.problem}`);
    }
    return acceptForm(sent.intent === "note-edit" ? "Note changed." : "Note deleted.");
  }

  if (sent.intent === "owner" || sent.intent === "assign-me") {
    const ownerId = sent.intent === "assign-me" ? user.id : sent.owner || null;
    const result = await assignLead(db, { leadId, actor, ownerId });
    if (result.outcome === "not-found") throw data(null, { status: 404 });
    if (result.outcome === "not-an-owner") {
      return refuseForm<"owner">("The owner was not changed.", {
        fields: { owner: "Choose someone on the team who works the leads." },
      });
    }
    if (result.outcome === "unchanged") return acceptForm("The owner is unchanged.");
    return acceptForm(
      result.to ? `Assigned to ${result.to}.` : `Unassigned (was ${result.from ?? "nobody"}).`,
    );
  }

  if (sent.intent === "follow-up") {
    const on = sent.clear ? null : sent.on || null;
    const result = await setFollowUp(db, { leadId, actor, on });
    if (result.outcome === "not-found") throw data(null, { status: 404 });
    if (result.outcome === "unchanged") return acceptForm("The follow-up is unchanged.");
    if (!result.to) return acceptForm("The follow-up date is cleared.");
    // A day already gone is kept (a promise missed is still one), but said: a mistyped year
    // or month would otherwise go unnoticed.
    const { today } = scopeFor(user.id, zone);
    return acceptForm(
      result.to < today
        ? `Follow up on ${formatDate(result.to)}: that day has passed, so the lead is due now.`
        : result.to === today
          ? `Follow up on ${formatDate(result.to)} (today).`
          : `Follow up on ${formatDate(result.to)}.`,
    );
  }

  if (sent.intent === "linkedin") {
    const typed = sent.remove ? null : linkedinProfileSchema.safeParse(sent.linkedin);
    if (typed && !typed.success) {
      return refuseForm<"linkedin">("The LinkedIn profile was not changed.", {
        fields: { linkedin: typed.error.issues[0]?.message ?? "Not a LinkedIn profile." },
        values: form.values,
      });
    }
    const url = typed ? typed.data : null;
    const result = await setLinkedinProfile(db, { leadId, actor, url });
    if (result.outcome === "not-found") throw data(null, { status: 404 });
    if (result.outcome === "unchanged") return acceptForm("The LinkedIn profile is unchanged.");
    return acceptForm(
      result.to === null
        ? "The LinkedIn profile is removed."
        : `LinkedIn profile saved: ${linkedinLabel(result.to)}.`,
    );
  }

  if (sent.intent === "lost-reason") {
    const result = await setLostReason(db, { leadId, actor, reason: sent.reason || null });
    if (result.outcome === "not-found") throw data(null, { status: 404 });
    return acceptForm(lostReasonSaid(result));
  }

  if (sent.intent === "value") {
    const result = await setDealValue(db, { leadId, actor, value: sent.value });
    if (result.outcome === "not-found") throw data(null, { status: 404 });
    return acceptForm(dealValueSaid(result));
  }

  if (sent.intent === "reply") {
    const result = await sendReply(db, {
      leadId,
      actor,
      text: sent.reply,
      subject: sent.subject,
    });
    if (result.outcome === "not-found") throw data(null, { status: 404 });
    if (result.outcome === "invalid") {
      return refuseForm<"reply" | "subject">("The reply was not sent.", {
        fields: { [result.field]: result.problem },
        values: form.values,
      });
    }
    app.kickMail();
    return acceptForm(
      result.contacted
        ? "Reply queued: it goes out within seconds. The lead is now Contacted."
        : "Reply queued: it goes out within seconds.",
      { intent: "reply" },
    );
  }

  if (sent.intent === "resend") {
    const result = await resendLeadEmail(db, { leadId, actor });
    if (result.outcome === "not-found") {
      if (!(await getLead(db, leadId))) throw data(null, { status: 404 });
      return refuseForm("This lead has no notification email to resend.", { status: 409 });
    }
    app.kickMail();
    return acceptForm(
      `The notification email is queued again (it was ${deliveryStateLabels[result.previous].toLowerCase()}) and goes out within seconds.`,
    );
  }

  // Erase. The address comes from the stored lead, never from the form.
  const lead = await getLead(db, leadId);
  if (!lead) throw data(null, { status: 404 });
  const erased = await erasePerson(db, {
    email: lead.email,
    dataDir: app.dataDir,
    actor,
    log: app.log,
  });
  const counts = new URLSearchParams({
    erased: String(erased.leadsErased),
    files: String(erased.filesErased),
  });
  throw redirect(`${href("/admin/leads")}?${counts}`);
}
