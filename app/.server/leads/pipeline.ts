// The pipeline as a board, as Pipedrive shows deals: the open leads by stage (New, Contacted,
// Qualified), largest deal first, and those won in the last 30 days, each stage with how
// many it holds and what they are worth.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import type { LeadOwner, LeadScope } from "#app/.server/leads/inbox.ts";
import { type LeadLostReason, type PipelineStage, pipelineStages } from "#app/lib/leads.ts";

/** A lead still being worked: what the open pipeline adds up. */
export const openLead = sql`l.status in ('new', 'contacted', 'qualified')`;

/** Made `status` (won or lost) in the 30 days before `now`, by its history. */
function madeLately(status: "won" | "lost", now: Date) {
  return sql`l.status = ${status} and exists (
    select 1 from lead_activity a where a.lead_id = l.id and a.kind = 'status'
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
  }>(
    db,
    sql`select id, name, email, status, deal_value, follow_up_on, follow_up_due,
        owner_id, owner_name, owner_email
      from (
        select l.id, l.name, l.email, l.status, l.deal_value,
          to_char(l.follow_up_on, 'YYYY-MM-DD') as follow_up_on,
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
        })),
    };
  });
}
