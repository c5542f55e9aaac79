import { type SQL, sql } from "drizzle-orm";
import { getAnalyticsRetention } from "#app/.server/analytics/retention.ts";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { openLeadStatuses } from "#app/lib/leads.ts";

// The analytics report: visits (analytics_events) joined to leads. A visitor is one hash on
// one day (as Plausible counts), so a person back on three days counts three times. A lead
// counts for the source of its first touch (the first visit its browser noted), and for the
// page that visit landed on; spam is left out.

/** A span of whole UTC days, both ends included. */
export type DayRange = { from: string; to: string };

export const rangeChoices = [7, 30, 90] as const;
const MAX_DAYS = 366;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
export const daysIn = (range: DayRange) =>
  Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1;

/** The last `days` days, today included. */
export function lastDays(days: number, today = utcDay(new Date())): DayRange {
  return { from: addDays(today, 1 - days), to: today };
}

/** The same number of days just before. */
export function previousRange(range: DayRange): DayRange {
  const days = daysIn(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/**
 * The range a report's address asks for: `days` (7, 30 or 90), or `from` and `to` (days,
 * at most a year apart); 30 days when it asks for nothing, a problem when it asks badly.
 */
export function rangeFromQuery(
  params: URLSearchParams,
  today = utcDay(new Date()),
): { range: DayRange; days: number | null } | { problem: string } {
  const from = params.get("from");
  const to = params.get("to");
  if (from || to) {
    if (!from || !to || !dayPattern.test(from) || !dayPattern.test(to)) {
      return { problem: "Give both dates of the range, as year-month-day." };
    }
    if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)) || from > to) {
      return { problem: "The range must start on or before the day it ends." };
    }
    const range = { from, to: to > today ? today : to };
    if (daysIn(range) > MAX_DAYS) return { problem: "Choose a range of a year or less." };
    return { range, days: null };
  }
  const asked = params.get("days");
  if (asked === null) return { range: lastDays(30, today), days: 30 };
  const days = Number(asked);
  if (!(rangeChoices as readonly number[]).includes(days)) {
    return { problem: `Choose ${rangeChoices.join(", ")} days, or dates.` };
  }
  return { range: lastDays(days, today), days };
}

const within = (column: SQL, range: DayRange) =>
  sql`${column} >= (${range.from}::date)::timestamp at time zone 'UTC' and ${column} < (${range.to}::date + 1)::timestamp at time zone 'UTC'`;
const eventsIn = (range: DayRange) => within(sql`at`, range);
// Leads added by hand (origin set) came without a visit the site saw: counting them against
// visitors would make up a conversion.
const leadsIn = (range: DayRange) =>
  sql`status <> 'spam' and origin is null and ${within(sql`created_at`, range)}`;
/** An event's UTC day. */
const eventDay = sql`(at at time zone 'UTC')::date`;

export type DailyKind = "total" | "source" | "landing" | "article" | "cta";

/** What each kind of daily row sums up from the raw events: which events, and its keys. */
const dailyKinds: Record<DailyKind, { where: SQL; a: SQL; b: SQL; c: SQL }> = {
  total: { where: sql`kind = 'view'`, a: sql`''`, b: sql`''`, c: sql`''` },
  source: {
    where: sql`kind = 'view' and landing`,
    a: sql`coalesce(source, '')`,
    b: sql`coalesce(medium, '')`,
    c: sql`coalesce(campaign, '')`,
  },
  landing: { where: sql`kind = 'view' and landing`, a: sql`path`, b: sql`''`, c: sql`''` },
  article: {
    where: sql`kind = 'view' and path like '/blog/_%'`,
    a: sql`path`,
    b: sql`''`,
    c: sql`''`,
  },
  cta: { where: sql`kind = 'cta'`, a: sql`coalesce(cta, '')`, b: sql`''`, c: sql`''` },
};

