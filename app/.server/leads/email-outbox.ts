import { type SQL, sql } from "drizzle-orm";

// A lead has one outbox row per channel (unique on message and channel); the inbox's
// delivery state, its filter, the CSV and "resend" are all about the email one.

/** The id of a lead's notification email row in mail_outbox. */
export function emailOutboxId(messageId: SQL): SQL {
  return sql`(select id from mail_outbox where message_id = ${messageId} and channel = 'email')`;
}

/** Joins that row as `o` onto `m` (contact_messages); a lead never shows twice. */
export const emailOutboxJoin = sql`left join mail_outbox o on o.message_id = m.id and o.channel = 'email'`;
