import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import type { SendMailOptions, Transporter } from "nodemailer";
import { z } from "zod";
import type { Db } from "#app/.server/db/client.ts";
import { queryRows } from "#app/.server/db/client.ts";
import {
  type LeadChannel,
  leads,
  mailOutbox,
  type NoticePayload,
  type OutboxChannel,
} from "#app/.server/db/schema.ts";
import type { Logger } from "#app/.server/log.ts";
import { buildLeadEmail, type StoredLead } from "#app/.server/mail/lead-email.ts";
import { deleteMailFiles, partialMailFile } from "#app/.server/mail/mail-files.ts";
import { buildNoticeEmail } from "#app/.server/mail/notice-email.ts";
import { createReporter, type ErrorReporter } from "#app/.server/report.ts";

export type RetryPolicy = {
  /** First retry delay; each further failure doubles it. */
  baseMs: number;
  /** Longest wait between two attempts. */
  maxMs: number;
  /** After this long since the entry was queued, it is marked failed. */
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

export type MailSender = {
  send(mail: SendMailOptions): Promise<void>;
  /** Deletes the copies this sender keeps of a lead's emails, if it keeps any. */
  forget?(leadId: string): Promise<unknown>;
};

/** The mail library, loaded with the first email rather than with every start. */
const mailer = async () => (await import("nodemailer")).default;

/** Creates its transport on the first call, and returns that one ever after. */
function once<T>(create: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= create();
    return made;
  };
}

