import { type SQL, sql } from "drizzle-orm";

/**
 * The id of a lead's notification email in mail_outbox. Today a message has exactly one
 * entry; once the outbox holds entries for other channels too, this is the one place that
 * picks the email one, and every leads query (list, detail, CSV, resend) goes through it.
 */
export function emailOutboxId(messageId: SQL): SQL {
  return sql`(select id from mail_outbox where message_id = ${messageId} order by id limit 1)`;
}

/** Joins that entry as `o` onto `m` (contact_messages); a lead never shows twice. */
export const emailOutboxJoin = sql`left join mail_outbox o on o.id = ${emailOutboxId(sql`m.id`)}`;
