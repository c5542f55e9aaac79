import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { type LeadChannel, mailOutbox, type OutboxChannel } from "#app/.server/db/schema.ts";
import { FOLLOW_UPS_KIND } from "#app/.server/mail/outbox.ts";
import type { DeliveryState } from "#app/lib/leads.ts";

// The outbox's table (mail_outbox) as the rest of the code sees it: queueing a lead's
// deliveries, a lead's email delivery in the inbox's queries, resending, the leads
// command's lists and retries, a person's export. Only the mail folder reads or writes the
// table: this module, the worker (outbox.ts) and the backlog (backlog.ts).

/** One outbox row as the leads command prints it. */
export type DeliveryRow = {
  id: string;
  lead_id: string | null;
  channel: string;
  kind: string | null;
  recipient: string | null;
  subject: string | null;
  created_at: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
};

const deliveryColumns = sql`
  o.id::text as id, o.lead_id, o.channel, o.kind, o.payload->>'to' as recipient,
  o.payload->>'subject' as subject, o.created_at::text as created_at, o.status, o.attempts,
  o.last_error, o.sent_at::text as sent_at`;

/** One row per channel for a lead just stored, in the same transaction. */
export async function queueLeadDeliveries(
  tx: Pick<Db, "insert">,
  leadId: string,
  channels: readonly LeadChannel[],
): Promise<void> {
  await tx.insert(mailOutbox).values(channels.map((channel) => ({ leadId, channel })));
}

// A lead has one outbox row per channel (unique on lead and channel); the inbox's
// delivery state, its filter, the CSV and "resend" are all about the email one.

/** The id of a lead's notification email row. */
function leadEmailId(leadId: SQL): SQL {
  return sql`(select id from mail_outbox where lead_id = ${leadId} and channel = 'email')`;
}

/** Joins a lead's email delivery as `o` onto `l` (leads); a lead never shows twice. */
export const leadEmailJoin = sql`left join mail_outbox o on o.lead_id = l.id and o.channel = 'email'`;

/** The delivery state of the outbox row `id` (an SQL expression), or null without one. */
export function outboxStatusOf(id: SQL): SQL {
  return sql`(select o.status from mail_outbox o where o.id = ${id})`;
}

