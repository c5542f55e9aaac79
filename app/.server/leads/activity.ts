import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import type { LeadActivityKind } from "#app/.server/db/schema.ts";
import { isLeadId, toDate } from "#app/.server/leads/rows.ts";
import { outboxStatusOf } from "#app/.server/mail/deliveries.ts";
import {
  type DeliveryState,
  type LeadFilter,
  type LeadStatus,
  leadPath,
  leadStatuses,
} from "#app/lib/leads.ts";

/** The signed-in person acting on a lead (a row of `users`). */
export type LeadActor = { id: string; name: string; email: string };

export type LeadActivityEntry = {
  id: number;
  kind: LeadActivityKind;
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus | null;
  /** An owner's name or a follow-up day, before and after; null is "none". */
  fromValue: string | null;
  toValue: string | null;
  note: string | null;
  /** A reply's email: how its delivery stands (null once the outbox row is gone). */
  delivery: DeliveryState | null;
  /** A note its author changed, or deleted (its text is then null). */
  editedAt: Date | null;
  deletedAt: Date | null;
  createdAt: Date;
  /** As they were when they acted; `id` is null once that person has been removed. */
  actor: { id: string | null; name: string; email: string };
};

export const noteMaxLength = 5_000;

/** A note as typed: line endings unified, controls Postgres or a page cannot hold dropped. */
/**
 * Text a person writes about a lead (a note, a reply) as typed: line endings unified,
 * controls Postgres or a page cannot hold dropped, trimmed, not empty, at most `max`.
 */
export function typedTextSchema(max: number, messages: { empty: string; tooLong: string }) {
  return z
    .string()
    .transform((value) =>
      value.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, ""),
    )
    .pipe(z.string().trim().min(1, messages.empty).max(max, messages.tooLong));
}

export const noteSchema = typedTextSchema(noteMaxLength, {
  empty: "A note cannot be empty.",
  tooLong: `A note must be ${noteMaxLength.toLocaleString("en-US")} characters or fewer.`,
});

type Executor = Pick<Db, "execute">;

type ActivityRow = {
  id: number | string;
  kind: LeadActivityKind;
  from_status: LeadStatus | null;
  to_status: LeadStatus | null;
  from_value: string | null;
  to_value: string | null;
  note: string | null;
  delivery: DeliveryState | null;
  edited_at: Date | string | null;
  deleted_at: Date | string | null;
  created_at: Date | string;
  actor_id: string | null;
  actor_name: string;
  actor_email: string;
};

const activityColumns = sql`a.id, a.kind, a.from_status, a.to_status, a.from_value, a.to_value, a.note, a.edited_at, a.deleted_at, a.created_at, a.actor_id, a.actor_name, a.actor_email`;

function toEntry(row: ActivityRow): LeadActivityEntry {
  return {
    id: Number(row.id),
    kind: row.kind,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    fromValue: row.from_value,
    toValue: row.to_value,
    note: row.note,
    delivery: row.delivery,
    editedAt: row.edited_at ? toDate(row.edited_at) : null,
    deletedAt: row.deleted_at ? toDate(row.deleted_at) : null,
    createdAt: toDate(row.created_at),
    actor: { id: row.actor_id, name: row.actor_name, email: row.actor_email },
  };
}

/** Adds one entry to a lead's history, or nothing when the lead does not exist. */
export async function recordActivity(
  db: Executor,
  entry: {
    leadId: string;
    actor: LeadActor;
    kind: LeadActivityKind;
    fromStatus?: LeadStatus;
    toStatus?: LeadStatus;
    fromValue?: string | null;
    toValue?: string | null;
    note?: string;
    outboxId?: number;
  },
): Promise<LeadActivityEntry | null> {
  const [row] = await queryRows<ActivityRow>(
    db,
    sql`
    insert into lead_activity as a (lead_id, actor_id, actor_name, actor_email, kind,
      from_status, to_status, from_value, to_value, note, outbox_id)
    select l.id, ${entry.actor.id}::uuid, ${entry.actor.name}, ${entry.actor.email}, ${entry.kind},
      ${entry.fromStatus ?? null}, ${entry.toStatus ?? null}, ${entry.fromValue ?? null},
      ${entry.toValue ?? null}, ${entry.note ?? null}, ${entry.outboxId ?? null}
    from leads l where l.id = ${entry.leadId}::uuid
    returning ${activityColumns}, null::text as delivery`,
  );
  return row ? toEntry(row) : null;
}

/** Said when a lead is made Won without a deal value: it would add nothing to what was won. */
export const askForWonValue = "Add its deal value, so it counts in what was won.";

export type ChangeStatusResult =
  | { outcome: "changed"; from: LeadStatus; to: LeadStatus }
  | { outcome: "unchanged" }
  | { outcome: "not-found" };

/**
 * Moves a lead to `status` and records who did it; setting the status it already has
 * changes and records nothing. The row lock makes two people changing it at once record
 * two consistent steps (a→b, then b→c), never two entries from the same `from`.
 */
