import type { SendMailOptions } from "nodemailer";
import type { NoticePayload } from "#app/.server/db/schema.ts";
import { singleLine } from "#app/.server/mail/lead-email.ts";

/**
 * A standalone email (sign-in link, invitation, a reply to a lead) as stored by
 * enqueueEmail. The Message-ID comes from the outbox id, so a rare second delivery is
 * recognisable as the same email; a reply's also names its lead, so that the copy written
 * to disk without SMTP is erased with the lead.
 */
export function buildNoticeEmail(
  notice: { outboxId: number; kind: string; payload: NoticePayload },
  options: { from: string },
): SendMailOptions {
  const { payload } = notice;
  const domain = options.from.split("@")[1] ?? "localhost";
  const written = Boolean(payload.replyTo);
  return {
    from: {
      name: singleLine(payload.fromName ?? "Northstory website", 100),
      address: options.from,
    },
    ...(payload.replyTo ? { replyTo: payload.replyTo } : {}),
    to: payload.to,
    subject: singleLine(payload.subject, 150),
    messageId: payload.leadId
      ? `<${notice.kind}-${notice.outboxId}-${payload.leadId}@${domain}>`
      : `<notice-${notice.outboxId}@${domain}>`,
    // An automatic email tells mail servers and out-of-office robots that nobody typed it
    // (no auto-replies); one a person wrote is answered like any other.
    headers: written
      ? { "X-Northstory-Kind": notice.kind }
      : { "Auto-Submitted": "auto-generated", "X-Northstory-Kind": notice.kind },
    text: payload.text,
    ...(payload.html ? { html: payload.html } : {}),
  };
}
