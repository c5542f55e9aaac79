// The pipeline as a board, as Pipedrive shows deals: the open leads by stage (New, Contacted,
// Qualified), largest deal first, and those won in the last 30 days, each stage with how
// many it holds and what they are worth.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { listLeadOwners } from "#app/.server/leads/assignment.ts";
import {
  idleDaysOf,
  type LeadOwner,
  type LeadScope,
  openLead,
  viewCondition,
} from "#app/.server/leads/inbox.ts";
import { type LeadLostReason, type PipelineStage, pipelineStages } from "#app/lib/leads.ts";

/**
 * Made `status` (won or lost) in the 30 days before `now`, by its history. The history's
 * changes are read once (a subquery that does not name the lead, hashed by Postgres), not
 * looked up lead by lead: the board's "open or won lately" could not use a join.
 */
function madeLately(status: "won" | "lost", now: Date) {
  return sql`l.status = ${status} and l.id in (
    select a.lead_id from lead_activity a where a.kind = 'status'
      and a.to_status = ${status} and a.created_at >= ${now.toISOString()}::timestamptz - interval '30 days')`;
}

/** Won, and made so in the 30 days before `now`. */
export const wonSince = (now: Date) => madeLately("won", now);

export type LostLately = {
  count: number;
  dollars: number;
  /** How many for each reason given (null: none given), the most first. */
  reasons: { reason: LeadLostReason | null; count: number }[];
};

/** The leads lost in the last 30 days (with `mine`, the viewer's), and why. */
export async function lostLately(
  db: Db,
  scope: LeadScope,
  options: { mine?: boolean; now?: Date } = {},
): Promise<LostLately> {
  const mine = options.mine ? sql` and l.owner_id = ${scope.viewerId}::uuid` : sql``;
  const rows = await queryRows<{ reason: LeadLostReason | null; count: number; dollars: number }>(
    db,
    sql`select l.lost_reason as reason, count(*)::int as count,
        coalesce(sum(l.deal_value), 0)::float8 as dollars
      from leads l where ${madeLately("lost", options.now ?? new Date())}${mine}
      group by 1 order by 2 desc, 1 nulls last`,
  );
  return {
    count: rows.reduce((sum, row) => sum + row.count, 0),
    dollars: rows.reduce((sum, row) => sum + Number(row.dollars), 0),
    reasons: rows.map((row) => ({ reason: row.reason, count: row.count })),
  };
}

/** A column shows at most this many cards; its count and sum are of all of them. */
export const cardsPerStage = 50;

export type PipelineCard = {
  id: string;
  name: string;
  email: string;
  dealValue: number | null;
  owner: LeadOwner | null;
  /** YYYY-MM-DD, or null. */
  followUpOn: string | null;
  /** The follow-up day has come and the lead is still open. */
  followUpDue: boolean;
  /**
   * Days since the team last did anything on the lead (or since it arrived), when it is
   * open, has no follow-up day, and that is `idleAfterDays` or more; else null.
   */
  idleDays: number | null;
};

export type PipelineColumn = {
  stage: PipelineStage;
  /** Leads in the stage, and the sum of their deal values (those without one add nothing). */
  count: number;
  dollars: number;
  cards: PipelineCard[];
};

/**
 * The board for `scope`'s viewer: every stage, with its first `cardsPerStage` cards (the
 * largest deals first, then the newest), its count and its value. With `mine`, only the
 * viewer's own leads.
 */
export async function pipelineBoard(
  db: Db,
  scope: LeadScope,
  options: { mine?: boolean; now?: Date } = {},
): Promise<PipelineColumn[]> {
  const now = options.now ?? new Date();
  const onBoard = sql`(${openLead} or ${wonSince(now)})${
    options.mine ? sql` and l.owner_id = ${scope.viewerId}::uuid` : sql``
  }`;
  const totals = await queryRows<{ status: PipelineStage; count: number; dollars: number }>(
    db,
    sql`select l.status, count(*)::int as count, coalesce(sum(l.deal_value), 0)::float8 as dollars
      from leads l where ${onBoard} group by l.status`,
  );
  const rows = await queryRows<{
    id: string;
    name: string;
    email: string;
    status: PipelineStage;
    deal_value: number | null;
    follow_up_on: string | null;
    follow_up_due: boolean;
    owner_id: string | null;
    owner_name: string | null;
    owner_email: string | null;
    idle_days: number | null;
  }>(
    db,
    // How long each card shown has been left alone: its history's latest entry, read for
    // the cards shown only (by lead_activity_lead_idx).
    sql`select id, name, email, status, deal_value, follow_up_on, follow_up_due,
        owner_id, owner_name, owner_email,
        ${idleDaysOf(
          {
            id: sql`ranked.id`,
            createdAt: sql`ranked.created_at`,
            status: sql`ranked.status`,
            followUpOn: sql`ranked.follow_up_on_day`,
          },
          sql`${now.toISOString()}::timestamptz`,
        )} as idle_days
      from (
        select l.id, l.name, l.email, l.status, l.deal_value, l.created_at,
          to_char(l.follow_up_on, 'YYYY-MM-DD') as follow_up_on, l.follow_up_on as follow_up_on_day,
          coalesce(l.follow_up_on <= ${scope.today}::date and l.status <> 'won', false) as follow_up_due,
          u.id as owner_id, u.name as owner_name, u.email as owner_email,
          row_number() over (
            partition by l.status order by l.deal_value desc nulls last, l.created_at desc, l.id
          ) as place
        from leads l left join users u on u.id = l.owner_id
        where ${onBoard}
      ) ranked
      where place <= ${cardsPerStage}
      order by place`,
  );
  return pipelineStages.map((stage) => {
    const total = totals.find((row) => row.status === stage);
    return {
      stage,
      count: total?.count ?? 0,
      dollars: Number(total?.dollars ?? 0),
      cards: rows
        .filter((row) => row.status === stage)
        .map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          dealValue: row.deal_value,
          owner: row.owner_id
            ? { id: row.owner_id, name: row.owner_name ?? "", email: row.owner_email ?? "" }
            : null,
          followUpOn: row.follow_up_on,
          followUpDue: row.follow_up_due,
          idleDays: row.idle_days,
        })),
    };
  });
}

