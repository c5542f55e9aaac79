import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { saveContactMessage } from "#app/.server/contact/store.ts";
import { openDatabase } from "#app/.server/db/client.ts";

const root = path.resolve(import.meta.dirname, "../..");

function cli(dataDir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(root, "scripts/messages.ts"), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

test("editors list messages with their delivery state and queue failed ones again", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "northstory-cli-"));
  const database = openDatabase({ dataDir });
  await database.migrate();
  const saved = await saveContactMessage(
    database.db,
    { name: "Priya Raman", email: "priya@example.com", message: "Can you run our event campaign?" },
    { idempotencyKey: "cli-1", clientIp: "10.1.1.1", rateLimit: { limit: 5, windowSeconds: 60 } },
  );
  if (saved.status !== "stored") throw new Error("not stored");
  await database.db.execute(
    sql`update mail_outbox set status = 'failed', attempts = 9, last_error = 'Connection refused'`,
  );
  await database.close();

  const list = cli(dataDir, "list");
  expect(list.code).toBe(0);
  expect(list.out).toContain("Priya Raman <priya@example.com>");
  expect(list.out).toContain("failed (9 attempts)");
  expect(list.out).toContain("last error: Connection refused");

  const show = cli(dataDir, "show", saved.id);
  expect(show.out).toContain("Can you run our event campaign?");

  const retry = cli(dataDir, "retry", "--failed");
  expect(retry.code).toBe(0);
  expect(retry.out).toContain("1 email(s) queued for delivery.");
  expect(cli(dataDir, "list", "--status", "pending").out).toContain("pending (0 attempts)");
});

test("bad input is explained without a stack trace, and a running server's database is left alone", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "northstory-cli-"));
  const unknown = cli(dataDir, "remove-all");
  expect(unknown.code).toBe(1);
  expect(unknown.err).toContain('Unknown command "remove-all".');
  expect(unknown.err).not.toMatch(/\n\s+at /);

  const badStatus = cli(dataDir, "list", "--status", "lost");
  expect(badStatus.err).toContain("--status must be pending, sent or failed");

  // This test process stands in for a running server holding the embedded database.
  writeFileSync(path.join(dataDir, "server.pid"), String(process.pid));
  const busy = cli(dataDir, "list");
  expect(busy.code).toBe(1);
  expect(busy.err).toContain("stop it first or use DATABASE_URL");
});