/** Day, keys, visitors and views of one kind, summed from the raw events of `range`. */
function rawDaily(kind: DailyKind, range: DayRange, onlyUnrolled: boolean): SQL {
  const { where, a, b, c } = dailyKinds[kind];
  return sql`select ${eventDay} as day, ${a} as a, ${b} as b, ${c} as c,
      count(distinct visitor)::int as visitors, count(*)::int as views
    from analytics_events
    where ${where} and ${eventsIn(range)}
      ${
        onlyUnrolled
          ? // Days are summed up in order, so only those after the last summed one are read
            // (an index range, not every event of the range).
            sql`and at >= ((select coalesce(max(day) + 1, ${range.from}::date) from analytics_rolled_days)::timestamp at time zone 'UTC')
              and not exists (select 1 from analytics_rolled_days r where r.day = ${eventDay})`
          : sql``
      }
    group by 1, 2, 3, 4`;
}

/**
 * One kind's rows for each day of `range`: from analytics_daily for the days summed up,
 * from the raw events for the rest (today, and any day not yet summed up).
 */
function daily(kind: DailyKind, range: DayRange): SQL {
  return sql`(select day, a, b, c, visitors, views from analytics_daily
      where kind = ${kind} and day between ${range.from}::date and ${range.to}::date
    union all ${rawDaily(kind, range, true)})`;
}

/** Sums up one day's raw events into analytics_daily, every kind (inside a transaction). */
async function sumUpDay(tx: Db, day: string): Promise<void> {
  for (const kind of Object.keys(dailyKinds) as DailyKind[]) {
    await tx.execute(sql`insert into analytics_daily (day, kind, a, b, c, visitors, views)
      select day, ${kind}, a, b, c, visitors, views from (${rawDaily(kind, { from: day, to: day }, false)}) as raw`);
  }
}

/**
 * Makes events written by other copies wait until this transaction, which sums up a day,
 * is done: those already on their way are in before its sums read the day, and those that
 * come later find the day summed up and mark it to be summed up again (insertEventsJson).
 * Without it, a copy writing a day's late events while another sums that day could commit
 * them between two of its statements, or before it has recorded the day, and leave them
 * out of the sums for good. A report reading meanwhile does not wait; the writes wait for
 * one day's sums (the copies keep their events in memory until then).
 */
async function holdEventWrites(tx: Db): Promise<void> {
  await tx.execute(sql`lock table analytics_events in share mode`);
}

/**
 * Sums up each whole day of raw events not summed up yet (days that ended at least ten
 * minutes ago, so events written a little late are in), one day per transaction, oldest
 * first; a day another copy is summing is left to it. Like the report, it reads only the
 * events after the last day summed up (an index range: the hourly job does not read the
 * whole retention period each time). Then it sums up again each day that events reached
 * after its sums were made (a copy that kept them while the database was away), from that
 * day's raw events, as long as they are all still kept (the retention period); a day partly
 * past it keeps its sums. Says how many days it summed. `now` is the database's clock unless
 * given (tests set the moment, so a run just after midnight is not a different test).
 */
