import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, queryRows } from "#app/.server/db/client.ts";
import { formToken, formTokens, lead, postContact } from "../support/contact.ts";
import {
  createTestDatabase,
  postgresTitle,
  type TestDatabase,
  withoutPostgres,
} from "../support/db.ts";
import { writtenEmails } from "../support/mail-files.ts";
import { type SpawnedServer, startBuiltServer } from "../support/server.ts";
import { startDownSmtp, startTestSmtp, type TestSmtp } from "../support/smtp.ts";
import { startTcpProxy } from "../support/tcp-proxy.ts";
import { waitFor } from "../support/wait-for.ts";

async function countRows(dataDir: string, table: string) {
  const database = openDatabase({ dataDir });
  try {
    const result = await queryRows<{ n: number }>(
      database.db,
      sql.raw(`select count(*)::int as n from ${table}`),
    );
    return result[0]?.n ?? 0;
  } finally {
    await database.close();
  }
}

const MIN_FILL_MS = 1_500;

describe("the contact form on the production server", () => {
  let smtp: TestSmtp;
  let server: SpawnedServer;
  // Forms served a while ago, as a visitor who took their time filling them in.
  let tokens: string[];
  const nextToken = () => {
    const token = tokens.pop();
    if (!token) throw new Error("out of form tokens");
    return token;
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startBuiltServer({
      LOG_LEVEL: "info",
      SMTP_URL: smtp.url,
      CONTACT_TO: "team@northstory.example",
      CONTACT_MIN_FILL_MS: String(MIN_FILL_MS),
      // Six messages stored before the rate limit test (three of them sent after others to
      // tell those were all delivered), which then gets three more in before its 429.
      CONTACT_RATE_LIMIT: "9",
      MAIL_POLL_MS: "100",
    });
    tokens = await formTokens(server.url, 20, MIN_FILL_MS + 100);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  /**
   * Sends a valid message and waits for its email. The outbox sends a channel's entries in
   * the order they were queued, so by then every email that what the test did before could
   * cause has arrived. Returns the subjects of the emails received since `before`.
   */
  async function subjectsOnceSentAfter(before: number, label: string): Promise<string[]> {
    const name = `After ${label}`;
    const answer = await postContact(server.url, { name, token: nextToken() });
    expect(answer.status).toBe(200);
    await waitFor(
      () => smtp.messages.some((mail) => mail.subject === `New contact message from ${name}`),
      { what: `the email of "${name}"`, seen: () => smtp.messages.map((mail) => mail.subject) },
    );
    return smtp.messages.slice(before).map((mail) => mail.subject ?? "");
  }

  test("a valid message is acknowledged and arrives by email", async () => {
    const answer = await postContact(server.url, { token: nextToken() });
    expect(answer.status).toBe(200);
    expect(answer.html).toContain("Message Sent Successfully!");
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toBe("New contact message from Dana Whitfield");
    expect(mail?.replyTo?.value[0]?.address).toBe("dana@example.com");
    expect(smtp.recipients[0]).toEqual(["team@northstory.example"]);
  });

  test("a double submit of one form stores and sends one message", async () => {
    const before = smtp.messages.length;
    const token = nextToken();
    const answers = await Promise.all([
      postContact(server.url, { name: "Double Submit", token }),
      postContact(server.url, { name: "Double Submit", token }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await subjectsOnceSentAfter(before, "double submit")).toEqual([
      "New contact message from Double Submit",
      "New contact message from After double submit",
    ]);
  });

  test("invalid fields answer 400 with a clear message and keep what was typed", async () => {
    const blank = await postContact(server.url, {
      name: "Kept Name",
      email: "kept@example.com",
      message: "  ",
      token: nextToken(),
    });
    expect(blank.status).toBe(400);
    expect(blank.html).toContain("Please fill in all required fields.");
    expect(blank.html).toContain('value="Kept Name"');
    expect(blank.html).toContain('value="kept@example.com"');
    const long = await postContact(server.url, { message: "x".repeat(5001), token: nextToken() });
    expect(long.status).toBe(400);
    expect(long.html).toContain("Message must be 5,000 characters or fewer.");
  });

  test("a wrong content type answers 415 and an oversized body 413", async () => {
    const json = await postContact(
      server.url,
      {},
      { body: JSON.stringify(lead), contentType: "application/json" },
    );
    expect(json.status).toBe(415);
    const huge = await postContact(server.url, { message: "x".repeat(40_000), token: nextToken() });
    expect(huge.status).toBe(413);
  });

  test("a form without a valid signed token is refused, whatever start time it claims", async () => {
    const before = smtp.messages.length;
    const token = await formToken(server.url);
    const [time, key] = token.split(".");
    const attempts: Record<string, string>[] = [
      {},
      { token: "" },
      { startedAt: "0" },
      { token: `${Number(time) - 60_000}.${key}.${"A".repeat(43)}` },
      { token: token.replace(/.$/, (c) => (c === "A" ? "B" : "A")) },
    ];
    for (const fields of attempts) {
      const answer = await postContact(server.url, { name: "Forger", ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.html).toContain("This form has expired");
      expect(answer.html).toContain('value="Forger"');
    }
    expect(await subjectsOnceSentAfter(before, "forged forms")).toEqual([
      "New contact message from After forged forms",
    ]);
  });

  test("the honeypot and a form sent back too fast are accepted quietly and never sent", async () => {
    const before = smtp.messages.length;
    const honeypot = await postContact(server.url, {
      name: "Bot One",
      website: "http://spam.example",
      token: nextToken(),
    });
    expect(honeypot.status).toBe(200);
    const fast = await postContact(server.url, {
      name: "Bot Two",
      token: await formToken(server.url),
    });
    expect(fast.status).toBe(200);
    expect(fast.html).toContain("Message Sent Successfully!");
    expect(await subjectsOnceSentAfter(before, "bots")).toEqual([
      "New contact message from After bots",
    ]);
  });

  test("the logs are JSON lines that never contain a visitor's email address or message", async () => {
    const secret = "my confidential pipeline numbers";
    const from = server.output().length;
    const answer = await postContact(server.url, {
      name: "Log Check",
      email: "private.person@example.org",
      message: secret,
      token: nextToken(),
    });
    expect(answer.status).toBe(200);
    const refused = await postContact(server.url, {
      name: "x",
      email: "not-an-address",
      message: secret,
      token: nextToken(),
    });
    expect(refused.status).toBe(400);
    // Everything these two caused is logged: both requests, the stored message's delivery.
    const requestIds = [answer, refused].map((sent) => sent.headers.get("x-request-id"));
    await waitFor(
      () => {
        const entries = server
          .output()
          .slice(from)
          .split("\n")
          .flatMap((line) => {
            try {
              return [JSON.parse(line) as Record<string, unknown>];
            } catch {
              return [];
            }
          });
        const stored = entries.find((entry) => entry.msg === "lead stored");
        return (
          requestIds.every((id) =>
            entries.some((entry) => entry.msg === "request" && entry.requestId === id),
          ) &&
          stored !== undefined &&
          entries.some(
            (entry) =>
              entry.msg === "outbox entry delivered" &&
              entry.channel === "email" &&
              entry.leadId === stored.leadId,
          )
        );
      },
      {
        what: "the log lines of both requests and of the lead's delivery",
        seen: () => server.output().slice(from),
      },
    );
    const lines = server.output().trim().split("\n").filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(() => JSON.parse(line), line).not.toThrow();
      expect(line).not.toContain("private.person@example.org");
      expect(line).not.toContain("not-an-address");
      expect(line).not.toContain(secret);
    }
  });

  test("a client over the rate limit gets 429 with Retry-After", async () => {
    let last: Awaited<ReturnType<typeof postContact>> | undefined;
    for (let i = 0; i < 8; i++) {
      last = await postContact(server.url, { name: `Flood ${i}`, token: nextToken() });
      if (last.status === 429) break;
    }
    if (!last) throw new Error("no answer");
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last.html).toContain("Too many messages");
  });
});

describe("delivery when the mail server is down", () => {
  test("the visitor still sees success, and the email arrives once SMTP is back", async () => {
    const mail = await startDownSmtp();
    const server = await startBuiltServer({
      SMTP_URL: mail.url,
      MAIL_POLL_MS: "100",
      MAIL_RETRY_BASE_MS: "200",
      MAIL_RETRY_MAX_MS: "400",
      CONTACT_MIN_FILL_MS: "0",
    });
    try {
      const answer = await postContact(server.url, {
        name: "Patient Lead",
        token: await formToken(server.url),
      });
      expect(answer.status).toBe(200);
      // The server has tried to send it, and failed, before the mail server comes up.
      await waitFor(() => server.output().includes('"msg":"outbox entry will be retried"'), {
        what: "a failed delivery attempt",
        seen: () => server.output(),
      });
      const smtp = mail.comeUp();
      try {
        const [mail] = await smtp.waitFor(1, 10_000);
        expect(mail?.subject).toBe("New contact message from Patient Lead");
      } finally {
        await smtp.close();
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(await countRows(server.dataDir, "leads")).toBe(1);
  });

  test("without SMTP_URL the email is written as an .eml file in the data directory", async () => {
    const server = await startBuiltServer({ MAIL_POLL_MS: "100", CONTACT_MIN_FILL_MS: "0" });
    try {
      const answer = await postContact(server.url, { token: await formToken(server.url) });
      expect(answer.status).toBe(200);
      const { readFileSync } = await import("node:fs");
      const files = await waitFor(
        () => {
          const written = writtenEmails(server.dataDir);
          return written.length > 0 && written;
        },
        { what: "an .eml file", timeoutMs: 5_000 },
      );
      expect(files).toHaveLength(1);
      expect(readFileSync(`${server.dataDir}/mail/${files[0]}`, "utf8")).toContain(
        "Subject: New contact message from Dana Whitfield",
      );
    } finally {
      await server.stop();
    }
  });
});

describe.skipIf(withoutPostgres)(postgresTitle("on a shared Postgres"), () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await handle?.drop();
  });

  test("two server copies share the form key and deliver every message exactly once", async () => {
    const smtp = await startTestSmtp();
    const env = {
      DATABASE_URL: handle.url ?? "",
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: "50",
      CONTACT_MIN_FILL_MS: "0",
      CONTACT_RATE_LIMIT: "100",
    };
    const [a, b] = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
    try {
      const total = 30;
      // A form served by one copy is sent to the other half of the time.
      const tokens = await formTokens(a.url, total);
      const answers = await Promise.all(
        tokens.map((token, i) => postContact(i % 2 ? a.url : b.url, { name: `Lead ${i}`, token })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(tokens.map(() => 200));
      await smtp.waitFor(total, 20_000);
      // Nothing more on its way: a copy exits only once its outbox run in progress is done.
      expect(await Promise.all([a.stop(), b.stop()])).toEqual([0, 0]);
      const subjects = smtp.messages.map((m) => m.subject);
      expect(new Set(subjects).size).toBe(total);
      expect(subjects).toHaveLength(total);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await smtp.close();
    }
  });

  test("with the database down the visitor gets the failure answer with their values, and it recovers", async () => {
    const pgPort = Number(new URL(handle.url ?? "").port || 5432);
    const proxy = await startTcpProxy(pgPort);
    const url = new URL(handle.url ?? "");
    url.port = String(proxy.port);
    const server = await startBuiltServer({
      DATABASE_URL: url.href,
      CONTACT_MIN_FILL_MS: "0",
      CONTACT_RATE_LIMIT: "100",
    });
    try {
      const token = await formToken(server.url);
      proxy.cut();
      const down = await postContact(server.url, { name: "Lost Lead?", token });
      expect(down.status).toBe(503);
      expect(down.html).toContain("Failed to Send Message");
      expect(down.html).toContain('value="Lost Lead?"');
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      proxy.restore();
      // Sending the same form again once the database is back stores it (once).
      let status = 0;
      await waitFor(
        async () => {
          status = (await postContact(server.url, { name: "Lost Lead?", token })).status;
          return status === 200;
        },
        { what: "the form to be stored", timeoutMs: 20_000, intervalMs: 200, seen: () => status },
      );
      expect(server.process.exitCode).toBeNull();
    } finally {
      await server.stop();
      await proxy.close();
    }
  });
});
