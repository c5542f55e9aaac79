import { sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import type { LeadActor } from "#app/.server/leads/activity.ts";
import { type ErasureResult, eraseLeads } from "#app/.server/leads/erase.ts";
import type { Logger } from "#app/.server/log.ts";

const retentionKey = "lead_retention_months";

export const retentionLimits = { min: 1, max: 120 } as const;

/** Whole months from 1 to 120 (ten years), or null: leads are kept until erased by hand. */
export const retentionMonthsSchema = z
  .number()
  .int("Retention is a whole number of months.")
  .min(retentionLimits.min, `Keep leads at least ${retentionLimits.min} month.`)
  .max(retentionLimits.max, `Keep leads at most ${retentionLimits.max} months.`)
  .nullable();

// Any constant works; it only has to be the same for every copy of the server.
const RETENTION_LOCK_ID = 7_240_115;

/** How many months leads are kept, or null when retention is off (the default). */
export async function getRetention(db: Db): Promise<number | null> {
  const [row] = await queryRows<{ value: unknown }>(
    db,
    sql`select value from app_settings where key = ${retentionKey}`,
  );
  // A value someone wrote by hand that makes no sense deletes nothing rather than guessing.
  const parsed = retentionMonthsSchema.safeParse(row?.value ?? null);
  return parsed.success ? parsed.data : null;
}

export type SetRetentionResult =
  | { outcome: "saved"; months: number | null }
  | { outcome: "invalid"; problem: string };

/** Turns retention on (months) or off (null), remembering who changed it. */
export async function setRetention(
  db: Db,
  months: number | null,
  actor: LeadActor,
): Promise<SetRetentionResult> {
  const parsed = retentionMonthsSchema.safeParse(months);
  if (!parsed.success) {
    return { outcome: "invalid", problem: parsed.error.issues[0]?.message ?? "Invalid months." };
  }
  await db.execute(sql`
    insert into app_settings (key, value, updated_at, updated_by)
    values (${retentionKey}, ${JSON.stringify(parsed.data)}::jsonb, now(), ${actor.id}::uuid)
    on conflict (key) do update
    set value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
  return { outcome: "saved", months: parsed.data };
}

export type RetentionRun = ErasureResult & {
  /** The setting the run applied; null: retention is off and nothing was looked at. */
  months: number | null;
  /** Another server copy was applying retention at that moment; this one left it to it. */
  skipped: boolean;
};

/**
 * Deletes leads received more than the retention setting's months before `now` (calendar
 * months), with their history, outbox entries and .eml files, and records one audit row
 * when it deleted anything. Meant for a periodic job: with retention off it does nothing,
 * and server copies running it together take turns through an advisory lock.
 */
export async function applyRetention(
  db: Db,
  options: { dataDir: string; log: Logger; now?: Date },
): Promise<RetentionRun> {
  const months = await getRetention(db);
  if (months === null) return { months, skipped: false, leadsErased: 0, filesErased: 0 };
  const now = (options.now ?? new Date()).toISOString();
  const result = await eraseLeads(db, {
    where: sql`l.created_at < ${now}::timestamptz - make_interval(months => ${months}::int)`,
    dataDir: options.dataDir,
    reason: "retention",
    actor: null,
    lock: RETENTION_LOCK_ID,
  });
  if (!result) return { months, skipped: true, leadsErased: 0, filesErased: 0 };
  if (result.leadsErased > 0) {
    options.log.info("old leads erased", {
      erasureId: result.erasureId,
      months,
      leadsErased: result.leadsErased,
      filesErased: result.filesErased,
    });
  }
  return {
    months,
    skipped: false,
    leadsErased: result.leadsErased,
    filesErased: result.filesErased,
  };
}