export async function changeStatus(
  db: Db,
  input: { leadId: string; actor: LeadActor; status: LeadStatus },
): Promise<ChangeStatusResult> {
  // Callers pass parsed input; a value outside the list is a bug, not a visitor's mistake.
  if (!leadStatuses.includes(input.status)) {
    throw new TypeError(`Unknown lead status ${JSON.stringify(input.status)}`);
  }
  if (!isLeadId(input.leadId)) return { outcome: "not-found" };
  return db.transaction(async (tx) => {
    const [current] = await queryRows<{ status: LeadStatus }>(
      tx,
      sql`select status from leads where id = ${input.leadId}::uuid for update`,
    );
    if (!current) return { outcome: "not-found" } as const;
    if (current.status === input.status) return { outcome: "unchanged" } as const;
    await tx.execute(
      sql`update leads set status = ${input.status} where id = ${input.leadId}::uuid`,
    );
    await recordActivity(tx, {
      leadId: input.leadId,
      actor: input.actor,
      kind: "status",
      fromStatus: current.status,
      toStatus: input.status,
    });
    return { outcome: "changed", from: current.status, to: input.status } as const;
  });
}

/**
 * A lead marked as spam, with the status it had before (so "Undo" can put it back), or
 * null when the id is not a lead or the lead is not spam any more.
 */
export async function spamWithUndo(
  db: Db,
  leadId: string,
): Promise<{ id: string; name: string; was: LeadStatus } | null> {
  if (!isLeadId(leadId)) return null;
  const [row] = await queryRows<{ id: string; name: string; was: LeadStatus | null }>(
    db,
    sql`
    select l.id, l.name, (
      select a.from_status from lead_activity a
      where a.lead_id = l.id and a.kind = 'status' and a.to_status = 'spam'
      order by a.created_at desc, a.id desc limit 1
    ) as was
    from leads l where l.id = ${leadId}::uuid and l.status = 'spam'`,
  );
  // Spam from before the history was kept goes back to New.
  return row ? { id: row.id, name: row.name, was: row.was ?? "new" } : null;
}

/**
 * After "Mark as spam" the next page (this one, or the list) names the lead that went and
 * offers to undo it (`?spammed=<id>`), for as long as the lead is still spam.
 */
export async function spammedNotice(db: Db, params: URLSearchParams, filter: LeadFilter) {
  const id = params.get("spammed");
  const spam = id ? await spamWithUndo(db, id) : null;
  return spam ? { name: spam.name || "(no name)", undo: leadPath(spam.id, filter) } : null;
}

export type AddNoteResult =
  | { outcome: "added"; entry: LeadActivityEntry }
  | { outcome: "invalid"; problem: string }
  | { outcome: "not-found" };

/** Adds a note to a lead's history; an empty or over-long note is refused with the reason. */
export async function addNote(
  db: Db,
  input: { leadId: string; actor: LeadActor; text: string },
): Promise<AddNoteResult> {
  const note = noteSchema.safeParse(input.text);
  if (!note.success) {
    return { outcome: "invalid", problem: note.error.issues[0]?.message ?? "Invalid note." };
  }
  if (!isLeadId(input.leadId)) return { outcome: "not-found" };
  const entry = await recordActivity(db, {
    leadId: input.leadId,
    actor: input.actor,
    kind: "note",
    note: note.data,
  });
  return entry ? { outcome: "added", entry } : { outcome: "not-found" };
}

/** A lead's history, oldest first (an unknown or malformed id has none). */
export async function listActivity(db: Db, leadId: string): Promise<LeadActivityEntry[]> {
  if (!isLeadId(leadId)) return [];
  const rows = await queryRows<ActivityRow>(
    db,
    sql`
    select ${activityColumns}, ${outboxStatusOf(sql`a.outbox_id`)} as delivery
    from lead_activity a
    where a.lead_id = ${leadId}::uuid
    order by a.created_at, a.id`,
  );
  return rows.map(toEntry);
}

export type ChangeNoteResult =
  | { outcome: "changed" }
  | { outcome: "invalid"; problem: string }
  | { outcome: "not-yours" }
  | { outcome: "not-found" };

/**
 * Changes (`text`) or deletes (null) a note, for its author only. The history keeps that it
 * happened: an edited note says so, a deleted one becomes "deleted a note" without its text.
 */
export async function changeNote(
  db: Db,
  input: { leadId: string; noteId: number; actor: LeadActor; text: string | null },
): Promise<ChangeNoteResult> {
  let text: string | null = null;
  if (input.text !== null) {
    const note = noteSchema.safeParse(input.text);
    if (!note.success) {
      return { outcome: "invalid", problem: note.error.issues[0]?.message ?? "Invalid note." };
    }
    text = note.data;
  }
  if (!isLeadId(input.leadId) || !Number.isSafeInteger(input.noteId)) {
    return { outcome: "not-found" };
  }
  const [note] = await queryRows<{ actor_id: string | null }>(
    db,
    sql`
    select actor_id from lead_activity
    where id = ${input.noteId} and lead_id = ${input.leadId}::uuid
      and kind = 'note' and deleted_at is null`,
  );
  if (!note) return { outcome: "not-found" };
  if (note.actor_id !== input.actor.id) return { outcome: "not-yours" };
  await db.execute(
    text === null
      ? sql`update lead_activity set note = null, deleted_at = now() where id = ${input.noteId}`
      : sql`update lead_activity set note = ${text}, edited_at = now() where id = ${input.noteId}`,
  );
  return { outcome: "changed" };
}
