import type { SendMailOptions } from "nodemailer";
import type { NoticePayload } from "#app/.server/db/schema.ts";
import { singleLine } from "#app/.server/mail/contact-email.ts";

/**
 * A standalone email (sign-in link, invitation) as stored by enqueueEmail. The Message-ID
 * comes from the outbox id, so a rare second delivery is recognisable as the same email.
 */
export function buildNoticeEmail(
  notice: { outboxId: number; kind: string; payload: NoticePayload },
  options: { from: string },
): SendMailOptions {
  const domain = options.from.split("@")[1] ?? "localhost";
  return {
    from: { name: "Northstory website", address: options.from },
    to: notice.payload.to,
    subject: singleLine(notice.payload.subject, 150),
    messageId: `<notice-${notice.outboxId}@${domain}>`,
    // Tells mail servers and out-of-office robots that nobody typed this; no auto-replies.
    headers: { "Auto-Submitted": "auto-generated", "X-Northstory-Kind": notice.kind },
    text: notice.payload.text,
    ...(notice.payload.html ? { html: notice.payload.html } : {}),
  };
}
