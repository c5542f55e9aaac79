import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import type { Db } from "#app/.server/db/client.ts";
import { queryRows } from "#app/.server/db/client.ts";
import type { Logger } from "#app/.server/log.ts";
import { buildContactEmail, type StoredMessage } from "#app/.server/mail/contact-email.ts";

export type RetryPolicy = {
  /** First retry delay; each further failure doubles it. */
  baseMs: number;
  /** Longest wait between two attempts. */
  maxMs: number;
  /** After this long since the message arrived, the entry is marked failed. */
  giveUpAfterMs: number;
  /** How long a claimed entry stays with one sender before another may take it. */
  leaseMs: number;
};

export const defaultRetryPolicy: RetryPolicy = {
  baseMs: 30_000,
  maxMs: 60 * 60_000,
  giveUpAfterMs: 3 * 24 * 60 * 60_000,
  leaseMs: 2 * 60_000,
};

export function retryDelay(attempts: number, policy: RetryPolicy): number {
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
}

export type MailSender = { send(mail: SendMailOptions): Promise<void> };

/** SMTP when SMTP_URL is set; otherwise each email becomes an .eml file under DATA_DIR/mail. */
export function createMailSender(options: { smtpUrl?: string; dataDir: string }): MailSender {
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    const secure = url.protocol === "smtps:";
    const transport: Transporter = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // A stalled mail server must not hold an outbox run for long; the entry is retried.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      async send(mail) {
        await transport.sendMail(mail);
      },
    };
  }
  const dir = path.join(options.dataDir, "mail");
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      mkdirSync(dir, { recursive: true });
      const id = String(
        mail.headers && (mail.headers as Record<string, string>)["X-Northstory-Message-Id"],
      );
      writeFileSync(
        path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${id}.eml`),
        info.message as Buffer,
      );
    },
  };
}

type Claimed = StoredMessage & { outboxId: number; attempts: number };

/**
 * Claims due entries for this sender: FOR UPDATE SKIP LOCKED means two server copies never
 * take the same entry, and the lease (next_attempt_at pushed forward) hands an entry back
 * if this copy dies mid-send.
 */
async function claimDue(db: Db, batch: number, policy: RetryPolicy): Promise<Claimed[]> {
  const result = await queryRows<{
    outbox_id: number;
    attempts: number;
    id: string;
    name: string;
    email: string;
    message: string;
    created_at: string;
  }>(
    db,
    sql`
    with due as (
      select id from mail_outbox
      where status = 'pending' and next_attempt_at <= now()
      order by id
      limit ${batch}
      for update skip locked
    )
    update mail_outbox o
    set attempts = o.attempts + 1,
        next_attempt_at = now() + ${`${policy.leaseMs} milliseconds`}::interval
    from due, contact_messages m
    where o.id = due.id and m.id = o.message_id
    returning o.id as outbox_id, o.attempts, m.id, m.name, m.email, m.message, m.created_at::text as created_at`,
  );
  return result.map((row) => ({
    outboxId: Number(row.outbox_id),
    attempts: Number(row.attempts),
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: new Date(row.created_at),
  }));
}

export type OutboxRunResult = { sent: number; retried: number; failed: number };

/** Sends every due entry once; returns what happened. Safe to run from several copies. */
export async function deliverDueMail(options: {
  db: Db;
  sender: MailSender;
  from: string;
  to: string;
  log: Logger;
  policy?: RetryPolicy;
  batch?: number;
}): Promise<OutboxRunResult> {
  const policy = options.policy ?? defaultRetryPolicy;
  const result: OutboxRunResult = { sent: 0, retried: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDue(options.db, options.batch ?? 10, policy);
    if (claimed.length === 0) return result;
    for (const entry of claimed) {
      try {
        await options.sender.send(buildContactEmail(entry, { from: options.from, to: options.to }));
        await options.db.execute(
          sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null where id = ${entry.outboxId}`,
        );
        options.log.info("contact email sent", { messageId: entry.id, attempts: entry.attempts });
        result.sent++;
      } catch (error) {
        const reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
        const age = Date.now() - entry.createdAt.getTime();
        if (age >= policy.giveUpAfterMs) {
          await options.db.execute(
            sql`update mail_outbox set status = 'failed', last_error = ${reason} where id = ${entry.outboxId}`,
          );
          options.log.error("contact email failed for good", {
            messageId: entry.id,
            attempts: entry.attempts,
            error,
          });
          result.failed++;
        } else {
          const delay = retryDelay(entry.attempts, policy);
          await options.db.execute(sql`
            update mail_outbox
            set last_error = ${reason}, next_attempt_at = now() + ${`${delay} milliseconds`}::interval
            where id = ${entry.outboxId}`);
          options.log.warn("contact email will be retried", {
            messageId: entry.id,
            attempts: entry.attempts,
            retryInMs: delay,
            error,
          });
          result.retried++;
        }
      }
    }
  }
}

/** Polls the outbox in the background; `kick()` runs it now (after a new message). */
export function startOutboxWorker(
  options: Parameters<typeof deliverDueMail>[0] & { intervalMs: number },
) {
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverDueMail(options)
      .catch((error) => options.log.warn("outbox run failed", { error }))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  run();
  return {
    kick: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
