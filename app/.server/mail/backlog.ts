import { sql } from "drizzle-orm";
import { type Db, queryRows } from "#app/.server/db/client.ts";

export type DeliveryBacklog = {
  /** Deliveries waiting (first try or retry). */
  queued: number;
  /** Deliveries given up on (see MAIL_GIVE_UP_HOURS) or expired. */
  failed: number;
  /** Age of the oldest queued delivery in seconds, or null when none waits. */
  oldestQueuedSeconds: number | null;
};

export type MailBacklog = DeliveryBacklog & {
  /** The same, per channel (email, webhook, slack, hubspot, notice), for channels in use. */
  channels: Record<string, DeliveryBacklog>;
};

/** How far behind delivery is, in total and per channel: for /readyz and `leads stats`. */
export async function readMailBacklog(db: Db): Promise<MailBacklog> {
  const rows = await queryRows<{
    channel: string;
    queued: number;
    failed: number;
    oldest: number | null;
  }>(
    db,
    sql`
    select
      channel,
      count(*) filter (where status = 'pending')::int as queued,
      count(*) filter (where status = 'failed')::int as failed,
      extract(epoch from now() - min(created_at) filter (where status = 'pending'))::float8 as oldest
    from mail_outbox
    group by channel
    order by channel`,
  );
  const seconds = (value: number | null) => (value == null ? null : Math.round(value));
  const channels = Object.fromEntries(
    rows.map((row) => [
      row.channel,
      { queued: row.queued, failed: row.failed, oldestQueuedSeconds: seconds(row.oldest) },
    ]),
  );
  const oldest = rows.reduce<number | null>(
    (max, row) => (row.oldest == null ? max : Math.max(max ?? 0, row.oldest)),
    null,
  );
  return {
    queued: rows.reduce((sum, row) => sum + row.queued, 0),
    failed: rows.reduce((sum, row) => sum + row.failed, 0),
    oldestQueuedSeconds: seconds(oldest),
    channels,
  };
}
