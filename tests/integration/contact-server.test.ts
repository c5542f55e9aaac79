import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, queryRows } from "#app/.server/db/client.ts";
import { createTestDatabase, type TestDatabase } from "../support/db.ts";
import { freePort, type SpawnedServer, startBuiltServer } from "../support/server.ts";
import { startTestSmtp, type TestSmtp } from "../support/smtp.ts";
import { startTcpProxy } from "../support/tcp-proxy.ts";

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const valid = {
  name: "Dana Whitfield",
  email: "dana@example.com",
  message: "We want founder-led content.",
};
const post = (
  base: string,
  path: string,
  body: string,
  type = "application/x-www-form-urlencoded",
) => fetch(`${base}${path}`, { method: "POST", body, headers: { "content-type": type } });

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

describe("the contact endpoint of the production server", () => {
  let smtp: TestSmtp;
  let server: SpawnedServer;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startBuiltServer({
      LOG_LEVEL: "info",
      SMTP_URL: smtp.url,
      CONTACT_TO: "team@northstory.example",
      CONTACT_MIN_FILL_MS: "1500",
      CONTACT_RATE_LIMIT: "4",
      MAIL_POLL_MS: "100",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test("a valid message is acknowledged and arrives by email", async () => {
    const response = await post(
      server.url,
      "/api/contact",
      form({ ...valid, idempotencyKey: "e2e-1" }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toBe("New contact message from Dana Whitfield");
    expect(mail?.replyTo?.value[0]?.address).toBe("dana@example.com");
    expect(smtp.recipients[0]).toEqual(["team@northstory.example"]);
  });

  test("a double submit with the same key stores and sends one message", async () => {
    const body = form({ ...valid, name: "Double Submit", idempotencyKey: "e2e-double" });
    const answers = await Promise.all([
      post(server.url, "/api/contact", body),
      post(server.url, "/api/contact", body),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(
      smtp.messages.filter((m) => m.subject === "New contact message from Double Submit"),
    ).toHaveLength(1);
  });

  test("invalid fields answer 400 with a clear message", async () => {
    const blank = await post(server.url, "/api/contact", form({ ...valid, name: "   " }));
    expect(blank.status).toBe(400);
    expect((await blank.json()).title).toBe("Please fill in all required fields.");
    const long = await post(
      server.url,
      "/api/contact",
      form({ ...valid, message: "x".repeat(5001) }),
    );
    expect(long.status).toBe(400);
    expect((await long.json()).description).toBe("Message must be 5,000 characters or fewer.");
  });

  test("a wrong content type answers 415 and an oversized body 413", async () => {
    const json = await post(server.url, "/api/contact", JSON.stringify(valid), "application/json");
    expect(json.status).toBe(415);
    const huge = await post(
      server.url,
      "/api/contact",
      form({ ...valid, message: "x".repeat(40_000) }),
    );
    expect(huge.status).toBe(413);
  });

  test("the honeypot and a form sent back too fast are accepted quietly and never sent", async () => {
    const before = smtp.messages.length;
    const honeypot = await post(
      server.url,
      "/api/contact",
      form({ ...valid, name: "Bot One", website: "http://spam.example" }),
    );
    expect(honeypot.status).toBe(200);
    const fast = await post(
      server.url,
      "/api/contact",
      form({ ...valid, name: "Bot Two", startedAt: String(Date.now()) }),
    );
    expect(fast.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(smtp.messages.length).toBe(before);
  });

  test("without JavaScript, the form post returns the page with the outcome and keeps values on error", async () => {
    const ok = await post(
      server.url,
      "/contact",
      form({ ...valid, name: "No Script", idempotencyKey: "nojs-1" }),
    );
    expect(ok.status).toBe(200);
    const okHtml = await ok.text();
    expect(okHtml).toContain("Message Sent Successfully!");
    expect(okHtml).toContain(
      "Thanks for reaching out. We&#x27;ll get back to you as soon as possible!",
    );

    const bad = await post(
      server.url,
      "/contact",
      form({ name: "Kept Name", email: "kept@example.com", message: "  " }),
    );
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Please fill in all required fields.");
    expect(badHtml).toContain('value="Kept Name"');
    expect(badHtml).toContain('value="kept@example.com"');
  });

  test("the logs are JSON lines that never contain a visitor's email address or message", async () => {
    const secret = "my confidential pipeline numbers";
    const response = await post(
      server.url,
      "/api/contact",
      form({
        name: "Log Check",
        email: "private.person@example.org",
        message: secret,
        idempotencyKey: "log-1",
      }),
    );
    expect(response.status).toBe(200);
    await post(
      server.url,
      "/api/contact",
      form({ name: "x", email: "not-an-address", message: secret }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
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
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await post(
        server.url,
        "/api/contact",
        form({ ...valid, name: `Flood ${i}`, idempotencyKey: `flood-${i}` }),
      );
      if (last.status === 429) break;
    }
    if (!last) throw new Error("no answer");
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await last.json()).title).toBe("Too many messages");
  });
});

describe("delivery when the mail server is down", () => {
  test("the visitor still sees success, and the email arrives once SMTP is back", async () => {
    const smtpPort = await freePort();
    const server = await startBuiltServer({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_POLL_MS: "100",
      MAIL_RETRY_BASE_MS: "200",
      MAIL_RETRY_MAX_MS: "400",
      CONTACT_MIN_FILL_MS: "0",
    });
    try {
      const response = await post(
        server.url,
        "/api/contact",
        form({ ...valid, name: "Patient Lead" }),
      );
      expect(response.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 600));
      const smtp = await startTestSmtp(smtpPort);
      try {
        const [mail] = await smtp.waitFor(1, 10_000);
        expect(mail?.subject).toBe("New contact message from Patient Lead");
      } finally {
        await smtp.close();
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(await countRows(server.dataDir, "contact_messages")).toBe(1);
  });

  test("without SMTP_URL the email is written as an .eml file in the data directory", async () => {
    const server = await startBuiltServer({ MAIL_POLL_MS: "100", CONTACT_MIN_FILL_MS: "0" });
    try {
      expect((await post(server.url, "/api/contact", form(valid))).status).toBe(200);
      const { readdirSync, readFileSync } = await import("node:fs");
      const deadline = Date.now() + 5_000;
      let files: string[] = [];
      while (files.length === 0 && Date.now() < deadline) {
        try {
          files = readdirSync(`${server.dataDir}/mail`);
        } catch {
          // not written yet
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(files).toHaveLength(1);
      expect(readFileSync(`${server.dataDir}/mail/${files[0]}`, "utf8")).toContain(
        "Subject: New contact message from Dana Whitfield",
      );
    } finally {
      await server.stop();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("on a shared Postgres", () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await handle?.drop();
  });

  test("two server copies deliver every message exactly once", async () => {
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
      const answers = await Promise.all(
        Array.from({ length: total }, (_, i) =>
          post(
            i % 2 ? a.url : b.url,
            "/api/contact",
            form({ ...valid, name: `Lead ${i}`, idempotencyKey: `shared-${i}` }),
          ),
        ),
      );
      expect(answers.every((r) => r.status === 200)).toBe(true);
      await smtp.waitFor(total, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
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
      proxy.cut();
      const down = await post(server.url, "/api/contact", form({ ...valid, name: "Lost Lead?" }));
      expect(down.status).toBe(503);
      const body = await down.json();
      expect(body.title).toBe("Failed to Send Message");
      expect(body.values.name).toBe("Lost Lead?");
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      proxy.restore();
      const deadline = Date.now() + 20_000;
      let status = 0;
      while (status !== 200 && Date.now() < deadline) {
        status = (await post(server.url, "/api/contact", form({ ...valid, name: "Found Lead" })))
          .status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
    } finally {
      await server.stop();
      await proxy.close();
    }
  });
});
