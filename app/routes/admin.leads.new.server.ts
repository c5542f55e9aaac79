// Adding a lead by hand on the server: what the page loads and what its form does.
import { data, href, redirect } from "react-router";
import { requireArea } from "#app/.server/auth/guard.ts";
import { requireApp } from "#app/.server/context.ts";
import { parseForm, refuseForm } from "#app/.server/http/form-data.ts";
import { addLead, addLeadSchema } from "#app/.server/leads/add-lead.ts";
import { listLeadOwners, personLabel } from "#app/.server/leads/assignment.ts";
import { requiredFieldsMessage } from "#app/lib/contact-schema.ts";
import type { FormAnswer } from "#app/lib/form-answer.ts";
import { formatMoment } from "#app/lib/format-date.ts";
import { zoneOf } from "#app/lib/time-zone.ts";
import type { Route } from "./+types/admin.leads.new";

export type AddLeadField =
  | "name"
  | "email"
  | "origin"
  | "status"
  | "owner"
  | "followUpOn"
  | "value"
  | "linkedin"
  | "note";

/** A refusal, and when the address has written before, the lead it wrote (to open it). */
export type AddLeadAnswer = FormAnswer<AddLeadField> & {
  earlier?: { path: string; name: string; received: string };
};

const fieldLabels: Partial<Record<AddLeadField, string>> = { name: "Name", email: "Email" };

export async function loadNewLead({ context }: Route.LoaderArgs) {
  const { user } = requireArea(context, "leads");
  const owners = await listLeadOwners(requireApp(context).database.db);
  return {
    owners: owners.map((owner) => ({ id: owner.id, label: personLabel(owner) })),
    // A lead added by the person who works it is theirs unless they choose otherwise.
    defaultOwner: owners.some((owner) => owner.id === user.id) ? user.id : "",
    // Sent with the form: the same form sent twice adds one lead.
    key: crypto.randomUUID(),
    backTo: href("/admin/leads"),
  };
}

function refuse(answer: Omit<AddLeadAnswer, "ok">, status = 400) {
  return data<AddLeadAnswer>({ ok: false, ...answer }, { status });
}

export async function addLeadAction({ request, context }: Route.ActionArgs) {
  const { user } = requireArea(context, "leads");
  const db = requireApp(context).database.db;
  const form = await parseForm(request, addLeadSchema);
  const notAdded = "The lead was not added.";
  if (!form.ok) {
    const fields: Partial<Record<AddLeadField, string>> = {};
    for (const [name, problem] of Object.entries(form.fields)) {
      const label = fieldLabels[name as AddLeadField];
      fields[name as AddLeadField] =
        label && problem === requiredFieldsMessage ? `${label} is required.` : problem;
    }
    // Only a form not sent from this page lacks its key (or has a broken one).
    if (form.fields.key || form.fields.anyway) {
      return refuseForm(form.fields.key ?? "Reload the page and send the form again.");
    }
    return refuse({ message: notAdded, fields, values: form.values });
  }
  const actor = { id: user.id, name: user.name, email: user.email };
  const result = await addLead(db, form.data, actor);
  if (result.outcome === "added") {
    return redirect(href("/admin/leads/:id", { id: result.id }));
  }
  if (result.outcome === "not-an-owner") {
    return refuse({
      message: notAdded,
      fields: { owner: "Choose someone on the team who works the leads." },
      values: form.values,
    });
  }
  if (result.outcome === "invalid") {
    return refuse({ message: notAdded, fields: { note: result.problem }, values: form.values });
  }
  return refuse(
    {
      message: `${form.data.email} has written before: is this the same person? Open that lead, or tick "Add as a new lead anyway".`,
      fields: { email: "This address has a lead already." },
      values: form.values,
      earlier: {
        path: href("/admin/leads/:id", { id: result.lead.id }),
        name: result.lead.name,
        received: formatMoment(result.lead.createdAt, zoneOf(user)),
      },
    },
    409,
  );
}