/** Leads whose notification email was given up on (the inbox's "Failed" delivery filter). */
export async function countFailedLeadEmails(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from mail_outbox where channel = 'email' and status = 'failed'`,
  );
  return row?.n ?? 0;
}

/**
 * Deletes the replies sent to the leads `where` selects (on `l`, leads): they
 * hold the lead's address and words, and go when the lead is erased. Run before the leads
 * themselves are deleted (their history says which outbox rows are replies).
 */
export async function deleteRepliesTo(tx: Pick<Db, "execute">, where: SQL): Promise<void> {
  await tx.execute(sql`
    delete from mail_outbox where id in (
      select a.outbox_id from lead_activity a join leads l on l.id = a.lead_id
      where a.outbox_id is not null and ${where})`);
}

/**
 * Queues a lead's notification email again (pending, due now, attempts from zero) and says
 * how it stood before; null when the lead has no email delivery. Within `tx`, under a lock
 * on the row, so two resends never race.
 */
export async function requeueLeadEmail(tx: Db, leadId: string): Promise<DeliveryState | null> {
  const row = leadEmailId(sql`${leadId}::uuid`);
  const [previous] = await queryRows<{ status: DeliveryState }>(
    tx,
    sql`select status from mail_outbox where id = ${row} for update`,
  );
  if (!previous) return null;
  await tx.execute(sql`
    update mail_outbox
    set status = 'pending', attempts = 0, next_attempt_at = now(), last_error = null, sent_at = null
    where id = ${row}`);
  return previous.status;
}

/** A lead's deliveries as a JSON array (for a person's export), `l` being leads. */
export const leadDeliveriesJson = sql`coalesce((
  select jsonb_agg(to_jsonb(o) - 'lead_id' order by o.id)
  from mail_outbox o where o.lead_id = l.id
), '[]'::jsonb)`;

export type DeliveryFilter = { status: string | null; channel: string | null };

const matching = ({ status, channel }: DeliveryFilter) =>
  sql`(${status}::text is null or o.status = ${status})
    and (${channel}::text is null or o.channel = ${channel})`;

/** Whether lead `l` has a delivery matching the filter (every lead, when it is empty). */
export function leadHasDelivery(filter: DeliveryFilter): SQL {
  return sql`((${filter.status}::text is null and ${filter.channel}::text is null)
    or exists (select 1 from mail_outbox o where o.lead_id = l.id and ${matching(filter)}))`;
}

/** The deliveries of these leads that match the filter, oldest first. */
export async function deliveriesOfLeads(
  db: Db,
  ids: readonly string[],
  filter: DeliveryFilter = { status: null, channel: null },
): Promise<DeliveryRow[]> {
  if (ids.length === 0) return [];
  return queryRows<DeliveryRow>(
    db,
    sql`select ${deliveryColumns} from mail_outbox o
    where o.lead_id::text in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and ${matching(filter)}
    order by o.id`,
  );
}

/** Standalone emails (sign-in links, invitations) matching the filter, newest first. */
export async function listNotices(
  db: Db,
  filter: DeliveryFilter,
  limit: number,
): Promise<DeliveryRow[]> {
  return queryRows<DeliveryRow>(
    db,
    sql`select ${deliveryColumns} from mail_outbox o
    where o.channel = 'notice' and ${matching(filter)}
    order by o.created_at desc limit ${limit}`,
  );
}

export async function findNotice(db: Db, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await queryRows<DeliveryRow>(
    db,
    sql`select ${deliveryColumns} from mail_outbox o where o.id = ${id} and o.channel = 'notice'`,
  );
  return row;
}

/**
 * Queues deliveries again (pending, due now, attempts from zero): every failed one, one
 * entry by its number, or a lead's unsent ones; on one channel or all. Returns the
 * channel of each entry queued.
 */
export async function requeueDeliveries(
  db: Db,
  target: { failed: true } | { entry: number } | { lead: string },
  channel: OutboxChannel | null,
): Promise<{ channel: string }[]> {
  const which =
    "failed" in target
      ? sql`status = 'failed'`
      : "entry" in target
        ? sql`id = ${target.entry} and status <> 'sent'`
        : sql`lead_id::text = ${target.lead} and status <> 'sent'`;
  return queryRows<{ channel: string }>(
    db,
    sql`update mail_outbox set status = 'pending', attempts = 0, next_attempt_at = now(), last_error = null
    where ${which} and (${channel}::text is null or channel = ${channel}) returning channel`,
  );
}

/** `array[...]::text[]` of these ids, for jsonb's `?|`. */
const textArray = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;

/** The morning lists of follow-ups (their outbox ids) that named any of these leads. */
export async function listsNaming(db: Db, leadIds: string[]): Promise<number[]> {
  if (leadIds.length === 0) return [];
  const rows = await queryRows<{ id: number | string }>(
    db,
    sql`select id from mail_outbox where kind = ${FOLLOW_UPS_KIND}
      and payload->'leadIds' ?| ${textArray(leadIds)}`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Deletes the morning lists still waiting to be sent that name any of these leads, and
 * returns whom they were for (a list being sent keeps its lock, and is then no longer waiting).
 */
export async function dropPendingListsNaming(tx: Db, leadIds: string[]): Promise<string[]> {
  if (leadIds.length === 0) return [];
  const rows = await queryRows<{ recipient: string }>(
    tx,
    sql`delete from mail_outbox
      where kind = ${FOLLOW_UPS_KIND} and status = 'pending'
        and payload->'leadIds' ?| ${textArray(leadIds)}
      returning payload->>'to' as recipient`,
  );
  return rows.map((row) => row.recipient);
}
