// The inbox's own form: change the status or the owner of the leads ticked in the list.
import { z } from "zod";
import { requireArea } from "#app/.server/auth/guard.ts";
import { requireApp } from "#app/.server/context.ts";
import { acceptForm, parseForm, refuseForm } from "#app/.server/http/form-data.ts";
import { changeStatus } from "#app/.server/leads/activity.ts";
import { assignLead } from "#app/.server/leads/assignment.ts";
import { leadStatuses, leadStatusLabels } from "#app/lib/leads.ts";
import type { Route } from "./+types/admin.leads";

/** A page of the inbox holds at most this many leads, so no more can be ticked at once. */
const maxTicked = 100;

/** "keep" leaves that part as it is; an owner of "" is Unassigned. */
export const bulkForm = z.object({
  intent: z.literal("bulk"),
  ids: z
    .union([z.guid(), z.array(z.guid()).max(maxTicked)], {
      error: "Tick at least one lead in the list.",
    })
    .transform((ids) => [...new Set(Array.isArray(ids) ? ids : [ids])]),
  status: z.union([z.literal("keep"), z.enum(leadStatuses)]).default("keep"),
  owner: z.union([z.literal("keep"), z.literal(""), z.guid()]).default("keep"),
});

export async function bulkAction({ request, context }: Route.ActionArgs) {
  const { user } = requireArea(context, "leads");
  const db = requireApp(context).database.db;
  const form = await parseForm(request, bulkForm);
  if (!form.ok) {
    if (form.fields.intent) return refuseForm("Unknown action.");
    return refuseForm(form.fields.ids ?? Object.values(form.fields)[0] ?? "Nothing was changed.");
  }
  const { ids, status, owner } = form.data;
  if (status === "keep" && owner === "keep") {
    return refuseForm("Choose a status or an owner to apply to the ticked leads.");
  }
  const actor = { id: user.id, name: user.name, email: user.email };
  let changed = 0;
  for (const leadId of ids) {
    let touched = false;
    if (owner !== "keep") {
      const result = await assignLead(db, { leadId, actor, ownerId: owner || null });
      if (result.outcome === "not-an-owner") {
        return refuseForm("Choose someone on the team who works the leads.");
      }
      touched ||= result.outcome === "changed";
    }
    if (status !== "keep") {
      const result = await changeStatus(db, { leadId, actor, status });
      touched ||= result.outcome === "changed";
    }
    if (touched) changed++;
  }
  const what = [
    status === "keep" ? null : `status ${leadStatusLabels[status]}`,
    owner === "keep" ? null : owner ? "new owner" : "unassigned",
  ]
    .filter(Boolean)
    .join(", ");
  return acceptForm(
    changed === 0
      ? "Nothing to change: the ticked leads were already so."
      : `${changed === 1 ? "1 lead" : `${changed} leads`} updated (${what}).`,
  );
}
