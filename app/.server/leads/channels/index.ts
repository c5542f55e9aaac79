import type { LeadChannel } from "#app/.server/db/schema.ts";
import type { Env } from "#app/.server/env.ts";
import type { OutboxOptions } from "#app/.server/mail/outbox.ts";
import { hubspotChannel } from "./hubspot.ts";
import { slackChannel } from "./slack.ts";
import { webhookChannel } from "./webhook.ts";

/** The channels a new lead is delivered on with this configuration: email, then the rest. */
export function configuredLeadChannels(env: Env): LeadChannel[] {
  return [
    "email",
    ...(env.LEAD_WEBHOOK_URL ? (["webhook"] as const) : []),
    ...(env.SLACK_WEBHOOK_URL ? (["slack"] as const) : []),
    ...(env.HUBSPOT_PORTAL_ID ? (["hubspot"] as const) : []),
  ];
}

/** The outbox's handlers for the configured channels beyond email. */
export function leadChannelHandlers(env: Env): NonNullable<OutboxOptions["channels"]> {
  const siteUrl = env.SITE_URL;
  return {
    ...(env.LEAD_WEBHOOK_URL && env.LEAD_WEBHOOK_SECRET
      ? {
          webhook: webhookChannel({
            url: env.LEAD_WEBHOOK_URL,
            secret: env.LEAD_WEBHOOK_SECRET,
            siteUrl,
          }),
        }
      : {}),
    ...(env.SLACK_WEBHOOK_URL
      ? { slack: slackChannel({ url: env.SLACK_WEBHOOK_URL, siteUrl }) }
      : {}),
    ...(env.HUBSPOT_PORTAL_ID && env.HUBSPOT_FORM_ID
      ? {
          hubspot: hubspotChannel({
            apiUrl: env.HUBSPOT_API_URL,
            portalId: env.HUBSPOT_PORTAL_ID,
            formId: env.HUBSPOT_FORM_ID,
            siteUrl,
          }),
        }
      : {}),
  };
}
