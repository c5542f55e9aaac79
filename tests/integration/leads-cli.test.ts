import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { saveLead } from "#app/.server/contact/store.ts";
import { openDatabase } from "#app/.server/db/client.ts";
import { enqueueEmail } from "#app/.server/mail/outbox.ts";
import { runCli, spawnCli } from "../support/cli.ts";
import { migratedDataDirectory } from "../support/database-template.ts";

// `npm run leads -- …` against a data directory's embedded database, run in this process
// (scripts/cli/leads.ts); one test runs the script as its own process.
async function cli(dataDir: string, ...args: string[]) {
  const result = await runCli("leads", args, { DATA_DIR: dataDir, DATABASE_URL: "" });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

test("editors list leads with their delivery state and queue failed ones again", async () => {
  const dataDir = await migratedDataDirectory("cli");
  const database = openDatabase({ dataDir });
  const saved = await saveLead(
    database.db,
    { name: "Priya Raman", email: "priya@example.com", message: "Can you run our event campaign?" },
    {
      idempotencyKey: "cli-1",
      clientIp: "10.1.1.1",
      rateLimitKey: "10.1.1.1",
      rateLimit: { limit: 5, windowSeconds: 60 },
    },
  );
  if (saved.status !== "stored") throw new Error("not stored");
  await database.db.execute(
    sql`update mail_outbox set status = 'failed', attempts = 9, last_error = 'Connection refused'`,
  );
  await database.close();

  const list = await cli(dataDir, "list");
  expect(list.code).toBe(0);
  expect(list.out).toContain("Priya Raman <priya@example.com>");
  expect(list.out).toContain("failed (9 attempts)");
  expect(list.out).toContain("last error: Connection refused");

  const show = await cli(dataDir, "show", saved.id);
  expect(show.out).toContain("Can you run our event campaign?");

  const retry = await cli(dataDir, "retry", "--failed");
  expect(retry.code).toBe(0);
  expect(retry.out).toContain("1 email(s) queued for delivery.");
  expect((await cli(dataDir, "list", "--status", "pending")).out).toContain("pending (0 attempts)");
});

test("bad input is explained without a stack trace, and a running server's database is left alone", async () => {
  const dataDir = await migratedDataDirectory("cli");
  const unknown = await cli(dataDir, "remove-all");
  expect(unknown.code).toBe(1);
  expect(unknown.err).toContain('Unknown command "remove-all".');
  expect(unknown.err).not.toMatch(/\n\s+at /);

  const badStatus = await cli(dataDir, "list", "--status", "lost");
  expect(badStatus.err).toContain("--status must be pending, sent or failed");

  // This test process stands in for a running server holding the embedded database, and
  // the command runs as its own process (scripts/leads.ts), as an operator starts it
  // beside the server: the exit code and output a terminal gets.
  const holder = openDatabase({ dataDir });
  try {
    const busy = await spawnCli("leads", ["list"], { DATA_DIR: dataDir, DATABASE_URL: "" });
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain("is open in another process");
    expect(busy.stderr).not.toMatch(/\n\s+at /);
    expect(busy.stdout).toBe("");
  } finally {
    await holder.close();
  }
});

test("a lead with terminal escapes is shown escaped, and stats tell how far behind delivery is", async () => {
  const dataDir = await migratedDataDirectory("cli");
  const database = openDatabase({ dataDir });
  // Written by any SQL client or an older version: the command must not trust stored text.
  const saved = await saveLead(
    database.db,
    {
      name: "Mallory\u001b[2J\u202Eredda",
      email: "mallory@example.com",
      message: "Line one\n\u009b31mred\u001b]0;pwned\u0007",
    },
    {
      idempotencyKey: "cli-escape",
      clientIp: "10.1.1.2",
      rateLimitKey: "10.1.1.2",
      rateLimit: { limit: 5, windowSeconds: 60 },
    },
  );
  if (saved.status !== "stored") throw new Error("not stored");
  await database.close();

  const control = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E]/;
  const list = await cli(dataDir, "list");
  expect(list.code).toBe(0);
  expect(list.out).toContain("Mallory\\u{001b}[2J\\u{202e}redda");
  expect(list.out).not.toMatch(control);
  const show = await cli(dataDir, "show", saved.id);
  expect(show.out).toContain("Line one\n\\u{009b}31mred\\u{001b}]0;pwned\\u{0007}");
  expect(show.out).not.toMatch(control);

  const stats = await cli(dataDir, "stats");
  expect(stats.code).toBe(0);
  expect(stats.out).toContain("queued: 1");
  expect(stats.out).toContain("failed: 0");
  expect(stats.out).toMatch(/oldest queued: \d+ s ago/);
});

