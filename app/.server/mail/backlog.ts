import { sql } from "drizzle-orm";
import { type Db, queryRows } from "#app/.server/db/client.ts";

export type MailBacklog = {
  /** Emails waiting to be sent (first try or retry). */
  queued: number;
  /** Emails given up on (see MAIL_GIVE_UP_HOURS). */
  failed: number;
  /** Age of the oldest queued email in seconds, or null when none waits. */
  oldestQueuedSeconds: number | null;
};

/** How far behind email delivery is: for /readyz and `npm run messages -- stats`. */
export async function readMailBacklog(db: Db): Promise<MailBacklog> {
  const [row] = await queryRows<{ queued: number; failed: number; oldest: number | null }>(
    db,
    sql`
    select
      count(*) filter (where status = 'pending')::int as queued,
      count(*) filter (where status = 'failed')::int as failed,
      extract(epoch from now() - min(created_at) filter (where status = 'pending'))::float8 as oldest
    from mail_outbox`,
  );
  return {
    queued: row?.queued ?? 0,
    failed: row?.failed ?? 0,
    oldestQueuedSeconds: row?.oldest == null ? null : Math.round(row.oldest),
  };
}
