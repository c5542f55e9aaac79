import type { SendMailOptions } from "nodemailer";
import { describeLeadSource } from "#app/lib/describe-lead-source.ts";
import type { LeadSource } from "#app/lib/lead-source.ts";

/** A lead as its deliveries need it (a row of `leads`, or the part of one they read). */
export type StoredLead = {
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
 * The email the team receives about a lead. Reply-To is the visitor's validated address;
 * the Message-ID comes from the lead's id, so a rare second delivery is recognisable. The
 * subject ("New contact message from …"), the Message-ID's `contact-` prefix and the
 * X-Northstory-Message-Id header keep the words the team's mail rules may match on.
 */
export function buildLeadEmail(
  lead: StoredLead,
  options: { from: string; to: string },
): SendMailOptions {
  const name = singleLine(lead.name) || "a visitor";
  const email = singleLine(lead.email, 254);
  const domain = options.from.split("@")[1] ?? "localhost";
  return {
    from: { name: "Northstory website", address: options.from },
    to: options.to,
    replyTo: { name, address: email },
    subject: singleLine(`New contact message from ${name}`, 150),
    messageId: `<contact-${lead.id}@${domain}>`,
    date: lead.createdAt,
    headers: { "X-Northstory-Message-Id": lead.id },
    text: [
      `Name: ${name}`,
      `Email: ${email}`,
      `Received: ${lead.createdAt.toISOString()}`,
      "",
      "Message:",
      lead.message,
      "",
      "Source:",
      ...describeLeadSource(lead).map(
        ({ label, value }) => `  ${label}: ${singleLine(value, 600)}`,
      ),
      "",
      "Reply to this email to answer the visitor directly.",
    ].join("\n"),
  };
}
