import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eventsJson } from "#app/.server/analytics/audience.ts";
import { createAnalytics } from "#app/.server/analytics/collect.ts";
import type { EventRow } from "#app/.server/analytics/event-receiver.ts";
import {
  byCta,
  byDay,
  byPage,
  bySource,
  lastDays,
  rollUpDays,
  totals,
} from "#app/.server/analytics/report.ts";
import { pruneAnalytics, setAnalyticsRetention } from "#app/.server/analytics/retention.ts";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { createLogger } from "#app/.server/log.ts";
import {
  createTestDatabase,
  describeEachDriver,
  postgresTitle,
  type TestDatabase,
  useTestDatabase,
  withoutPostgres,
} from "../support/db.ts";
import { waitFor } from "../support/wait-for.ts";

/** Noon (UTC) `days` days ago: a whole past day. */
function noon(days: number): Date {
  const at = new Date();
  at.setUTCHours(12, 0, 0, 0);
  at.setUTCDate(at.getUTCDate() - days);
  return at;
}

/**
 * Sums up the days as the hourly job would at noon today (UTC): yesterday is summed up then
 * whatever the clock says (for ten minutes after midnight it is not yet, by design).
 */
function rollUp(db: Db): Promise<number> {
  return rollUpDays(db, { now: noon(0) });
}

/** A landing page view at noon `days` days ago. */
function view(days: number, visitor: string, source: string | null = null): EventRow {
  return {
    at: noon(days),
    kind: "view",
    path: "/",
    visitor,
    landing: true,
    referrerHost: null,
    source,
    medium: null,
    campaign: null,
    cta: null,
  };
}

/** Written as a copy writes what its events thread made ready: buffered, then one batch. */
async function writeEvents(db: Db, rows: EventRow[]): Promise<void> {
  const analytics = createAnalytics({
    db,
    log: createLogger("silent"),
    siteUrl: "https://northstory.example",
  });
  analytics.takeJson(eventsJson(rows));
  await analytics.close();
}

describeEachDriver("analytics rollups on %s", (driver) => {
  const handle = useTestDatabase(driver);
  const db = () => handle.database.db;

  test("whole days are summed up once, the report reads the same from them, and keeps them after the raw events are gone", async () => {
    // Visitors a and b on three past days and today; b twice on one day; clicks and landings.
    // Each on its UTC day, half-way between that day's midnight and this time of day (an hour
    // before now was yesterday in the first hour of the day, and the test failed then).
    const onDay = (days: ReturnType<typeof sql>) =>
      sql`(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') - ${days}
        + (now() - (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')) / 2`;
    await db().execute(sql`
      insert into analytics_events (at, kind, path, visitor, landing, source, medium, campaign, cta)
      select ${onDay(sql`make_interval(days => d)`)}, 'view', p, v, l, s, 'social', 'launch', null
      from (values
        (0, '/', 'a', true, 'linkedin'), (0, '/pricing', 'a', false, null),
        (1, '/', 'b', true, 'linkedin'), (1, '/blog/x', 'b', false, null), (1, '/blog/x', 'b', false, null),
        (2, '/blog/x', 'a', true, 'google.com'), (3, '/', 'c', true, 'linkedin')
      ) as e(d, p, v, l, s)`);
    await db().execute(sql`
      insert into analytics_events (at, kind, path, visitor, cta)
      values (${onDay(sql`interval '1 day'`)}, 'cta', '/pricing', 'b', 'pricing-full-service')`);
    const range = lastDays(7);
    const report = async () => ({
      totals: await totals(db(), range),
      sources: await bySource(db(), range),
      landing: await byPage(db(), range, "landing"),
      articles: await byPage(db(), range, "articles"),
      ctas: await byCta(db(), range),
      days: (await byDay(db(), range)).filter((day) => day.views > 0),
    });
    const before = await report();
    expect(before.totals).toEqual({ visitors: 4, views: 7, leads: 0 });
    expect(before.articles).toEqual([{ path: "/blog/x", visitors: 2, views: 3, leads: 0 }]);

    // Today is not summed up (it is not over); three past days are, once.
    expect(await rollUp(db())).toBe(3);
    expect(await rollUp(db())).toBe(0);
    expect(await report()).toEqual(before);

    // Raw events older than the retention go; the summed days stay in the report.
    await db().execute(sql`insert into users (email, role) values ('ops@example.com', 'admin')`);
    const [ops] = await queryRows<{ id: string }>(db(), sql`select id from users limit 1`);
    await setAnalyticsRetention(db(), 7, ops?.id ?? "");
    await db().execute(
      sql`update analytics_events set at = at - interval '30 days' where at < now() - interval '12 hours'`,
    );
    await db().execute(sql`update analytics_daily set day = day - 30`);
    await db().execute(sql`update analytics_rolled_days set day = day - 30`);
    expect(await pruneAnalytics(db())).toBe(6);
    const older = { from: lastDays(40).from, to: lastDays(1).to };
    expect(await totals(db(), older)).toEqual({ visitors: 4, views: 7, leads: 0 });
  });

  test("a day is summed up ten minutes after it ends, so events written a little late are in its sums", async () => {
    await db().execute(sql`delete from analytics_events`);
    await db().execute(sql`delete from analytics_daily`);
    await db().execute(sql`delete from analytics_rolled_days`);
    await writeEvents(db(), [view(1, "a"), view(1, "b")]);
    const at = (minutes: number) => {
      const moment = noon(0);
      moment.setUTCHours(0, minutes, 0, 0);
      return moment;
    };
    expect(await rollUpDays(db(), { now: at(9) })).toBe(0);
    const yesterday = noon(1).toISOString().slice(0, 10);
    expect(await totals(db(), { from: yesterday, to: yesterday })).toEqual({
      visitors: 2,
      views: 2,
      leads: 0,
    });
    expect(await rollUpDays(db(), { now: at(11) })).toBe(1);
    expect(await totals(db(), { from: yesterday, to: yesterday })).toEqual({
      visitors: 2,
      views: 2,
      leads: 0,
    });
  });

  test("events written after their day was summed up (kept while the database was away) are in that day's sums after the next hourly run, each visitor once", async () => {
    await db().execute(sql`delete from analytics_events`);
    await db().execute(sql`delete from analytics_daily`);
    await db().execute(sql`delete from analytics_rolled_days`);
    await db().execute(sql`delete from app_settings`);
    await writeEvents(db(), [view(1, "a"), view(1, "b"), view(2, "a")]);
    expect(await rollUp(db())).toBe(2);
    const range = lastDays(7);
    expect(await totals(db(), range)).toEqual({ visitors: 3, views: 3, leads: 0 });

    // Yesterday's b again (the same visitor that day) and a new visitor from a newsletter.
    await writeEvents(db(), [view(1, "b"), view(1, "d", "newsletter")]);
    expect(await rollUp(db())).toBe(1);
    expect(await totals(db(), range)).toEqual({ visitors: 4, views: 5, leads: 0 });
    expect(await bySource(db(), range)).toContainEqual(
      expect.objectContaining({ source: "newsletter", visitors: 1 }),
    );
    expect(await rollUp(db())).toBe(0);

    // A day partly past the retention period keeps its sums: its other events are gone.
    await db().execute(sql`insert into users (email, role) values ('late@example.com', 'admin')`);
    const [ops] = await queryRows<{ id: string }>(
      db(),
      sql`select id from users where email = 'late@example.com'`,
    );
    await setAnalyticsRetention(db(), 7, ops?.id ?? "");
    const old = lastDays(21).from;
    await db().execute(sql`insert into analytics_rolled_days (day) values (${old}::date)`);
    await db().execute(sql`insert into analytics_daily (day, kind, visitors, views)
      values (${old}::date, 'total', 5, 9)`);
    await writeEvents(db(), [view(20, "e")]);
    expect(await rollUp(db())).toBe(0);
    expect(await totals(db(), { from: old, to: old })).toEqual({ visitors: 5, views: 9, leads: 0 });
    const [marked] = await queryRows<{ stale: boolean }>(
      db(),
      sql`select stale from analytics_rolled_days where day = ${old}::date`,
    );
    expect(marked?.stale).toBe(false);
  });
});

