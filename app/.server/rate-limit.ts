import { sql } from "drizzle-orm";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { rateLimitHits } from "#app/.server/db/schema.ts";

export type RateLimit = { limit: number; windowSeconds: number };

export type RateLimitAnswer = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Counts one attempt against a sliding window shared by every server copy, under a lock
 * per (bucket, key) so two copies never both let the limit+1st attempt through. A refused
 * attempt is not counted: waiting out the window always helps.
 */
export async function takeRateLimit(
  db: Db,
  options: { bucket: string; key: string } & RateLimit,
): Promise<RateLimitAnswer> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`${options.bucket}:${options.key}`}))`,
    );
    const answer = await checkRateLimit(tx, options);
    if (answer.ok) {
      await tx.insert(rateLimitHits).values({ bucket: options.bucket, key: options.key });
    }
    return answer;
  });
}

/** Whether one more attempt is allowed now; the caller records it (under its own lock). */
export async function checkRateLimit(
  db: Db,
  options: { bucket: string; key: string } & RateLimit,
): Promise<RateLimitAnswer> {
  const window = `${options.windowSeconds} seconds`;
  const [row] = await queryRows<{ count: number; oldest: string | null }>(
    db,
    sql`
    select count(*)::int as count, min(${rateLimitHits.hitAt})::text as oldest
    from ${rateLimitHits}
    where ${rateLimitHits.bucket} = ${options.bucket} and ${rateLimitHits.key} = ${options.key}
      and ${rateLimitHits.hitAt} > now() - ${window}::interval`,
  );
  if (row && row.count >= options.limit && row.oldest) {
    const freeAt = new Date(row.oldest).getTime() + options.windowSeconds * 1000;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)) };
  }
  return { ok: true };
}