export async function rollUpDays(db: Db, { now }: { now?: Date } = {}): Promise<number> {
  const clock = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const days = await queryRows<{ day: string }>(
    db,
    sql`select distinct to_char(${eventDay}, 'YYYY-MM-DD') as day from analytics_events
      where at < (((${clock} - interval '10 minutes') at time zone 'UTC')::date)::timestamp at time zone 'UTC'
        and at >= coalesce(
          (select (max(day) + 1)::timestamp at time zone 'UTC' from analytics_rolled_days),
          '-infinity')
        and not exists (select 1 from analytics_rolled_days r where r.day = ${eventDay})
      order by 1`,
  );
  let rolled = 0;
  for (const { day } of days) {
    const done = await db.transaction(async (tx) => {
      await holdEventWrites(tx as unknown as Db);
      const claimed = await queryRows<{ day: string }>(
        tx as unknown as Db,
        sql`insert into analytics_rolled_days (day) values (${day}::date)
          on conflict do nothing returning day`,
      );
      if (claimed.length === 0) return false;
      await sumUpDay(tx as unknown as Db, day);
      return true;
    });
    if (done) rolled++;
  }
  const retentionDays = await getAnalyticsRetention(db);
  const stale = await queryRows<{ day: string; whole: boolean }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day,
        day::timestamp at time zone 'UTC' >= ${clock} - make_interval(days => ${retentionDays}) as whole
      from analytics_rolled_days where stale order by day`,
  );
  for (const { day, whole } of stale) {
    const done = await db.transaction(async (tx) => {
      await holdEventWrites(tx as unknown as Db);
      const claimed = await queryRows<{ day: string }>(
        tx as unknown as Db,
        sql`update analytics_rolled_days set stale = false, rolled_at = now()
          where day = ${day}::date and stale returning day`,
      );
      if (claimed.length === 0 || !whole) return false;
      await tx.execute(sql`delete from analytics_daily where day = ${day}::date`);
      await sumUpDay(tx as unknown as Db, day);
      return true;
    });
    if (done) rolled++;
  }
  return rolled;
}

// A lead's first touch, counted as events count visits (visitSourceOf and visitMediumOf in
// app/lib/analytics-source.ts).
const leadSource = sql`coalesce(
  nullif(lower(trim(first_touch->>'utm_source')), ''),
  case when nullif(first_touch->>'gclid', '') is not null then 'google'
    when nullif(first_touch->>'li_fat_id', '') is not null then 'linkedin' end,
  nullif(regexp_replace(regexp_replace(lower(coalesce(first_touch->>'referrer', '')), '^[a-z][a-z0-9+.-]*://', ''), '^www\\.|/.*$', '', 'g'), '')
)`;
const leadMedium = sql`coalesce(
  nullif(lower(trim(first_touch->>'utm_medium')), ''),
  case when nullif(first_touch->>'gclid', '') is not null
    or nullif(first_touch->>'li_fat_id', '') is not null then 'cpc' end
)`;
const leadCampaign = sql`nullif(lower(trim(first_touch->>'utm_campaign')), '')`;
const leadLanding = sql`nullif(split_part(first_touch->>'landing', '?', 1), '')`;

export type Totals = { visitors: number; views: number; leads: number };

export async function totals(db: Db, range: DayRange): Promise<Totals> {
  const [events] = await queryRows<{ visitors: number; views: number }>(
    db,
    sql`select coalesce(sum(visitors), 0)::int as visitors, coalesce(sum(views), 0)::int as views
        from ${daily("total", range)} as d`,
  );
  const [leads] = await queryRows<{ leads: number }>(
    db,
    sql`select count(*)::int as leads from leads where ${leadsIn(range)}`,
  );
  return { visitors: events?.visitors ?? 0, views: events?.views ?? 0, leads: leads?.leads ?? 0 };
}

export type SourceRow = {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  visitors: number;
  leads: number;
};

/** Visitors who arrived by each source, medium and campaign, and the leads they became. */
export async function bySource(db: Db, range: DayRange): Promise<SourceRow[]> {
  return queryRows<SourceRow>(
    db,
    sql`with v as (
      select a as s, b as m, c, sum(visitors)::int as visitors
      from ${daily("source", range)} as d group by 1, 2, 3
    ), l as (
      select coalesce(${leadSource}, '') as s, coalesce(${leadMedium}, '') as m,
        coalesce(${leadCampaign}, '') as c, count(*)::int as leads
      from leads where ${leadsIn(range)} group by 1, 2, 3
    )
    select nullif(coalesce(v.s, l.s), '') as source, nullif(coalesce(v.m, l.m), '') as medium,
      nullif(coalesce(v.c, l.c), '') as campaign,
      coalesce(v.visitors, 0) as visitors, coalesce(l.leads, 0) as leads
    from v full outer join l on v.s = l.s and v.m = l.m and v.c = l.c
    order by leads desc, visitors desc, source nulls last, medium, campaign
    limit 200`,
  );
}

export type DealSourceRow = {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  /** The range's leads from there, and how many of them the team put a value on. */
  leads: number;
  valued: number;
  /** Deal values of those still open (new, contacted, qualified), won, and lost. */
  open: number;
  won: number;
  lost: number;
};

/**
 * What the range's leads are worth, by the source, medium and campaign of their first visit
 * (the deal value the team puts on a lead in the back office): still open, and won. Only
 * sources with a lead valued; the leads' own rules (spam and leads added by hand left out).
 */
export async function dealsBySource(db: Db, range: DayRange): Promise<DealSourceRow[]> {
  return queryRows<DealSourceRow>(
    db,
    sql`select ${leadSource} as source, ${leadMedium} as medium, ${leadCampaign} as campaign,
      count(*)::int as leads, count(deal_value)::int as valued,
      coalesce(sum(deal_value) filter (where status in (${sql.join(
        openLeadStatuses.map((status) => sql`${status}`),
        sql`, `,
      )})), 0)::float8 as open,
      coalesce(sum(deal_value) filter (where status = 'won'), 0)::float8 as won,
      coalesce(sum(deal_value) filter (where status = 'lost'), 0)::float8 as lost
    from leads where ${leadsIn(range)}
    group by 1, 2, 3
    having count(deal_value) > 0
    order by won desc, open desc, leads desc, source nulls last, medium, campaign
    limit 200`,
  );
}

export type PageRow = { path: string; visitors: number; views: number; leads: number };

/** Pages visits started on (or, with `articles`, the blog's posts), with the leads they led to. */
export async function byPage(
  db: Db,
  range: DayRange,
  which: "landing" | "articles",
): Promise<PageRow[]> {
  return queryRows<PageRow>(
    db,
    sql`with v as (
      select a as path, sum(visitors)::int as visitors, sum(views)::int as views
      from ${daily(which === "landing" ? "landing" : "article", range)} as d group by 1
    ), l as (
      select ${leadLanding} as path, count(*)::int as leads
      from leads where ${leadsIn(range)} and ${leadLanding} is not null group by 1
    )
    select v.path, v.visitors, v.views, coalesce(l.leads, 0) as leads
    from v left join l on l.path = v.path
    order by leads desc, visitors desc, v.path
    limit 100`,
  );
}

export type CtaRow = { cta: string; clicks: number; visitors: number; leads: number };

/** Clicks on each call to action, and the leads that came through it. */
export async function byCta(db: Db, range: DayRange): Promise<CtaRow[]> {
  return queryRows<CtaRow>(
    db,
    sql`with v as (
      select a as cta, sum(views)::int as clicks, sum(visitors)::int as visitors
      from ${daily("cta", range)} as d group by 1
    ), l as (
      select cta, count(*)::int as leads from leads where ${leadsIn(range)} and cta is not null
      group by cta
    )
    select coalesce(v.cta, l.cta) as cta, coalesce(v.clicks, 0) as clicks,
      coalesce(v.visitors, 0) as visitors, coalesce(l.leads, 0) as leads
    from v full outer join l on l.cta = v.cta
    order by leads desc, clicks desc, cta
    limit 100`,
  );
}

export type DayRow = { day: string; visitors: number; views: number; leads: number };

/** Each day of the range. */
export async function byDay(db: Db, range: DayRange): Promise<DayRow[]> {
  return queryRows<DayRow>(
    db,
    sql`with days as (
      select to_char(d, 'YYYY-MM-DD') as day
      from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d
    ), v as (
      select to_char(day, 'YYYY-MM-DD') as day, sum(visitors)::int as visitors,
        sum(views)::int as views
      from ${daily("total", range)} as d group by 1
    ), l as (
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as leads
      from leads where ${leadsIn(range)} group by 1
    )
    select days.day, coalesce(v.visitors, 0) as visitors, coalesce(v.views, 0) as views,
      coalesce(l.leads, 0) as leads
    from days left join v on v.day = days.day left join l on l.day = days.day
    order by days.day`,
  );
}

/** Leads per visitor, as a decimal (4 places); null without visitors. */
export function conversion(leads: number, visitors: number): number | null {
  return visitors > 0 ? Math.round((leads / visitors) * 10_000) / 10_000 : null;
}

/** Each post's views and the leads whose first visit began on it, over the last `days`. */
export async function postStats(
  db: Db,
  days = 30,
): Promise<Map<string, { views: number; leads: number }>> {
  const range = lastDays(days);
  const rows = await queryRows<{ path: string; views: number; leads: number }>(
    db,
    sql`with v as (
      select a as path, sum(views)::int as views from ${daily("article", range)} as d group by 1
    ), l as (
      select ${leadLanding} as path, count(*)::int as leads from leads
      where ${leadsIn(range)} and ${leadLanding} like '/blog/_%' group by 1
    )
    select coalesce(v.path, l.path) as path, coalesce(v.views, 0) as views,
      coalesce(l.leads, 0) as leads
    from v full outer join l on l.path = v.path`,
  );
  return new Map(rows.map((row) => [row.path, { views: row.views, leads: row.leads }]));
}
