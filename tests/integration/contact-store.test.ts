import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { pruneRateLimitHits, saveLead } from "#app/.server/contact/store.ts";
import { queryRows } from "#app/.server/db/client.ts";
import { createLogger } from "#app/.server/log.ts";
import { createMailSender, deliverDueMail, type RetryPolicy } from "#app/.server/mail/outbox.ts";
import { describeEachDriver, useTestDatabase } from "../support/db.ts";
import { startDownSmtp, startTestSmtp } from "../support/smtp.ts";

const log = createLogger("silent");
const rateLimit = { limit: 3, windowSeconds: 600 };
const input = {
  name: "Dana Whitfield",
  email: "dana@example.com",
  message: "We need pipeline from LinkedIn.",
};
const fastRetry: RetryPolicy = { baseMs: 50, maxMs: 200, giveUpAfterMs: 60_000, leaseMs: 60_000 };

describeEachDriver("leads from the contact form on %s", (driver) => {
  const handle = useTestDatabase(driver);

  const count = async (table: string) => {
    const result = await queryRows<{ n: number }>(
      handle.database.db,
      sql.raw(`select count(*)::int as n from ${table}`),
    );
    return result[0]?.n ?? 0;
  };

  test("a message and its outbox entry are stored together; the same key twice stores one", async () => {
    const first = await saveLead(handle.database.db, input, {
      idempotencyKey: "same-key",
      clientIp: "10.0.0.1",
      rateLimitKey: "10.0.0.1",
      rateLimit,
    });
    const second = await saveLead(handle.database.db, input, {
      idempotencyKey: "same-key",
      clientIp: "10.0.0.1",
      rateLimitKey: "10.0.0.1",
      rateLimit,
    });
    expect(first.status).toBe("stored");
    expect(second.status).toBe("duplicate");
    expect(await count("leads")).toBe(1);
    expect(await count("mail_outbox")).toBe(1);
  });

  test("a client over the limit is refused with a retry time and nothing is stored", async () => {
    const ip = "10.0.0.2";
    for (let i = 0; i < 3; i++) {
      const saved = await saveLead(handle.database.db, input, {
        idempotencyKey: `k-${i}`,
        clientIp: ip,
        rateLimitKey: ip,
        rateLimit,
      });
      expect(saved.status).toBe("stored");
    }
    const before = await count("leads");
    const refused = await saveLead(handle.database.db, input, {
      idempotencyKey: "k-4",
      clientIp: ip,
      rateLimitKey: ip,
      rateLimit,
    });
    expect(refused.status).toBe("rate-limited");
    expect(refused.status === "rate-limited" && refused.retryAfterSeconds).toBeGreaterThan(590);
    expect(await count("leads")).toBe(before);
    // Another client is not affected.
    const other = await saveLead(handle.database.db, input, {
      idempotencyKey: "k-5",
      clientIp: "10.0.0.3",
      rateLimitKey: "10.0.0.3",
      rateLimit,
    });
    expect(other.status).toBe("stored");
  });

  test("the periodic sweep drops rate-limit hits older than a day and keeps recent ones", async () => {
    await handle.database.db.execute(
      sql`insert into rate_limit_hits (bucket, key, hit_at) values ('contact', '10.9.9.9', now() - interval '2 days')`,
    );
    const before = await count("rate_limit_hits");
    await pruneRateLimitHits(handle.database.db);
    expect(await count("rate_limit_hits")).toBe(before - 1);
  });

  test("concurrent submissions from one client never exceed the limit", async () => {
    const ip = "10.0.0.9";
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        saveLead(handle.database.db, input, {
          idempotencyKey: `c-${i}`,
          clientIp: ip,
          rateLimitKey: ip,
          rateLimit,
        }),
      ),
    );
    expect(results.filter((r) => r.status === "stored")).toHaveLength(3);
    expect(results.filter((r) => r.status === "rate-limited")).toHaveLength(5);
  });

  test("due emails reach the SMTP server with the right fields and are marked sent", async () => {
    const smtp = await startTestSmtp();
    try {
      const pending = await count("mail_outbox");
      const result = await deliverDueMail({
        db: handle.database.db,
        sender: createMailSender({ smtpUrl: smtp.url, dataDir: "/nonexistent" }),
        from: "website@northstory.example",
        to: "team@northstory.example",
        log,
        policy: fastRetry,
      });
      expect(result.sent).toBe(pending);
      const mails = await smtp.waitFor(pending);
      const mail = mails[0];
      expect(mail?.subject).toBe("New contact message from Dana Whitfield");
      expect(mail?.text).toContain("We need pipeline from LinkedIn.");
      expect(mail?.replyTo?.value[0]?.address).toBe("dana@example.com");
      expect(smtp.recipients[0]).toEqual(["team@northstory.example"]);
      const sent = await queryRows<{ n: number }>(
        handle.database.db,
        sql`select count(*)::int as n from mail_outbox where status = 'sent' and sent_at is not null`,
      );
      expect(sent[0]?.n).toBe(pending);
      // Nothing is sent twice.
      const again = await deliverDueMail({
        db: handle.database.db,
        sender: createMailSender({ smtpUrl: smtp.url, dataDir: "/nonexistent" }),
        from: "website@northstory.example",
        to: "team@northstory.example",
        log,
        policy: fastRetry,
      });
      expect(again.sent).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  test("while SMTP is down the entry waits with back-off, and it is delivered once SMTP is back", async () => {
    const mail = await startDownSmtp();
    const saved = await saveLead(
      handle.database.db,
      { ...input, name: "Retry Person" },
      {
        idempotencyKey: "retry-me",
        clientIp: "10.0.0.20",
        rateLimitKey: "10.0.0.20",
        rateLimit,
      },
    );
    expect(saved.status).toBe("stored");
    const options = {
      db: handle.database.db,
      sender: createMailSender({ smtpUrl: mail.url, dataDir: "/nonexistent" }),
      from: "website@northstory.example",
      to: "team@northstory.example",
      log,
      policy: fastRetry,
    };
    const down = await deliverDueMail(options);
    expect(down).toEqual({ sent: 0, retried: 1, failed: 0 });
    const row = await queryRows<{
      status: string;
      attempts: number;
      last_error: string | null;
    }>(
      handle.database.db,
      sql`select o.status, o.attempts, o.last_error from mail_outbox o join leads l on l.id = o.lead_id where l.idempotency_key = 'retry-me'`,
    );
    expect(row[0]).toMatchObject({ status: "pending", attempts: 1 });
    expect(row[0]?.last_error).toBeTruthy();

    const smtp = mail.comeUp();
    try {
      await new Promise((resolve) => setTimeout(resolve, 120));
      const up = await deliverDueMail(options);
      expect(up.sent).toBe(1);
      const [mail] = await smtp.waitFor(1);
      expect(mail?.subject).toBe("New contact message from Retry Person");
    } finally {
      await smtp.close();
    }
  });

  test("an entry that keeps failing past the limit is marked failed", async () => {
    const mail = await startDownSmtp();
    await saveLead(
      handle.database.db,
      { ...input, name: "Too Late" },
      {
        idempotencyKey: "give-up",
        clientIp: "10.0.0.30",
        rateLimitKey: "10.0.0.30",
        rateLimit,
      },
    );
    const result = await deliverDueMail({
      db: handle.database.db,
      sender: createMailSender({ smtpUrl: mail.url, dataDir: "/nonexistent" }),
      from: "website@northstory.example",
      to: "team@northstory.example",
      log,
      policy: { ...fastRetry, giveUpAfterMs: 0 },
    }).finally(mail.close);
    expect(result.failed).toBe(1);
    const row = await queryRows<{ status: string }>(
      handle.database.db,
      sql`select o.status from mail_outbox o join leads l on l.id = o.lead_id where l.idempotency_key = 'give-up'`,
    );
    expect(row[0]?.status).toBe("failed");
  });
});
