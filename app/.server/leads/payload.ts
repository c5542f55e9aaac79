import type { StoredMessage } from "#app/.server/mail/contact-email.ts";

/** Where the back office shows a lead. */
export function leadUrl(siteUrl: string, id: string): string {
  return `${siteUrl}/admin/leads/${encodeURIComponent(id)}`;
}

/** A lead as the integrations receive it: the message, when, where from, and its page. */
export function leadData(message: StoredMessage, siteUrl: string) {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    message: message.message,
    receivedAt: message.createdAt.toISOString(),
    source: {
      formPage: message.formPage ?? null,
      cta: message.cta ?? null,
      lastTouch: message.lastTouch ?? null,
      firstTouch: message.firstTouch ?? null,
    },
    url: leadUrl(siteUrl, message.id),
  };
}