test("standalone emails are listed with their kind and recipient, shown without their body, and retried by id", async () => {
  const dataDir = await migratedDataDirectory("cli");
  const database = openDatabase({ dataDir });
  const id = await enqueueEmail(database.db, {
    kind: "sign-in",
    to: "ines@northstory.example",
    subject: "Your sign-in link",
    text: "https://northstory.example/admin/sign-in?token=secret-token-123",
  });
  await database.db.execute(
    sql`update mail_outbox set status = 'failed', attempts = 4, last_error = 'Greeting never received' where id = ${id}`,
  );
  await database.close();

  const list = await cli(dataDir, "list", "--channel", "notice");
  expect(list.code).toBe(0);
  expect(list.out).toContain("sign-in email to ines@northstory.example");
  expect(list.out).toContain("notice   failed (4 attempts)");
  expect(list.out).toContain("last error: Greeting never received");
  expect((await cli(dataDir, "list", "--channel", "email")).out).toContain("No leads or emails.");

  const show = await cli(dataDir, "show", String(id));
  expect(show.code).toBe(0);
  expect(show.out).toContain("Subject:  Your sign-in link");
  expect(show.out).not.toContain("secret-token-123");

  expect((await cli(dataDir, "retry", String(id), "--channel", "email")).code).toBe(1);
  const retry = await cli(dataDir, "retry", String(id));
  expect(retry.out).toContain("1 standalone email(s) queued for delivery.");
  expect((await cli(dataDir, "list")).out).toContain("notice   pending (0 attempts)");
});

test("each channel's delivery is listed on its own line and retried on its own", async () => {
  const dataDir = await migratedDataDirectory("cli");
  const database = openDatabase({ dataDir });
  const saved = await saveLead(
    database.db,
    { name: "Omar Haddad", email: "omar@example.com", message: "Pricing for two executives?" },
    {
      idempotencyKey: "cli-channels",
      clientIp: "10.1.1.3",
      rateLimitKey: "10.1.1.3",
      rateLimit: { limit: 5, windowSeconds: 60 },
      channels: ["email", "webhook", "slack"],
    },
  );
  if (saved.status !== "stored") throw new Error("not stored");
  await database.db.execute(
    sql`update mail_outbox set status = 'sent', sent_at = now() where channel = 'email'`,
  );
  await database.db.execute(
    sql`update mail_outbox set status = 'failed', attempts = 7, last_error = 'HTTP 500: receiver says no' where channel in ('webhook', 'slack')`,
  );
  await database.close();

  const list = await cli(dataDir, "list");
  expect(list.code).toBe(0);
  expect(list.out).toMatch(/\n {4}email {4}sent \d{4}-/);
  expect(list.out).toContain("    webhook  failed (7 attempts)\n             last error: HTTP 500");
  expect(list.out).toContain("    slack    failed (7 attempts)");
  const failedWebhooks = await cli(dataDir, "list", "--status", "failed", "--channel", "webhook");
  expect(failedWebhooks.out).toContain("webhook  failed");
  expect(failedWebhooks.out).not.toContain("slack");

  const webhookOnly = await cli(dataDir, "retry", "--failed", "--channel", "webhook");
  expect(webhookOnly.out).toContain("1 webhook call(s) queued for delivery.");
  const slackOfOne = await cli(dataDir, "retry", saved.id, "--channel", "slack");
  expect(slackOfOne.out).toContain("1 Slack message(s) queued for delivery.");
  expect((await cli(dataDir, "retry", saved.id, "--channel", "email")).code).toBe(1);
  const after = await cli(dataDir, "show", saved.id);
  expect(after.out).toContain("    webhook  pending (0 attempts)");
  expect(after.out).toContain("    slack    pending (0 attempts)");
  expect(after.out).toContain("Source:\n    Visit: not known");
  expect((await cli(dataDir, "list", "--channel", "teams")).err).toContain(
    "--channel must be one of",
  );
});