// Several copies share a Postgres server: one may write events a day late (kept while the
// database was away) at the very moment another sums that day up. The embedded database has
// one connection, so this can only happen on a server.
describe.skipIf(withoutPostgres)(
  postgresTitle("analytics rollups on postgres, with another copy writing meanwhile"),
  () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await createTestDatabase("postgres");
    });
    afterAll(async () => {
      await handle?.drop();
    });
    const db = () => handle.database.db;
    /** Whether a statement starting with `start` waits for a lock, in this test's database. */
    const waitingForLock = async (start: string) => {
      const rows = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
          and ltrim(query, E' \n\t') ilike ${`${start}%`}`,
      );
      return (rows[0]?.n ?? 0) > 0;
    };

    test.each([
      ["being summed up for the first time", false],
      ["being summed up again", true],
    ])(
      "events written for a day while it is %s are in its sums after the next run",
      async (_, again) => {
        await db().execute(sql`delete from analytics_events`);
        await db().execute(sql`delete from analytics_daily`);
        await db().execute(sql`delete from analytics_rolled_days`);
        await writeEvents(db(), [view(1, "a", "linkedin")]);
        if (again) {
          expect(await rollUp(db())).toBe(1);
          await writeEvents(db(), [view(1, "b", "newsletter")]);
        }
        const day = noon(1).toISOString().slice(0, 10);
        // Another session holds a row the summing copy is about to write for the day's
        // sources (one its sums do not have yet): the copy stops there, in the middle of its
        // sums, as if they took a while.
        const holder = new pg.Client({ connectionString: handle.url });
        await holder.connect();
        try {
          await holder.query("begin");
          await holder.query(
            `insert into analytics_daily (day, kind, a, b, c, visitors, views)
           values ($1, 'source', $2, '', '', 0, 0)`,
            [day, again ? "newsletter" : "linkedin"],
          );
          const summing = rollUp(db());
          await waitFor(() => waitingForLock("insert into analytics_daily"), {
            what: "the copy summing the day to wait in the middle of its sums",
          });
          // Meanwhile a copy writes an event for that day: it is written (or waits for the
          // sums to be done) before the summing goes on.
          let written = false;
          const writing = writeEvents(db(), [view(1, "late", "linkedin")]).then(() => {
            written = true;
          });
          await waitFor(async () => written || (await waitingForLock("with inserted as")), {
            what: "the late event to be written, or to wait for the sums",
          });
          await holder.query("rollback");
          await Promise.all([summing, writing]);
        } finally {
          await holder.end();
        }
        await rollUp(db());
        const range = { from: day, to: day };
        const visitors = again ? 3 : 2;
        expect(await totals(db(), range)).toEqual({ visitors, views: visitors, leads: 0 });
        expect(await bySource(db(), range)).toContainEqual(
          expect.objectContaining({ source: "linkedin", visitors: 2 }),
        );
        expect(await rollUp(db())).toBe(0);
      },
    );
  },
);
