import type { StoredLead } from "#app/.server/mail/lead-email.ts";
import type { LeadChannelHandler } from "#app/.server/mail/outbox.ts";
import { contactCopy } from "#app/content/contact.ts";
import { postJson } from "./http.ts";

/** "Dana Whitfield" → Dana / Whitfield; a single word is a first name. */
function splitName(name: string): { firstname: string; lastname?: string } {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return rest.length > 0 ? { firstname: first, lastname: rest.join(" ") } : { firstname: first };
}

/**
 * A submission for HubSpot's Forms API (v3, "submit data to a form"): the contact fields
 * the form must have (email, firstname, lastname, message), the page it was sent from, and
 * the notice the visitor saw under our form as the consent to process.
 */
export function hubspotSubmission(lead: StoredLead, siteUrl: string) {
  const contact = (name: string, value: string) => ({ objectTypeId: "0-1", name, value });
  const { firstname, lastname } = splitName(lead.name);
  return {
    submittedAt: String(lead.createdAt.getTime()),
    fields: [
      contact("email", lead.email),
      contact("firstname", firstname),
      ...(lastname ? [contact("lastname", lastname)] : []),
      contact("message", lead.message),
    ],
    context: {
      pageUri: `${siteUrl}${lead.formPage ?? "/contact"}`,
      pageName: contactCopy.meta.title,
    },
    legalConsentOptions: {
      consent: { consentToProcess: true, text: contactCopy.consentNotice },
    },
  };
}

/**
 * Submits each lead to a HubSpot form. The address is built from configuration only
 * (HUBSPOT_API_URL, the portal number and the form id, all checked at start-up).
 */
export function hubspotChannel(options: {
  apiUrl: string;
  portalId: string;
  formId: string;
  siteUrl: string;
}): LeadChannelHandler {
  const url = `${options.apiUrl}/submissions/v3/integration/submit/${options.portalId}/${options.formId}`;
  return async ({ lead }) => {
    await postJson(url, JSON.stringify(hubspotSubmission(lead, options.siteUrl)));
  };
}
