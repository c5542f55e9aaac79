import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "#app/.server/db/client.ts";

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
const leadsIn = (range: DayRange) => sql`status <> 'spam' and ${within(sql`created_at`, range)}`;
/** One visitor on one day. */
const visitorDay = sql`to_char(at at time zone 'UTC', 'YYYY-MM-DD') || visitor`;

// A lead's first touch, counted as events count visits (app/lib/analytics-source.ts).
const leadSource = sql`coalesce(
  nullif(lower(trim(first_touch->>'utm_source')), ''),
  nullif(regexp_replace(regexp_replace(lower(coalesce(first_touch->>'referrer', '')), '^[a-z][a-z0-9+.-]*://', ''), '^www\\.|/.*$', '', 'g'), '')
)`;
const leadMedium = sql`nullif(lower(trim(first_touch->>'utm_medium')), '')`;
const leadCampaign = sql`nullif(lower(trim(first_touch->>'utm_campaign')), '')`;
const leadLanding = sql`nullif(split_part(first_touch->>'landing', '?', 1), '')`;

export type Totals = { visitors: number; views: number; leads: number };

export async function totals(db: Db, range: DayRange): Promise<Totals> {
  const [events] = await queryRows<{ visitors: number; views: number }>(
    db,
    sql`select count(distinct ${visitorDay})::int as visitors, count(*)::int as views
        from analytics_events where kind = 'view' and ${eventsIn(range)}`,
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
      select coalesce(source, '') as s, coalesce(medium, '') as m, coalesce(campaign, '') as c,
        count(distinct ${visitorDay})::int as visitors
      from analytics_events where landing and kind = 'view' and ${eventsIn(range)}
      group by 1, 2, 3
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

export type PageRow = { path: string; visitors: number; views: number; leads: number };

/** Pages visits started on (or, with `articles`, the blog's posts), with the leads they led to. */
export async function byPage(
  db: Db,
  range: DayRange,
  which: "landing" | "articles",
): Promise<PageRow[]> {
  const events =
    which === "landing"
      ? sql`landing and kind = 'view'`
      : sql`kind = 'view' and path like '/blog/_%'`;
  return queryRows<PageRow>(
    db,
    sql`with v as (
      select path, count(distinct ${visitorDay})::int as visitors, count(*)::int as views
      from analytics_events where ${events} and ${eventsIn(range)} group by path
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
      select cta, count(*)::int as clicks, count(distinct ${visitorDay})::int as visitors
      from analytics_events where kind = 'cta' and ${eventsIn(range)} group by cta
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
      select to_char(at at time zone 'UTC', 'YYYY-MM-DD') as day,
        count(distinct visitor)::int as visitors, count(*)::int as views
      from analytics_events where kind = 'view' and ${eventsIn(range)} group by 1
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
      select path, count(*)::int as views from analytics_events
      where kind = 'view' and path like '/blog/_%' and ${eventsIn(range)} group by path
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
