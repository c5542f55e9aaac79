import type { ParsedMail } from "mailparser";
import { test as base, expect } from "./fixtures.ts";
import { startReceiver, type TestReceiver } from "./receiver.ts";
import { freePort, type SpawnedServer, startBuiltServer } from "./server.ts";
import { startTestSmtp, type TestSmtp } from "./smtp.ts";

export type LeadSite = {
  /** http://localhost:PORT, the server's SITE_URL. */
  url: string;
  smtp: TestSmtp;
  /** Plays the CRM at LEAD_WEBHOOK_URL. */
  webhook: TestReceiver;
  /** LEAD_WEBHOOK_SECRET, to verify what the receiver got. */
  webhookSecret: string;
  /** The team's email about the lead sent by `name`, waiting for it. */
  mailFrom(name: string): Promise<ParsedMail>;
};

/**
 * A production server of its own for lead journeys, with a loopback SMTP server and a
 * webhook receiver configured as the lead channels, so a journey can read what the team
 * and the CRM got.
 */
async function startLeadSite(): Promise<LeadSite & { close(): Promise<void> }> {
  const smtp = await startTestSmtp();
  const webhook = await startReceiver();
  const webhookSecret = `whsec_${Buffer.alloc(32, 5).toString("base64")}`;
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const server: SpawnedServer = await startBuiltServer({
    PORT: String(port),
    SITE_URL: url,
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: "200",
    CONTACT_MIN_FILL_MS: "0",
    CONTACT_RATE_LIMIT: "1000",
    LEAD_WEBHOOK_URL: `${webhook.url}/hooks/leads`,
    LEAD_WEBHOOK_SECRET: webhookSecret,
  });
  return {
    url,
    smtp,
    webhook,
    webhookSecret,
    async mailFrom(name) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const mail = smtp.messages.find((m) => m.subject === `New contact message from ${name}`);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`No email about ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      await server.stop();
      await webhook.close();
      await smtp.close();
    },
  };
}

/** Lead journeys: one server per worker, shared by the worker's tests. */
export const test = base.extend<object, { leadSite: LeadSite }>({
  leadSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's arguments.
    async ({}, use) => {
      const site = await startLeadSite();
      await use(site);
      await site.close();
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

export { expect };
