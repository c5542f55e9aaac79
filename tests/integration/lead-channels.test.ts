import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { saveLead } from "#app/.server/contact/store.ts";
import { queryRows } from "#app/.server/db/client.ts";
import { hubspotChannel } from "#app/.server/leads/channels/hubspot.ts";
import { slackChannel } from "#app/.server/leads/channels/slack.ts";
import { webhookChannel } from "#app/.server/leads/channels/webhook.ts";
import { createLogger } from "#app/.server/log.ts";
import {
  createMailSender,
  deliverDueMail,
  type OutboxOptions,
  type RetryPolicy,
  startOutboxWorker,
} from "#app/.server/mail/outbox.ts";
import { contactCopy } from "#app/content/contact.ts";
import { createTestDatabase, describeEachDriver, type TestDatabase } from "../support/db.ts";
import { startReceiver, type TestReceiver } from "../support/receiver.ts";
import { startTestSmtp, type TestSmtp } from "../support/smtp.ts";
import { waitFor } from "../support/wait-for.ts";

const log = createLogger("silent");
const fastRetry: RetryPolicy = { baseMs: 50, maxMs: 200, giveUpAfterMs: 60_000, leaseMs: 60_000 };
const secret = `whsec_${Buffer.alloc(32, 3).toString("base64")}`;
const siteUrl = "https://northstory.example";
const portalId = "1234567";
const formId = "0a1b2c3d-0000-4000-8000-0123456789ab";
const allChannels = ["email", "webhook", "slack", "hubspot"] as const;

const visit = {
  landing: "/?utm_source=linkedin&utm_campaign=q4",
  referrer: "https://www.linkedin.com",
  utm_source: "linkedin",
  utm_campaign: "q4",
};

