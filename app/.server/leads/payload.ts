import type { StoredLead } from "#app/.server/mail/lead-email.ts";

/** Where the back office shows a lead. */
export function leadUrl(siteUrl: string, id: string): string {
  return `${siteUrl}/admin/leads/${encodeURIComponent(id)}`;
}

/** A lead as the integrations receive it: the message, when, where from, and its page. */
export function leadData(lead: StoredLead, siteUrl: string) {
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    message: lead.message,
    receivedAt: lead.createdAt.toISOString(),
    source: {
      formPage: lead.formPage ?? null,
      cta: lead.cta ?? null,
      lastTouch: lead.lastTouch ?? null,
      firstTouch: lead.firstTouch ?? null,
    },
    url: leadUrl(siteUrl, lead.id),
  };
}
