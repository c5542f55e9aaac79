import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formToken, postContact } from "../support/contact.ts";
import { createTestDatabase, type TestDatabase } from "../support/db.ts";
import { startReceiver, type TestReceiver } from "../support/receiver.ts";
import { type SpawnedServer, startBuiltServer } from "../support/server.ts";
import { startTestSmtp, type TestSmtp } from "../support/smtp.ts";
import { downUntilUp } from "../support/tcp-proxy.ts";

const secret = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;

async function until(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const leadIds = (receiver: TestReceiver, pick: (request: { json: unknown }) => string) =>
  receiver.accepted.map(pick);

describe.runIf(process.env.TEST_DATABASE_URL)("two server copies with every lead channel", () => {
  let handle: TestDatabase;
  let smtp: TestSmtp;
  const channels = ["webhook", "slack", "hubspot"] as const;
  const receivers: Partial<Record<(typeof channels)[number], TestReceiver>> = {};
  // The receivers start down: their addresses drop every connection until the test says.
  const ports = { webhook: 0, slack: 0, hubspot: 0 };
  const fronts: Awaited<ReturnType<typeof downUntilUp>>[] = [];
  const copies: SpawnedServer[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase("postgres");
    smtp = await startTestSmtp();
    for (const name of channels) {
      const receiver = await startReceiver();
      const front = await downUntilUp(receiver.port);
      receivers[name] = receiver;
      fronts.push(front);
      ports[name] = front.port;
    }
    const env = {
      DATABASE_URL: handle.url ?? "",
      SMTP_URL: smtp.url,
      SITE_URL: "https://northstory.example",
      MAIL_POLL_MS: "100",
      MAIL_RETRY_BASE_MS: "200",
      MAIL_RETRY_MAX_MS: "800",
      CONTACT_MIN_FILL_MS: "0",
      CONTACT_RATE_LIMIT: "100",
      LEAD_WEBHOOK_URL: `http://127.0.0.1:${ports.webhook}/hooks/leads`,
      LEAD_WEBHOOK_SECRET: secret,
      SLACK_WEBHOOK_URL: `http://127.0.0.1:${ports.slack}/services/T0/B0/x`,
      HUBSPOT_PORTAL_ID: "1234567",
      HUBSPOT_FORM_ID: "0a1b2c3d-0000-4000-8000-0123456789ab",
      HUBSPOT_API_URL: `http://127.0.0.1:${ports.hubspot}`,
    };
    copies.push(...(await Promise.all([startBuiltServer(env), startBuiltServer(env)])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(copies.map((copy) => copy.stop()));
    await Promise.all(fronts.map((front) => front.close()));
    await Promise.all(Object.values(receivers).map((receiver) => receiver?.close()));
    await smtp?.close();
    await handle?.drop();
  });

  test("with the receivers down, visitors still get their answer and the email; back up, each receiver gets every lead once", async () => {
    const names = Array.from({ length: 6 }, (_, index) => `Channel Lead ${index}`);
    for (const [index, name] of names.entries()) {
      const copy = copies[index % 2];
      if (!copy) throw new Error("no copy");
      const answer = await postContact(copy.url, {
        name,
        email: `lead${index}@acme-${index}.example`,
        token: await formToken(copy.url),
        page: "/contact?from=pricing-full-service",
      });
      expect(answer.status).toBe(200);
    }
    await smtp.waitFor(names.length);

    // A while down: every copy keeps trying and backing off.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const front of fronts) front.comeUp();
    const { webhook, slack, hubspot } = receivers;
    if (!webhook || !slack || !hubspot) throw new Error("receivers not started");
    await Promise.all([webhook.waitFor(6), slack.waitFor(6), hubspot.waitFor(6)]);
    // Time for a second copy to send anything twice, if it would.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const webhookLeads = leadIds(
      webhook,
      ({ json }) => (json as { data: { name: string } }).data.name,
    );
    expect(webhookLeads.toSorted()).toEqual(names);
    for (const request of webhook.accepted) {
      expect(() =>
        new Webhook(secret).verify(request.body, request.headers as Record<string, string>),
      ).not.toThrow();
    }
    expect(leadIds(slack, ({ json }) => (json as { text: string }).text).toSorted()).toEqual(
      names.map((name, index) => `New lead: ${name} (acme-${index}.example)`),
    );
    const hubspotEmails = leadIds(hubspot, ({ json }) =>
      String(
        (json as { fields: { name: string; value: string }[] }).fields.find(
          (field) => field.name === "email",
        )?.value,
      ),
    );
    expect(hubspotEmails.toSorted()).toEqual(
      names.map((_, index) => `lead${index}@acme-${index}.example`),
    );
    expect(smtp.messages).toHaveLength(names.length);

    const ready = (await (await fetch(`${copies[0]?.url}/readyz`)).json()) as {
      mail: { queued: number; channels: Record<string, { queued: number; failed: number }> };
    };
    expect(ready.mail.queued).toBe(0);
    expect(Object.keys(ready.mail.channels).toSorted()).toEqual([
      "email",
      "hubspot",
      "slack",
      "webhook",
    ]);
  }, 90_000);

  test("a webhook receiver that hangs does not hold the visitor's answer, the email or Slack", async () => {
    const { webhook, slack } = receivers;
    if (!webhook || !slack) throw new Error("receivers not started");
    webhook.setMode({ answer: "hang" });
    try {
      const before = {
        webhook: webhook.arrived.length,
        slack: slack.accepted.length,
        mail: smtp.messages.length,
      };
      const copy = copies[0];
      if (!copy) throw new Error("no copy");
      const answer = await postContact(copy.url, {
        name: "Patient Visitor",
        token: await formToken(copy.url),
      });
      expect(answer.status).toBe(200);
      await until(() => webhook.arrived.length > before.webhook, 5_000, "the webhook call");
      await until(() => smtp.messages.length > before.mail, 5_000, "the email");
      await until(() => slack.accepted.length > before.slack, 5_000, "the Slack post");
      // All of that while the receiver still holds the webhook call without answering.
      expect(webhook.accepted.some((request) => request.body.includes("Patient Visitor"))).toBe(
        false,
      );
    } finally {
      webhook.setMode({ answer: "ok" });
    }
    await until(
      () => webhook.accepted.some((request) => request.body.includes("Patient Visitor")),
      30_000,
      "the webhook retried after its timeout",
    );
  }, 60_000);
});