describeEachDriver("lead channels on %s", (driver) => {
  let handle: TestDatabase;
  let smtp: TestSmtp;
  let webhook: TestReceiver;
  let slack: TestReceiver;
  let hubspot: TestReceiver;
  let options: OutboxOptions;
  let leads = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(driver);
    smtp = await startTestSmtp();
    webhook = await startReceiver();
    slack = await startReceiver();
    hubspot = await startReceiver();
    options = {
      db: handle.database.db,
      sender: createMailSender({ smtpUrl: smtp.url, dataDir: "/nonexistent" }),
      from: "website@northstory.example",
      to: "team@northstory.example",
      log,
      policy: fastRetry,
      channels: {
        webhook: webhookChannel({ url: `${webhook.url}/hooks/leads`, secret, siteUrl }),
        slack: slackChannel({ url: `${slack.url}/services/T0/B0/x`, siteUrl }),
        hubspot: hubspotChannel({ apiUrl: hubspot.url, portalId, formId, siteUrl }),
      },
    };
  });
  afterEach(() => {
    for (const receiver of [webhook, slack, hubspot]) receiver.setMode({ answer: "ok" });
  });
  afterAll(async () => {
    await Promise.all([webhook, slack, hubspot].map((receiver) => receiver?.close()));
    await smtp?.close();
    await handle?.drop();
  });

  async function storeLead(name: string) {
    leads++;
    const saved = await saveLead(
      handle.database.db,
      {
        name,
        email: `${name.split(" ")[0]?.toLowerCase()}@acme-widgets.example`,
        message:
          "We sell to CFOs.\nWe want a steady LinkedIn presence.\nThird line.\nFourth.\nFifth line stays out.",
        source: {
          formPage: "/contact?from=home-hero",
          cta: "home-hero",
          lastTouch: visit,
          firstTouch: visit,
        },
      },
      {
        idempotencyKey: `lead-${driver}-${leads}`,
        clientIp: "10.2.0.1",
        rateLimitKey: `10.2.0.${leads}`,
        rateLimit: { limit: 10, windowSeconds: 600 },
        channels: allChannels,
      },
    );
    if (saved.status !== "stored") throw new Error("not stored");
    return saved.id;
  }

  const states = async (id: string) =>
    Object.fromEntries(
      (
        await queryRows<{ channel: string; status: string; last_error: string | null }>(
          handle.database.db,
          sql`select channel, status, last_error from mail_outbox where lead_id = ${id}`,
        )
      ).map((row) => [row.channel, row]),
    );

  const forLead = (receiver: TestReceiver, id: string) =>
    receiver.accepted.filter((request) => request.body.includes(id));

  test("a lead reaches each channel once, with a signed webhook, a Slack post and a HubSpot submission", async () => {
    const id = await storeLead("Dana Whitfield");
    // Two copies' workers at the same moment.
    await Promise.all([deliverDueMail(options), deliverDueMail(options)]);
    await deliverDueMail(options);
    expect(Object.values(await states(id)).map((row) => row.status)).toEqual(
      allChannels.map(() => "sent"),
    );
    expect(
      smtp.messages.filter((mail) => mail.headers.get("x-northstory-message-id") === id),
    ).toHaveLength(1);

    const [event] = forLead(webhook, id);
    expect(forLead(webhook, id)).toHaveLength(1);
    expect(event?.path).toBe("/hooks/leads");
    const headers = event?.headers as Record<string, string>;
    expect(headers["webhook-id"]).toBe(`lead_${id}`);
    const verified = new Webhook(secret).verify(event?.body ?? "", headers) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(verified.type).toBe("lead.created");
    expect(verified.data).toMatchObject({
      id,
      name: "Dana Whitfield",
      email: "dana@acme-widgets.example",
      message: expect.stringContaining("We sell to CFOs."),
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      source: { cta: "home-hero", formPage: "/contact?from=home-hero", lastTouch: visit },
      url: `${siteUrl}/admin/leads/${id}`,
    });
    // A body changed on the way does not pass.
    expect(() =>
      new Webhook(secret).verify((event?.body ?? "").replace("Dana", "Mallory"), headers),
    ).toThrow();

    expect(forLead(slack, id)).toHaveLength(1);
    const post = forLead(slack, id)[0]?.json as { text: string; blocks: unknown[] };
    const shown = JSON.stringify(post);
    expect(post.text).toBe("New lead: Dana Whitfield (acme-widgets.example)");
    expect(shown).not.toContain("dana@acme-widgets.example");
    expect(shown).toContain("We sell to CFOs.\\nWe want a steady LinkedIn presence.");
    expect(shown).not.toContain("Fifth line stays out.");
    expect(shown).toContain("*UTM source:* linkedin");
    expect(shown).toContain("*Call to action:* home-hero");
    expect(shown).toContain(`"url":"${siteUrl}/admin/leads/${id}"`);

    const submissions = hubspot.accepted.filter((request) =>
      request.body.includes("dana@acme-widgets.example"),
    );
    expect(submissions).toHaveLength(1);
    expect(submissions[0]?.path).toBe(`/submissions/v3/integration/submit/${portalId}/${formId}`);
    expect(submissions[0]?.json).toMatchObject({
      fields: expect.arrayContaining([
        { objectTypeId: "0-1", name: "email", value: "dana@acme-widgets.example" },
        { objectTypeId: "0-1", name: "firstname", value: "Dana" },
        { objectTypeId: "0-1", name: "lastname", value: "Whitfield" },
        { objectTypeId: "0-1", name: "message", value: expect.stringContaining("CFOs") },
      ]),
      context: { pageUri: `${siteUrl}/contact?from=home-hero`, pageName: "Contact Us" },
      legalConsentOptions: {
        consent: { consentToProcess: true, text: contactCopy.consentNotice },
      },
    });
  });

  test("a receiver answering 500 is retried with the same webhook id, and the other channels go out meanwhile", async () => {
    webhook.setMode({ answer: "status", status: 500 });
    const id = await storeLead("Retry Person");
    await deliverDueMail(options);
    const failing = await states(id);
    expect(failing.webhook).toMatchObject({
      status: "pending",
      last_error: "HTTP 500: receiver says no",
    });
    for (const channel of ["email", "slack", "hubspot"])
      expect(failing[channel]?.status).toBe("sent");
    expect(forLead(webhook, id)).toHaveLength(0);

    webhook.setMode({ answer: "ok" });
    // The next run after its back-off delivers it (one run: a second attempt, not more).
    await waitFor(
      async () => {
        const [row] = await queryRows<{ due: boolean }>(
          handle.database.db,
          sql`select next_attempt_at <= now() as due from mail_outbox
            where lead_id = ${id} and channel = 'webhook'`,
        );
        return row?.due;
      },
      { what: "the webhook entry's retry to be due", seen: () => states(id) },
    );
    await deliverDueMail(options);
    expect((await states(id)).webhook?.status).toBe("sent");
    const attempts = webhook.arrived.filter((request) => request.body.includes(id));
    expect(attempts).toHaveLength(2);
    expect(attempts[1]?.headers["webhook-id"]).toBe(attempts[0]?.headers["webhook-id"]);
    expect(attempts[1]?.body).toBe(attempts[0]?.body);
  });

  test("a receiver that never answers holds back neither the email nor the other channels, and is retried", async () => {
    slack.setMode({ answer: "hang" });
    const worker = startOutboxWorker({ ...options, intervalMs: 100 });
    try {
      const id = await storeLead("Hanging Slack");
      worker.kick();
      await waitFor(
        async () => {
          const now = await states(id);
          return ["email", "webhook", "hubspot"].every(
            (channel) => now[channel]?.status === "sent",
          );
        },
        { what: "the other channels to be delivered", timeoutMs: 5_000, seen: () => states(id) },
      );
      expect(slack.arrived.filter((request) => request.body.includes(id))).toHaveLength(1);
      expect((await states(id)).slack?.status).toBe("pending");

      // Once the call times out (10 s) the entry is retried, and the receiver now answers.
      slack.setMode({ answer: "ok" });
      await waitFor(async () => (await states(id)).slack?.status === "sent", {
        what: "Slack to get the lead",
        timeoutMs: 25_000,
        intervalMs: 100,
        seen: () => states(id),
      });
      expect(forLead(slack, id)).toHaveLength(1);
      expect(slack.arrived.filter((request) => request.body.includes(id))).toHaveLength(2);
    } finally {
      slack.setMode({ answer: "ok" });
      await worker.stop();
    }
  }, 60_000);
});
