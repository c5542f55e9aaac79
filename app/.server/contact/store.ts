import { sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { queryRows } from "#app/.server/db/client.ts";
import {
  contactMessages,
  type LeadChannel,
  mailOutbox,
  rateLimitHits,
} from "#app/.server/db/schema.ts";
import type { ContactInput } from "#app/lib/contact-schema.ts";
import type { LeadSource } from "#app/lib/lead-source.ts";

export type RateLimit = { limit: number; windowSeconds: number };

export type SaveResult =
  | { status: "stored"; id: string }
  | { status: "duplicate"; id: string }
  | { status: "rate-limited"; retryAfterSeconds: number };

const BUCKET = "contact";

/**
 * Stores a contact message and its outbox entries (one per channel it goes out on) in one
 * transaction, after the per-client rate limit and the idempotency key have been checked
 * under a per-client lock, so two server copies agree on both. Only a stored message
 * counts against the limit.
 */
export async function saveContactMessage(
  db: Db,
  input: ContactInput & { source?: LeadSource },
  options: {
    idempotencyKey: string;
    /** Stored with the message. */
    clientIp: string;
    /** Counted against the limit (see rateLimitKey: an IPv6 client counts by its /64). */
    rateLimitKey: string;
    rateLimit: RateLimit;
    /** Where the lead is delivered (configuredLeadChannels); email alone by default. */
    channels?: readonly LeadChannel[];
  },
): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`${BUCKET}:${options.rateLimitKey}`}))`,
    );

    const existing = await tx
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(sql`${contactMessages.idempotencyKey} = ${options.idempotencyKey}`)
      .limit(1);
    if (existing[0]) return { status: "duplicate", id: existing[0].id };

    const window = `${options.rateLimit.windowSeconds} seconds`;
    const recent = await queryRows<{ count: number; oldest: string | null }>(
      tx,
      sql`
      select count(*)::int as count, min(${rateLimitHits.hitAt})::text as oldest
      from ${rateLimitHits}
      where ${rateLimitHits.bucket} = ${BUCKET} and ${rateLimitHits.key} = ${options.rateLimitKey}
        and ${rateLimitHits.hitAt} > now() - ${window}::interval`,
    );
    const row = recent[0];
    if (row && row.count >= options.rateLimit.limit && row.oldest) {
      const freeAt = new Date(row.oldest).getTime() + options.rateLimit.windowSeconds * 1000;
      return {
        status: "rate-limited",
        retryAfterSeconds: Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)),
      };
    }

    const [message] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        message: input.message,
        idempotencyKey: options.idempotencyKey,
        clientIp: options.clientIp,
        ...input.source,
      })
      .returning({ id: contactMessages.id });
    if (!message) throw new Error("Insert returned no row");
    await tx
      .insert(mailOutbox)
      .values(
        (options.channels ?? ["email"]).map((channel) => ({ messageId: message.id, channel })),
      );
    await tx.insert(rateLimitHits).values({ bucket: BUCKET, key: options.rateLimitKey });
    return { status: "stored", id: message.id };
  });
}

/** Hits older than any window are useless; a periodic sweep keeps the table small. */
export async function pruneRateLimitHits(db: Db, olderThanSeconds = 86_400): Promise<void> {
  await db.execute(
    sql`delete from ${rateLimitHits} where ${rateLimitHits.hitAt} < now() - ${`${olderThanSeconds} seconds`}::interval`,
  );
}
