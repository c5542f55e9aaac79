import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "#app/.server/db/client.ts";

// How long raw analytics events are kept (an admin's setting, 90 days unless changed):
// they hold no personal data, but nothing is kept longer than it is used.

const retentionKey = "analytics_retention_days";
export const ANALYTICS_RETENTION_DEFAULT_DAYS = 90;
export const analyticsRetentionLimits = { min: 7, max: 730 } as const;

export const analyticsRetentionSchema = z.coerce
  .number({ error: "Enter a number of days." })
  .int({ error: "Enter a whole number of days." })
  .min(analyticsRetentionLimits.min, {
    error: `Keep events at least ${analyticsRetentionLimits.min} days.`,
  })
  .max(analyticsRetentionLimits.max, {
    error: `Keep events at most ${analyticsRetentionLimits.max} days.`,
  });

export async function getAnalyticsRetention(db: Db): Promise<number> {
  const [row] = await queryRows<{ value: unknown }>(
    db,
    sql`select value from app_settings where key = ${retentionKey}`,
  );
  const parsed = analyticsRetentionSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : ANALYTICS_RETENTION_DEFAULT_DAYS;
}

export async function setAnalyticsRetention(db: Db, days: number, by: string): Promise<void> {
  await queryRows(
    db,
    sql`
    insert into app_settings (key, value, updated_at, updated_by)
    values (${retentionKey}, ${JSON.stringify(days)}::jsonb, now(), ${by}::uuid)
    on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at,
      updated_by = excluded.updated_by`,
  );
}

/** Deletes events older than the retention period; says how many went. */
export async function pruneAnalytics(db: Db): Promise<number> {
  const days = await getAnalyticsRetention(db);
  const [row] = await queryRows<{ deleted: number }>(
    db,
    sql`with gone as (
      delete from analytics_events where at < now() - make_interval(days => ${days}) returning 1
    ) select count(*)::int as deleted from gone`,
  );
  return row?.deleted ?? 0;
}
