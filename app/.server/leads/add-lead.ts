// A lead added by hand: someone who reached the team without the contact form (a LinkedIn
// message, a referral, a call). It joins the inbox like any other lead, owned, dated and
// with its history, but the site never saw the visit, so the site's analytics do not count
// it, and nobody is notified (the person adding it is the one who knows).
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { type LeadActor, noteSchema, recordActivity } from "#app/.server/leads/activity.ts";
import {
  dealValueSchema,
  followUpDaySchema,
  linkedinProfileSchema,
  listLeadOwners,
} from "#app/.server/leads/assignment.ts";
import { toDate } from "#app/.server/leads/rows.ts";
import { contactSchema } from "#app/lib/contact-schema.ts";
import { addedLeadStatuses, leadOrigins } from "#app/lib/leads.ts";

/** The form that adds a lead (the name and address follow the contact form's rules). */
export const addLeadSchema = z.object({
  name: contactSchema.shape.name,
  email: contactSchema.shape.email,
  origin: z.enum(leadOrigins, { error: "Choose how they reached you." }),
  status: z
    .enum(addedLeadStatuses, { error: "Choose New, Contacted or Qualified." })
    .default("new"),
  // "" is Unassigned; an id nobody owning leads has is addLead's to refuse.
  owner: z.union([z.literal(""), z.guid({ error: "Choose someone from the list." })]).default(""),
  followUpOn: z.union([z.literal(""), followUpDaySchema]).default(""),
  value: z.string().default("").pipe(dealValueSchema),
  linkedin: z.string().default("").pipe(linkedinProfileSchema),
  // Its length and content are noteSchema's to judge, when there is one.
  note: z.string().default(""),
  // Made when the form is shown: sending it twice (a double click, a retry) adds one lead.
  key: z.guid({ error: "Reload the page and send the form again." }),
  // Ticked after being told that this address has written before.
  anyway: z.literal("yes").optional(),
});

export type AddLeadInput = z.output<typeof addLeadSchema>;

export type AddLeadResult =
  | { outcome: "added"; id: string }
  /** The address has a lead already (the latest is named), and `anyway` was not ticked. */
  | { outcome: "exists"; lead: { id: string; name: string; createdAt: Date } }
  | { outcome: "not-an-owner" }
  | { outcome: "invalid"; field: "note"; problem: string };

/**
 * Adds a lead by hand for `actor`: opened already (it is theirs to know), its history
 * starting with who added it and how the person reached the team, the note (when written)
 * as its first note. The form's key makes a second send of the same form (for the same
 * address) return the lead the first one added.
 */
export async function addLead(
  db: Db,
  input: AddLeadInput,
  actor: LeadActor,
): Promise<AddLeadResult> {
  const note = input.note.trim() ? noteSchema.safeParse(input.note) : null;
  if (note && !note.success) {
    return {
      outcome: "invalid",
      field: "note",
      problem: note.error.issues[0]?.message ?? "Invalid note.",
    };
  }
  if (input.owner) {
    const owners = await listLeadOwners(db);
    if (!owners.some((owner) => owner.id === input.owner)) return { outcome: "not-an-owner" };
  }
  // The form's key and the address: the same form sent again finds its lead, but a form
  // brought back by the browser's Back and filled in for someone else adds them.
  const idempotencyKey = `added:${input.key}:${input.email.toLowerCase()}`;
  return db.transaction(async (tx) => {
    const [again] = await queryRows<{ id: string }>(
      tx,
      sql`select id from leads where idempotency_key = ${idempotencyKey}`,
    );
    if (again) return { outcome: "added", id: again.id } as const;
    if (input.anyway !== "yes") {
      const [earlier] = await queryRows<{ id: string; name: string; created_at: Date | string }>(
        tx,
        sql`
        select id, name, created_at from leads
        where lower(email) = lower(${input.email}) and status <> 'spam'
          -- The same form, added by a send that committed since the look above, is not
          -- an earlier lead: the insert below finds it.
          and idempotency_key <> ${idempotencyKey}
        order by created_at desc limit 1`,
      );
      if (earlier) {
        return {
          outcome: "exists",
          lead: { id: earlier.id, name: earlier.name, createdAt: toDate(earlier.created_at) },
        } as const;
      }
    }
    const [lead] = await queryRows<{ id: string }>(
      tx,
      sql`
      insert into leads (name, email, message, idempotency_key, status, origin, added_by,
        owner_id, follow_up_on, deal_value, linkedin_url, opened_at)
      values (${input.name}, ${input.email}, '', ${idempotencyKey}, ${input.status},
        ${input.origin}, ${actor.id}::uuid, ${input.owner || null}::uuid,
        ${input.followUpOn || null}::date, ${input.value}, ${input.linkedin}, now())
      on conflict (idempotency_key) do nothing
      returning id`,
    );
    if (!lead) {
      // The same form, sent again while this one was adding it.
      const [other] = await queryRows<{ id: string }>(
        tx,
        sql`select id from leads where idempotency_key = ${idempotencyKey}`,
      );
      if (!other) throw new Error("A lead added by hand was neither inserted nor found");
      return { outcome: "added", id: other.id } as const;
    }
    await recordActivity(tx, {
      leadId: lead.id,
      actor,
      kind: "added",
      toValue: input.origin,
      toStatus: input.status,
    });
    if (note?.success) {
      await recordActivity(tx, { leadId: lead.id, actor, kind: "note", note: note.data });
    }
    return { outcome: "added", id: lead.id } as const;
  });
}
