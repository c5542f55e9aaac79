import { leadUrl } from "#app/.server/leads/payload.ts";
import type { StoredLead } from "#app/.server/mail/lead-email.ts";
import type { LeadChannelHandler } from "#app/.server/mail/outbox.ts";
import { describeLeadSource } from "#app/lib/describe-lead-source.ts";
import { postJson } from "./http.ts";

/** Slack's own escaping for text it formats: & < > (which would otherwise make links or mentions). */
const escapeForSlack = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The first lines of a message, enough to judge it in a channel. */
function excerpt(message: string, lines = 4, chars = 400): string {
  const start = message.split("\n").filter(Boolean).slice(0, lines).join("\n");
  return start.length > chars ? `${start.slice(0, chars - 1)}…` : start;
}

/**
 * The announcement: the visitor's name and company domain (not the full address: the
 * channel may be wider than the sales team), the message's first lines, the source, and a
 * link to the lead in the back office. Visitor text goes in plain_text fields, so nothing
 * a visitor types is read as formatting, a link or a mention.
 */
export function slackMessage(lead: StoredLead, siteUrl: string) {
  const domain = lead.email.split("@").pop() ?? "";
  const name = lead.name.slice(0, 150);
  const source = describeLeadSource(lead)
    .map(({ label, value }) => `*${label}:* ${escapeForSlack(value)}`)
    .join("\n")
    .slice(0, 2_900);
  return {
    text: `New lead: ${escapeForSlack(name)} (${escapeForSlack(domain)})`,
    blocks: [
      {
        type: "header",
        text: { type: "plain_text", text: `New lead: ${name} (${domain})`.slice(0, 150) },
      },
      { type: "section", text: { type: "plain_text", text: excerpt(lead.message) || "…" } },
      { type: "section", text: { type: "mrkdwn", text: source } },
      {
        type: "actions",
        elements: [
          {
            type: "button",
            text: { type: "plain_text", text: "Open the lead" },
            url: leadUrl(siteUrl, lead.id),
          },
        ],
      },
    ],
  };
}

/** Announces each lead through a Slack incoming webhook (SLACK_WEBHOOK_URL). */
export function slackChannel(options: { url: string; siteUrl: string }): LeadChannelHandler {
  return async ({ lead }) => {
    await postJson(options.url, JSON.stringify(slackMessage(lead, options.siteUrl)));
  };
}
