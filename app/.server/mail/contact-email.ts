import type { SendMailOptions } from "nodemailer";
import { describeLeadSource } from "#app/lib/describe-lead-source.ts";
import type { LeadSource } from "#app/lib/lead-source.ts";

export type StoredMessage = {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: Date;
} & Partial<LeadSource>;

/** Anything that could end a header line or hide in one becomes a plain space. */
export function singleLine(value: string, maxLength = 200): string {
  return value
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, maxLength);
}

/**
 * The email the team receives. Reply-To is the visitor's validated address; the
 * Message-ID comes from the stored message id, so a rare second delivery is recognisable.
 */
export function buildContactEmail(
  message: StoredMessage,
  options: { from: string; to: string },
): SendMailOptions {
  const name = singleLine(message.name) || "a visitor";
  const email = singleLine(message.email, 254);
  const domain = options.from.split("@")[1] ?? "localhost";
  return {
    from: { name: "Northstory website", address: options.from },
    to: options.to,
    replyTo: { name, address: email },
    subject: singleLine(`New contact message from ${name}`, 150),
    messageId: `<contact-${message.id}@${domain}>`,
    date: message.createdAt,
    headers: { "X-Northstory-Message-Id": message.id },
    text: [
      `Name: ${name}`,
      `Email: ${email}`,
      `Received: ${message.createdAt.toISOString()}`,
      "",
      "Message:",
      message.message,
      "",
      "Source:",
      ...describeLeadSource(message).map(
        ({ label, value }) => `  ${label}: ${singleLine(value, 600)}`,
      ),
      "",
      "Reply to this email to answer the visitor directly.",
    ].join("\n"),
  };
}
