import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { queryRows } from "#app/.server/db/client.ts";
import { createLogger } from "#app/.server/log.ts";
import {
  createMailSender,
  deliverDueMail,
  enqueueEmail,
  type OutboxOptions,
  type RetryPolicy,
} from "#app/.server/mail/outbox.ts";
import { createTestDatabase, describeEachDriver, useTestDatabase } from "../support/db.ts";
import { startDownSmtp, startTestSmtp } from "../support/smtp.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";
import { waitFor } from "../support/wait-for.ts";

const log = createLogger("silent");
const fastRetry: RetryPolicy = { baseMs: 50, maxMs: 200, giveUpAfterMs: 60_000, leaseMs: 60_000 };

const signIn = (to: string, expiresAt?: Date) => ({
  kind: "sign-in",
  to,
  subject: "Your sign-in link",
  text: `Sign in: https://northstory.example/admin/sign-in?token=${to}`,
  html: `<p><a href="https://northstory.example/admin/sign-in?token=${to}">Sign in</a></p>`,
  expiresAt,
});

describeEachDriver("standalone emails on %s", (driver) => {
  const handle = useTestDatabase(driver);

  const outboxRow = async (id: number) => {
    const [row] = await queryRows<{ status: string; last_error: string | null; attempts: number }>(
      handle.database.db,
      sql`select status, last_error, attempts from mail_outbox where id = ${id}`,
    );
    return row;
  };

  test("a queued email goes out once, from MAIL_FROM to its recipient, even with two senders running", async () => {
    const smtp = await startTestSmtp();
    try {
      const id = await enqueueEmail(handle.database.db, signIn("ines@northstory.example"));
      const options: OutboxOptions = {
        db: handle.database.db,
        sender: createMailSender({ smtpUrl: smtp.url, dataDir: "/nonexistent" }),
        from: "website@northstory.example",
        to: "team@northstory.example",
        log,
        policy: fastRetry,
      };
      // Two server copies polling at the same moment.
      const runs = await Promise.all([deliverDueMail(options), deliverDueMail(options)]);
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(1);
      const [mail] = await smtp.waitFor(1);
      expect(mail?.subject).toBe("Your sign-in link");
      expect(mail?.from?.value[0]?.address).toBe("website@northstory.example");
      expect(smtp.recipients[0]).toEqual(["ines@northstory.example"]);
      expect(mail?.text).toContain("https://northstory.example/admin/sign-in?token=");
      expect(mail?.html).toContain('<a href="https://northstory.example/admin/sign-in?token=');
      expect((await deliverDueMail(options)).sent).toBe(0);
      // No second copy on its way: an email queued afterwards is the next and last to arrive.
      await enqueueEmail(handle.database.db, signIn("after@northstory.example"));
      expect((await deliverDueMail(options)).sent).toBe(1);
      await smtp.waitFor(2);
      expect(smtp.recipients).toEqual([["ines@northstory.example"], ["after@northstory.example"]]);
      expect(await outboxRow(id)).toMatchObject({ status: "sent", last_error: null });
    } finally {
      await smtp.close();
    }
  });

  test("an email whose expiry has passed is never sent and is marked failed as expired", async () => {
    const smtp = await startTestSmtp();
    try {
      const id = await enqueueEmail(
        handle.database.db,
        signIn("late@northstory.example", new Date(Date.now() - 1_000)),
      );
      const options: OutboxOptions = {
        db: handle.database.db,
        sender: createMailSender({ smtpUrl: smtp.url, dataDir: "/nonexistent" }),
        from: "website@northstory.example",
        to: "team@northstory.example",
        log,
        policy: fastRetry,
      };
      expect(await deliverDueMail(options)).toEqual({ sent: 0, retried: 0, failed: 1 });
      // Nothing on its way: an email queued afterwards is the only one to arrive.
      await enqueueEmail(handle.database.db, signIn("after-expired@northstory.example"));
      expect((await deliverDueMail(options)).sent).toBe(1);
      await smtp.waitFor(1);
      expect(smtp.recipients).toEqual([["after-expired@northstory.example"]]);
      expect(await outboxRow(id)).toMatchObject({ status: "failed", last_error: "expired" });
    } finally {
      await smtp.close();
    }
  });

  test("an email still waiting for SMTP when it expires is dropped, not sent late", async () => {
    const mail = await startDownSmtp();
    const id = await enqueueEmail(
      handle.database.db,
      signIn("waiting@northstory.example", new Date(Date.now() + 400)),
    );
    const options: OutboxOptions = {
      db: handle.database.db,
      sender: createMailSender({ smtpUrl: mail.url, dataDir: "/nonexistent" }),
      from: "website@northstory.example",
      to: "team@northstory.example",
      log,
      policy: fastRetry,
    };
    expect(await deliverDueMail(options)).toEqual({ sent: 0, retried: 1, failed: 0 });
    const smtp = mail.comeUp();
    try {
      // Until its retry is due, by when it has expired (SMTP is up again meanwhile).
      await waitFor(
        async () => {
          const [row] = await queryRows<{ ready: boolean }>(
            handle.database.db,
            sql`select next_attempt_at <= now() and expires_at <= now() as ready
              from mail_outbox where id = ${id}`,
          );
          return row?.ready;
        },
        { what: "the email's retry to be due after its expiry", seen: () => outboxRow(id) },
      );
      expect(await deliverDueMail(options)).toEqual({ sent: 0, retried: 0, failed: 1 });
      // Nothing on its way: an email queued afterwards is the only one to arrive.
      await enqueueEmail(handle.database.db, signIn("after-waiting@northstory.example"));
      expect((await deliverDueMail(options)).sent).toBe(1);
      await smtp.waitFor(1);
      expect(smtp.recipients).toEqual([["after-waiting@northstory.example"]]);
      expect(await outboxRow(id)).toMatchObject({ status: "failed", last_error: "expired" });
    } finally {
      await smtp.close();
    }
  });
});

test("without SMTP a standalone email is written as an .eml file under DATA_DIR/mail", async () => {
  const handle = await createTestDatabase("pglite");
  const dataDir = temporaryDirectory("outbox");
  try {
    const id = await enqueueEmail(handle.database.db, signIn("dev@northstory.example"));
    await deliverDueMail({
      db: handle.database.db,
      sender: createMailSender({ dataDir }),
      from: "website@northstory.example",
      to: "team@northstory.example",
      log,
    });
    const files = readdirSync(path.join(dataDir, "mail"));
    expect(files).toEqual([expect.stringMatching(new RegExp(`-notice-${id}\\.eml$`))]);
    const raw = readFileSync(path.join(dataDir, "mail", files[0] ?? ""), "utf8");
    expect(raw).toContain("To: dev@northstory.example");
    expect(raw).toContain("Subject: Your sign-in link");
  } finally {
    await handle.drop();
  }
});

test("an email that is not one (bad address, empty subject) is refused when queued", async () => {
  const handle = await createTestDatabase("pglite");
  try {
    await expect(
      enqueueEmail(handle.database.db, { ...signIn("not-an-address"), kind: "sign-in" }),
    ).rejects.toThrow();
    await expect(
      enqueueEmail(handle.database.db, { ...signIn("a@example.com"), subject: "" }),
    ).rejects.toThrow();
    const [row] = await queryRows<{ n: number }>(
      handle.database.db,
      sql`select count(*)::int as n from mail_outbox`,
    );
    expect(row?.n).toBe(0);
  } finally {
    await handle.drop();
  }
});
