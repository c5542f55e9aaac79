// Answering a lead from its page: the reply is stored in the outbox (so it is never lost and
// a failing mail server is retried), written into the lead's history, and a first reply
// moves a new lead to Contacted.
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { type LeadActor, recordActivity, typedTextSchema } from "#app/.server/leads/activity.ts";
import { isLeadId, toDate } from "#app/.server/leads/rows.ts";
import { enqueueEmail } from "#app/.server/mail/outbox.ts";
import { site } from "#app/content/site.ts";
import { formatDate } from "#app/lib/format-date.ts";
import { messageGist } from "#app/lib/lead-summary.ts";
import type { LeadStatus } from "#app/lib/leads.ts";

export const replyMaxLength = 10_000;

/** A reply as typed (the same rules as a note's text). */
export const replyTextSchema = typedTextSchema(replyMaxLength, {
  empty: "Write the reply before sending it.",
  tooLong: `A reply must be ${replyMaxLength.toLocaleString("en-US")} characters or fewer.`,
});

export const replySubjectMaxLength = 200;

/**
 * A subject as typed: on one line (a line break or other control character could start a
 * header of its own), spaces collapsed, not empty, at most 200 characters.
 */
export const replySubjectSchema = z
  .string()
  .transform((value) => value.replace(/[\u0000-\u001F\u007F]+/g, " ").replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .trim()
      .min(1, "Write a subject, or keep the one suggested.")
      .max(
        replySubjectMaxLength,
        `A subject must be ${replySubjectMaxLength} characters or fewer.`,
      ),
  );

/**
 * "Re: " and the start of what the lead wrote, cut at a word: the thread reads as theirs.
 * A lead added by hand wrote nothing through the site: the team writes first.
 */
export function replySubject(message: string): string {
  if (!message.trim()) return `Following up from ${site.name}`;
  const gist = messageGist(message, 60);
  return `Re: ${gist || `Your message to ${site.name}`}`;
}

/**
 * The reply, then the lead's own message quoted below it, as email clients do (nothing
 * below it for a lead added by hand, whose conversation the site never saw).
 */
export function replyBody(
  reply: string,
  lead: { name: string; message: string; createdAt: Date },
): string {
  if (!lead.message.trim()) return `${reply}\n`;
  const quoted = lead.message
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
  const who = lead.name || "You";
  return `${reply}\n\nOn ${formatDate(lead.createdAt.toISOString())}, ${who} wrote:\n${quoted}\n`;
}

export type SendReplyResult =
  | { outcome: "queued"; outboxId: number; contacted: boolean }
  | { outcome: "invalid"; field: "reply" | "subject"; problem: string }
  | { outcome: "not-found" };

/**
 * Queues a reply to a lead from `actor` (sent in their name from MAIL_FROM, answered to
 * their address) and records it in the lead's history. The email, the history entry and a
 * first reply's New → Contacted move commit together: a reply is never sent unless it is
 * stored. Call the app's kickMail() afterwards to send it now.
 */
export async function sendReply(
  db: Db,
  /** `subject` as the salesperson left it; without one, replySubject's suggestion. */
  input: { leadId: string; actor: LeadActor; text: string; subject?: string },
): Promise<SendReplyResult> {
  const text = replyTextSchema.safeParse(input.text);
  if (!text.success) {
    return {
      outcome: "invalid",
      field: "reply",
      problem: text.error.issues[0]?.message ?? "Invalid reply.",
    };
  }
  const subject = input.subject === undefined ? null : replySubjectSchema.safeParse(input.subject);
  if (subject && !subject.success) {
    return {
      outcome: "invalid",
      field: "subject",
      problem: subject.error.issues[0]?.message ?? "Invalid subject.",
    };
  }
  if (!isLeadId(input.leadId)) return { outcome: "not-found" };
  return db.transaction(async (tx) => {
    const [lead] = await queryRows<{
      id: string;
      name: string;
      email: string;
      message: string;
      status: LeadStatus;
      created_at: Date | string;
    }>(
      tx,
      sql`
      select id, name, email, message, status, created_at from leads
      where id = ${input.leadId}::uuid for update`,
    );
    if (!lead) return { outcome: "not-found" } as const;
    const sender = input.actor.name || input.actor.email;
    const outboxId = await enqueueEmail(tx, {
      kind: "reply",
      to: lead.email,
      subject: subject?.data ?? replySubject(lead.message),
      text: replyBody(text.data, {
        name: lead.name,
        message: lead.message,
        createdAt: toDate(lead.created_at),
      }),
      fromName: `${sender} at ${site.name}`,
      replyTo: input.actor.email,
      leadId: lead.id,
    });
    await recordActivity(tx, {
      leadId: lead.id,
      actor: input.actor,
      kind: "reply",
      note: text.data,
      outboxId,
    });
    const contacted = lead.status === "new";
    if (contacted) {
      await tx.execute(sql`update leads set status = 'contacted' where id = ${lead.id}::uuid`);
      await recordActivity(tx, {
        leadId: lead.id,
        actor: input.actor,
        kind: "status",
        fromStatus: "new",
        toStatus: "contacted",
      });
    }
    return { outcome: "queued", outboxId, contacted } as const;
  });
}