/** SMTP when SMTP_URL is set; otherwise each email becomes an .eml file under DATA_DIR/mail. */
export function createMailSender(options: { smtpUrl?: string; dataDir: string }): MailSender {
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    const secure = url.protocol === "smtps:";
    const transport = once<Transporter>(async () =>
      (await mailer()).createTransport({
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
      }),
    );
    return {
      async send(mail) {
        await (await transport()).sendMail(mail);
      },
    };
  }
  const dir = path.join(options.dataDir, "mail");
  const transport = once(async () =>
    (await mailer()).createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
  );
  return {
    async send(mail) {
      const info = await (await transport()).sendMail(mail);
      // Emails hold leads' details and sign-in links: for the server's user alone.
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      // "<contact-<uuid>@host>" or "<notice-42@host>": the file says which email it is.
      const tag = String(mail.messageId ?? "email")
        .replace(/^<|@.*$/g, "")
        .replace(/[^\w-]/g, "_");
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${tag}.eml`;
      // Written under a hidden name, then renamed: whoever reads the folder (a mail viewer,
      // an operator's script) never opens half an email.
      const partial = path.join(dir, partialMailFile(name));
      writeFileSync(partial, info.message as Buffer, { mode: 0o600 });
      renameSync(partial, path.join(dir, name));
    },
    forget: (leadId) => deleteMailFiles(options.dataDir, [leadId]),
  };
}

/** One lead to deliver on one channel. */
export type LeadDelivery = {
  /** Stable across retries: receivers may use it to recognise a repeated delivery. */
  outboxId: number;
  attempts: number;
  lead: StoredLead;
};

/** Delivers a lead on its channel; throwing means "try again later". */
export type LeadChannelHandler = (delivery: LeadDelivery) => Promise<void>;

/** Thrown by a handler when trying again cannot help: the entry is marked failed at once. */
export class PermanentDeliveryError extends Error {
  override name = "PermanentDeliveryError";
}

type Claimed = {
  outboxId: number;
  channel: OutboxChannel;
  attempts: number;
  leadId: string | null;
  kind: string | null;
  payload: unknown;
  expired: boolean;
  ageMs: number;
};

/**
 * Claims due entries of one channel for this sender: FOR UPDATE SKIP LOCKED means two
 * server copies never take the same entry, and the lease (next_attempt_at pushed forward)
 * hands an entry back if this copy dies mid-send. Only entries due at `dueBy` (the start of
 * this run) are taken, so an entry that failed during the run waits for its back-off.
 */
async function claimDue(
  db: Db,
  channel: OutboxChannel,
  dueBy: string,
  batch: number,
  policy: RetryPolicy,
): Promise<Claimed[]> {
  const rows = await queryRows<{
    id: number | string;
    attempts: number;
    lead_id: string | null;
    kind: string | null;
    payload: unknown;
    expired: boolean;
    age_ms: number;
  }>(
    db,
    sql`
    with due as (
      select id from mail_outbox
      where channel = ${channel} and status = 'pending' and next_attempt_at <= ${dueBy}::timestamptz
      order by id
      limit ${batch}
      for update skip locked
    )
    update mail_outbox o
    set attempts = o.attempts + 1,
        next_attempt_at = now() + ${`${policy.leaseMs} milliseconds`}::interval
    from due
    where o.id = due.id
    returning o.id, o.attempts, o.lead_id, o.kind, o.payload,
      coalesce(o.expires_at <= now(), false) as expired,
      (extract(epoch from now() - o.created_at) * 1000)::float8 as age_ms`,
  );
  return rows
    .map((row) => ({
      outboxId: Number(row.id),
      channel,
      attempts: Number(row.attempts),
      leadId: row.lead_id,
      kind: row.kind,
      payload: row.payload,
      expired: row.expired,
      ageMs: Number(row.age_ms),
    }))
    .sort((a, b) => a.outboxId - b.outboxId);
}

async function loadLeads(db: Db, ids: string[]): Promise<Map<string, StoredLead>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(leads).where(inArray(leads.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

const storedNotice = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  fromName: z.string().optional(),
  replyTo: z.string().optional(),
  leadId: z.string().optional(),
});

/**
 * An email queued with an expiry is for now only: a sign-in link that works until then, or
 * a morning's list of leads due (whose names an erasure could not find in it). Once it is
 * sent, or has expired unsent, its body is not kept, so that a copy of the table (a backup,
 * a support dump) signs nobody in and lists nobody. Its recipient, subject and kind stay.
 */
const NOT_KEPT_TEXT =
  "(Not kept: this email held a sign-in link, which is not stored once the email is sent or expired.)";
/** The kind of the morning email of follow-ups (leads/follow-up-digest.ts). */
export const FOLLOW_UPS_KIND = "follow-ups";
const LIST_NOT_KEPT_TEXT =
  "(Not kept: this email listed leads due a follow-up, which is not stored once the email is sent or expired.)";
// The lead ids a list named stay (they are not personal data): an erasure finds the copy
// written to disk by them.
const bodyNotKept = sql.raw(
  `payload = case when expires_at is null then payload else jsonb_build_object('to', payload->'to', 'subject', payload->'subject', 'text', case when kind = '${FOLLOW_UPS_KIND}' then '${LIST_NOT_KEPT_TEXT}' else '${NOT_KEPT_TEXT}' end) || case when payload ? 'leadIds' then jsonb_build_object('leadIds', payload->'leadIds') else '{}'::jsonb end end`,
);

export type OutboxRunResult = { sent: number; retried: number; failed: number };

export type OutboxOptions = {
  db: Db;
  /** Sends the team's lead emails and the standalone emails. */
  sender: MailSender;
  /** MAIL_FROM: the sender of every email. */
  from: string;
  /** CONTACT_TO: who receives the lead emails. */
  to: string;
  /**
   * Lead channels beyond email that this copy can deliver. Entries of a channel without a
   * handler stay queued (and show in the backlog) until a copy configured for it runs.
   */
  channels?: Partial<Record<Exclude<LeadChannel, "email">, LeadChannelHandler>>;
  log: Logger;
  /** Where an entry given up on is reported (logged by default). */
  report?: ErrorReporter;
  /** Told of every failed delivery: `final` when the entry is given up on. */
  onDeliveryFailure?: (channel: OutboxChannel, final: boolean) => void;
  policy?: RetryPolicy;
  batch?: number;
};

type Deliver = (entry: Claimed, lead: StoredLead | undefined) => Promise<void>;

/** Each channel's own handler: what "deliver this entry" means there. */
function channelHandlers(options: OutboxOptions): Partial<Record<OutboxChannel, Deliver>> {
  const lead =
    (handler: LeadChannelHandler): Deliver =>
    (entry, lead) => {
      if (!lead) throw new PermanentDeliveryError("the lead no longer exists");
      return handler({ outboxId: entry.outboxId, attempts: entry.attempts, lead });
    };
  const handlers: Partial<Record<OutboxChannel, Deliver>> = {
    email: lead((delivery) =>
      options.sender.send(buildLeadEmail(delivery.lead, { from: options.from, to: options.to })),
    ),
    notice: async (entry) => {
      const payload = storedNotice.safeParse(entry.payload);
      if (!payload.success) throw new PermanentDeliveryError("the stored email is unreadable");
      await options.sender.send(
        buildNoticeEmail(
          { outboxId: entry.outboxId, kind: entry.kind ?? "notice", payload: payload.data },
          { from: options.from },
        ),
      );
    },
  };
  for (const [channel, handler] of Object.entries(options.channels ?? {})) {
    if (handler) handlers[channel as LeadChannel] = lead(handler);
  }
  return handlers;
}

/** What the logs say about an entry: identifiers only, never addresses or text. */
function describe(entry: Claimed) {
  return {
    outboxId: entry.outboxId,
    channel: entry.channel,
    ...(entry.leadId ? { leadId: entry.leadId } : { kind: entry.kind }),
    attempts: entry.attempts,
  };
}

/** Delivers every due entry of one channel, batch after batch, until none is due. */
async function deliverChannel(
  options: OutboxOptions,
  channel: OutboxChannel,
  deliver: Deliver,
): Promise<OutboxRunResult> {
  const { db, log } = options;
  const policy = options.policy ?? defaultRetryPolicy;
  const result: OutboxRunResult = { sent: 0, retried: 0, failed: 0 };
  const [clock] = await queryRows<{ now: string }>(db, sql`select now()::text as now`);
  const dueBy = clock?.now ?? new Date().toISOString();
  for (;;) {
    const claimed = await claimDue(db, channel, dueBy, options.batch ?? 10, policy);
    if (claimed.length === 0) return result;
    for (const entry of claimed) {
      if (entry.expired) {
        // A sign-in link past its expiry is useless to its reader: never send it late.
        await db.execute(
          sql`update mail_outbox set status = 'failed', last_error = 'expired', ${bodyNotKept} where id = ${entry.outboxId}`,
        );
        log.info("outbox entry expired before it could be sent", describe(entry));
        result.failed++;
        continue;
      }
      try {
        // Read just before sending, not with the batch: a lead erased while earlier entries
        // were being sent is not sent (its entry went with it, by cascade).
        const lead = entry.leadId
          ? (await loadLeads(db, [entry.leadId])).get(entry.leadId)
          : undefined;
        if (entry.leadId && !lead) {
          log.info("outbox entry skipped: its lead was erased", describe(entry));
          continue;
        }
        await deliver(entry, lead);
        const updated = await queryRows<{ id: number }>(
          db,
          sql`update mail_outbox set status = 'sent', sent_at = now(), last_error = null, ${bodyNotKept} where id = ${entry.outboxId} returning id`,
        );
        if (entry.leadId && updated.length === 0) {
          // Erased while it was being sent: the erasure has already deleted the copies on
          // disk, so the one just written must go too. (Over SMTP it has left: too late.)
          await options.sender.forget?.(entry.leadId);
          log.info("outbox entry's lead was erased while it was sent", describe(entry));
          continue;
        }
        log.info("outbox entry delivered", describe(entry));
        result.sent++;
      } catch (error) {
        const reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
        if (error instanceof PermanentDeliveryError || entry.ageMs >= policy.giveUpAfterMs) {
          await db.execute(
            sql`update mail_outbox set status = 'failed', last_error = ${reason} where id = ${entry.outboxId}`,
          );
          const report = options.report ?? createReporter(log, []);
          report(error, {
            msg: "outbox entry failed for good",
            source: "outbox",
            ...describe(entry),
          });
          options.onDeliveryFailure?.(channel, true);
          result.failed++;
        } else {
          const delay = retryDelay(entry.attempts, policy);
          await db.execute(sql`
            update mail_outbox
            set last_error = ${reason}, next_attempt_at = now() + ${`${delay} milliseconds`}::interval
            where id = ${entry.outboxId}`);
          log.warn("outbox entry will be retried", {
            ...describe(entry),
            retryInMs: delay,
            error,
          });
          options.onDeliveryFailure?.(channel, false);
          result.retried++;
        }
      }
    }
  }
}

/**
 * Sends every due entry once, each channel on its own so that a slow or failing channel
 * delays only its own entries; returns what happened. Safe to run from several copies.
 */
export async function deliverDueMail(options: OutboxOptions): Promise<OutboxRunResult> {
  const results = await Promise.all(
    Object.entries(channelHandlers(options)).map(([channel, deliver]) =>
      deliverChannel(options, channel as OutboxChannel, deliver),
    ),
  );
  return results.reduce(
    (total, one) => ({
      sent: total.sent + one.sent,
      retried: total.retried + one.retried,
      failed: total.failed + one.failed,
    }),
    { sent: 0, retried: 0, failed: 0 },
  );
}

/**
 * Polls the outbox in the background; `kick()` runs it now (after a new lead). Every
 * channel has its own run, so a receiver that hangs until its timeout never holds back
 * the email of the next lead.
 */
export function startOutboxWorker(options: OutboxOptions & { intervalMs: number }) {
  let stopped = false;
  const runners = Object.entries(channelHandlers(options)).map(([channel, deliver]) => {
    let running: Promise<unknown> | null = null;
    let again = false;
    const run = () => {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = deliverChannel(options, channel as OutboxChannel, deliver)
        .catch((error) => options.log.warn("outbox run failed", { channel, error }))
        .finally(() => {
          running = null;
          if (again) {
            again = false;
            run();
          }
        });
    };
    return { run, idle: () => running };
  });
  const runAll = () => {
    for (const runner of runners) runner.run();
  };
  const timer = setInterval(runAll, options.intervalMs);
  timer.unref();
  runAll();
  return {
    kick: runAll,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(runners.map((runner) => runner.idle()));
    },
  };
}

const emailToQueue = z.object({
  kind: z.string().regex(/^[a-z0-9-]{1,40}$/, "kind must be a short slug like sign-in"),
  to: z.email().max(254),
  subject: z.string().min(1).max(300),
  text: z.string().min(1).max(100_000),
  html: z.string().max(500_000).optional(),
  fromName: z.string().max(200).optional(),
  replyTo: z.email().max(254).optional(),
  leadId: z.guid().optional(),
  leadIds: z.array(z.guid()).max(100).optional(),
  expiresAt: z.date().optional(),
});

/**
 * Queues an email that belongs to no lead's delivery (a sign-in link, an invitation): it
 * gets the outbox's retries, is sent once however many copies run, and is written to
 * DATA_DIR/mail when SMTP_URL is unset. Pass a transaction to queue it with the change
 * that causes it, and call the app's kickMail() after the commit to send it now rather
 * than at the next poll. Still queued at `expiresAt`, it is marked failed ("expired").
 * Returns the outbox id.
 */
export async function enqueueEmail(
  db: Pick<Db, "insert">,
  mail: {
    kind: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    /** For an email a person writes (a reply): sent in their name, answered to them. */
    fromName?: string;
    replyTo?: string;
    leadId?: string;
    /** The leads a list names (the morning email): its copy on disk is erased with them. */
    leadIds?: string[];
    expiresAt?: Date;
  },
): Promise<number> {
  const { kind, expiresAt, ...email } = emailToQueue.parse(mail);
  const payload: NoticePayload = email;
  const [row] = await db
    .insert(mailOutbox)
    .values({ channel: "notice", kind, payload, expiresAt })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("Insert returned no row");
  return row.id;
}
