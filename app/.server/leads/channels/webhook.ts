import { Webhook } from "standardwebhooks";
import { leadData } from "#app/.server/leads/payload.ts";
import type { LeadChannelHandler } from "#app/.server/mail/outbox.ts";
import { postJson } from "./http.ts";

/**
 * Posts each lead to LEAD_WEBHOOK_URL as a `lead.created` event signed the Standard
 * Webhooks way (webhook-id, webhook-timestamp, webhook-signature), so any receiver can
 * check it with the standard's libraries. The id is the same on every retry, so a receiver
 * that saw it already can drop the repeat; the timestamp is the attempt's, as the standard
 * wants (receivers refuse old ones). The body is the same on every attempt.
 */
export function webhookChannel(options: {
  url: string;
  secret: string;
  siteUrl: string;
}): LeadChannelHandler {
  const signer = new Webhook(options.secret);
  return async ({ lead }) => {
    const id = `lead_${lead.id}`;
    const body = JSON.stringify({
      type: "lead.created",
      timestamp: lead.createdAt.toISOString(),
      data: leadData(lead, options.siteUrl),
    });
    const now = new Date();
    await postJson(options.url, body, {
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": signer.sign(id, now, body),
    });
  };
}
