import { sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { type LeadChannel, leads, rateLimitHits } from "#app/.server/db/schema.ts";
import { queueLeadDeliveries } from "#app/.server/mail/deliveries.ts";
import { checkRateLimit, type RateLimit } from "#app/.server/rate-limit.ts";
import type { ContactInput } from "#app/lib/contact-schema.ts";
import type { LeadSource } from "#app/lib/lead-source.ts";

export type { RateLimit };

export type SaveResult =
  | { status: "stored"; id: string }
  | { status: "duplicate"; id: string }
  | { status: "rate-limited"; retryAfterSeconds: number };

const BUCKET = "contact";

/**
 * Stores a lead sent through the contact form and its outbox entries (one per channel it
 * goes out on) in one transaction, after the per-client rate limit and the idempotency key
 * have been checked under a per-client lock, so two server copies agree on both. Only a
 * stored lead counts against the limit.
 */
export async function saveLead(
  db: Db,
  input: ContactInput & { source?: LeadSource },
  options: {
    idempotencyKey: string;
    /** Stored with the lead. */
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
      .select({ id: leads.id })
      .from(leads)
      .where(sql`${leads.idempotencyKey} = ${options.idempotencyKey}`)
      .limit(1);
    if (existing[0]) return { status: "duplicate", id: existing[0].id };

    const limit = await checkRateLimit(tx, {
      bucket: BUCKET,
      key: options.rateLimitKey,
      ...options.rateLimit,
    });
    if (!limit.ok) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };

    const [lead] = await tx
      .insert(leads)
      .values({
        name: input.name,
        email: input.email,
        message: input.message,
        idempotencyKey: options.idempotencyKey,
        clientIp: options.clientIp,
        ...input.source,
      })
      .returning({ id: leads.id });
    if (!lead) throw new Error("Insert returned no row");
    await queueLeadDeliveries(tx, lead.id, options.channels ?? ["email"]);
    await tx.insert(rateLimitHits).values({ bucket: BUCKET, key: options.rateLimitKey });
    return { status: "stored", id: lead.id };
  });
}

/** Hits older than any window are useless; a periodic sweep keeps the table small. */
export async function pruneRateLimitHits(db: Db, olderThanSeconds = 86_400): Promise<void> {
  await db.execute(
    sql`delete from ${rateLimitHits} where ${rateLimitHits.hitAt} < now() - ${`${olderThanSeconds} seconds`}::interval`,
  );
}
