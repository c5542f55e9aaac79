// The numbers a salesperson opens the back office for: what waits for an answer, what is
// due, how this week compares, how fast the team answers, and where leads come from.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { type LeadScope, openLead, viewCondition } from "#app/.server/leads/inbox.ts";
import { wonSince } from "#app/.server/leads/pipeline.ts";
import { toDate } from "#app/.server/leads/rows.ts";
import { countFailedLeadEmails } from "#app/.server/mail/deliveries.ts";
import type { Touch } from "#app/lib/lead-source.ts";
import { sourceChannel } from "#app/lib/lead-summary.ts";
import { leadsPerWeekBySource, type WeeklySources, weekStart } from "#app/lib/lead-weeks.ts";
import type { LeadOrigin } from "#app/lib/leads.ts";

export type LeadOverview = {
  /** New leads nobody has replied to yet. */
  newUnanswered: number;
  /** The viewer's own leads whose follow-up day has come. */
  myFollowUpsDue: number;
  /** Leads received since Monday, and in the whole week before. */
  thisWeek: number;
  lastWeek: number;
  /** Median minutes from a lead's arrival to its first reply, over leads of the last 30 days. */
  medianFirstReplyMinutes: number | null;
  /** How many of those leads had a reply (what the median is taken over). */
  repliedIn30Days: number;
  weekly: WeeklySources;
  failedDeliveries: number;
  /** The deal values of the open leads (new, contacted, qualified), and how many have one. */
  openPipeline: { dollars: number; valued: number; open: number };
  /** The deal values of the leads made Won in the last 30 days, and how many they are. */
  wonIn30Days: { dollars: number; leads: number };
};

const weeksShown = 12;

export async function leadOverview(
  db: Db,
  scope: LeadScope,
  now = new Date(),
): Promise<LeadOverview> {
  const monday = weekStart(now);
  const wonLately = wonSince(now);
  const [counts] = await queryRows<{
    new_unanswered: number;
    my_due: number;
    this_week: number;
    last_week: number;
    open_value: number | string;
    open_valued: number;
    open: number;
    won_value: number | string;
    won: number;
  }>(
    db,
    sql`
    select
      count(*) filter (where l.status = 'new' and not exists (
        select 1 from lead_activity a where a.lead_id = l.id and a.kind = 'reply'))::int as new_unanswered,
      count(*) filter (where ${viewCondition("my-due", scope)})::int as my_due,
      count(*) filter (where l.created_at >= ${monday}::date)::int as this_week,
      count(*) filter (where l.created_at >= ${monday}::date - 7 and l.created_at < ${monday}::date)::int as last_week,
      coalesce(sum(l.deal_value) filter (where ${openLead}), 0)::float8 as open_value,
      count(l.deal_value) filter (where ${openLead})::int as open_valued,
      count(*) filter (where ${openLead})::int as open,
      coalesce(sum(l.deal_value) filter (where ${wonLately}), 0)::float8 as won_value,
      count(*) filter (where ${wonLately})::int as won
    from leads l where l.status <> 'spam'`,
  );
  const [reply] = await queryRows<{ median_minutes: number | string | null; replied: number }>(
    db,
    sql`
    select percentile_cont(0.5) within group (order by extract(epoch from r.first_reply - l.created_at) / 60) as median_minutes,
      count(*)::int as replied
    from leads l
    join lateral (
      select min(a.created_at) as first_reply from lead_activity a
      where a.lead_id = l.id and a.kind = 'reply'
    ) r on r.first_reply is not null
    where l.created_at >= ${now.toISOString()}::timestamptz - interval '30 days' and l.status <> 'spam'`,
  );
  const recent = await queryRows<{
    created_at: Date | string;
    first_touch: Touch | null;
    last_touch: Touch | null;
    origin: LeadOrigin | null;
  }>(
    db,
    sql`
    select created_at, first_touch, last_touch, origin from leads
    where status <> 'spam' and created_at >= ${monday}::date - ${(weeksShown - 1) * 7}::int`,
  );
  const weekly = leadsPerWeekBySource(
    recent.map((row) => ({
      createdAt: toDate(row.created_at),
      source: sourceChannel({
        firstTouch: row.first_touch,
        lastTouch: row.last_touch,
        origin: row.origin,
      }),
    })),
    now,
    { weeks: weeksShown },
  );
  const median = reply?.median_minutes;
  return {
    newUnanswered: counts?.new_unanswered ?? 0,
    myFollowUpsDue: counts?.my_due ?? 0,
    thisWeek: counts?.this_week ?? 0,
    lastWeek: counts?.last_week ?? 0,
    medianFirstReplyMinutes: median === null || median === undefined ? null : Number(median),
    repliedIn30Days: reply?.replied ?? 0,
    weekly,
    failedDeliveries: await countFailedLeadEmails(db),
    openPipeline: {
      dollars: Number(counts?.open_value ?? 0),
      valued: counts?.open_valued ?? 0,
      open: counts?.open ?? 0,
    },
    wonIn30Days: { dollars: Number(counts?.won_value ?? 0), leads: counts?.won ?? 0 },
  };
}
