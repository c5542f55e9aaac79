import type { ParsedMail } from "mailparser";
import { test as base, expect } from "./fixtures.ts";
import { journeySetting, MailFolder, webhookDeliveries } from "./inbox-e2e.ts";
import type { ReceivedRequest } from "./receiver.ts";

export type LeadSite = {
  /** http://localhost:PORT, the server's SITE_URL. */
  url: string;
  /** Plays the CRM at LEAD_WEBHOOK_URL. */
  webhook: {
    /** The deliveries it accepted so far, in arrival order (every journey's leads). */
    accepted(): ReceivedRequest[];
  };
  /** LEAD_WEBHOOK_SECRET, to verify what the receiver got. */
  webhookSecret: string;
  /** The team's email about the lead sent by `name`, waiting for it. */
  mailFrom(name: string): Promise<ParsedMail>;
};

/**
 * The journey server (tests/support/playwright-global-setup.ts) seen from the lead
 * channels: what the team's mailbox and the CRM's webhook received. Every journey's leads
 * arrive there; each journey sends under a name of its own and looks only for that.
 */
function leadSiteFromEnvironment(): LeadSite {
  const mail = new MailFolder(journeySetting("E2E_MAIL_DIR"));
  const webhookDir = journeySetting("E2E_WEBHOOK_DIR");
  return {
    url: journeySetting("E2E_BASE_URL"),
    webhook: { accepted: () => webhookDeliveries(webhookDir) },
    webhookSecret: journeySetting("E2E_WEBHOOK_SECRET"),
    mailFrom: (name) =>
      mail.waitFor(
        (message) => message.mail.subject === `New contact message from ${name}`,
        `about ${name}`,
      ),
  };
}

let shared: LeadSite | undefined;

/**
 * Lead journeys: the journey server's lead channels, read once per worker. A test fixture,
 * not a worker one: a worker fixture of their own would make Playwright run these journeys
 * in workers of their own, started for them.
 */
export const test = base.extend<{ leadSite: LeadSite }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's arguments.
  leadSite: async ({}, use) => {
    shared ??= leadSiteFromEnvironment();
    await use(shared);
  },
});

export { expect };