/** One person's part of the pipeline (or the unassigned leads', `owner` null). */
export type TeamRow = {
  owner: LeadOwner | null;
  /** Open leads (New, Contacted, Qualified) and their value. */
  open: number;
  openDollars: number;
  /** Won and lost in the last 30 days, by the history's status change. */
  won: number;
  wonDollars: number;
  lost: number;
  /** Open leads whose follow-up day has come (the inbox's Follow-up due). */
  due: number;
  /** Median minutes from arrival to the first reply, over their leads of the last 30 days. */
  medianReplyMinutes: number | null;
};

/**
 * Each person who works the leads (active, in their name's order), then anyone else who
 * still owns a lead, then the unassigned leads: what a sales manager reads in HubSpot's
 * team report. A lead counts for its owner now. Spam is left out.
 */
export async function teamLately(
  db: Db,
  scope: LeadScope,
  options: { now?: Date } = {},
): Promise<TeamRow[]> {
  const now = options.now ?? new Date();
  const monthAgo = sql`${now.toISOString()}::timestamptz - interval '30 days'`;
  const [people, rows] = await Promise.all([
    listLeadOwners(db),
    queryRows<{
      owner_id: string | null;
      owner_name: string | null;
      owner_email: string | null;
      open: number;
      open_dollars: number;
      won: number;
      won_dollars: number;
      lost: number;
      due: number;
      median_reply_minutes: number | string | null;
    }>(
      db,
      // The status changes of the last 30 days and the first replies to the leads of the
      // last 30 days are read once each (not looked up lead by lead: at 20,000 leads that
      // took 0.7 s, npm run bench:inbox), then joined to the leads.
      sql`with outcomes as (
        select a.lead_id, bool_or(a.to_status = 'won') as won, bool_or(a.to_status = 'lost') as lost
        from lead_activity a
        where a.kind = 'status' and a.to_status in ('won', 'lost') and a.created_at >= ${monthAgo}
        group by a.lead_id
      ), replies as (
        select a.lead_id, min(a.created_at) as first_reply
        from leads fresh join lead_activity a on a.lead_id = fresh.id and a.kind = 'reply'
        where fresh.created_at >= ${monthAgo}
        group by a.lead_id
      )
      select l.owner_id, u.name as owner_name, u.email as owner_email,
        count(*) filter (where ${openLead})::int as open,
        coalesce(sum(l.deal_value) filter (where ${openLead}), 0)::float8 as open_dollars,
        count(*) filter (where l.status = 'won' and o.won)::int as won,
        coalesce(sum(l.deal_value) filter (where l.status = 'won' and o.won), 0)::float8 as won_dollars,
        count(*) filter (where l.status = 'lost' and o.lost)::int as lost,
        count(*) filter (where ${viewCondition("due", scope)})::int as due,
        percentile_cont(0.5) within group (order by extract(epoch from r.first_reply - l.created_at) / 60)
          filter (where r.first_reply is not null) as median_reply_minutes
      from leads l
      left join users u on u.id = l.owner_id
      left join outcomes o on o.lead_id = l.id
      left join replies r on r.lead_id = l.id
      where l.status <> 'spam'
      group by l.owner_id, u.name, u.email`,
    ),
  ]);
  const toRow = (row: (typeof rows)[number] | undefined, owner: LeadOwner | null): TeamRow => ({
    owner,
    open: row?.open ?? 0,
    openDollars: Number(row?.open_dollars ?? 0),
    won: row?.won ?? 0,
    wonDollars: Number(row?.won_dollars ?? 0),
    lost: row?.lost ?? 0,
    due: row?.due ?? 0,
    medianReplyMinutes:
      row?.median_reply_minutes === null || row?.median_reply_minutes === undefined
        ? null
        : Number(row.median_reply_minutes),
  });
  const active = new Set(people.map((person) => person.id));
  const former = rows.filter(
    (row) => row.owner_id && !active.has(row.owner_id) && (row.open > 0 || row.won + row.lost > 0),
  );
  const unassigned = rows.find((row) => row.owner_id === null);
  return [
    ...people.map((person) =>
      toRow(
        rows.find((row) => row.owner_id === person.id),
        person,
      ),
    ),
    ...former.map((row) =>
      toRow(row, {
        id: row.owner_id ?? "",
        name: row.owner_name ?? "",
        email: row.owner_email ?? "",
      }),
    ),
    ...(unassigned && unassigned.open + unassigned.won + unassigned.lost > 0
      ? [toRow(unassigned, null)]
      : []),
  ];
}
