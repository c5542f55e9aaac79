import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { isLeadId, toDate } from "#app/.server/leads/rows.ts";
import { leadEmailJoin } from "#app/.server/mail/deliveries.ts";
import { describeLeadSource, type SourceLine } from "#app/lib/describe-lead-source.ts";
import type { Touch } from "#app/lib/lead-source.ts";
import { messageGist, sourceInWords, sourceSummary } from "#app/lib/lead-summary.ts";
import {
  type DeliveryState,
  defaultLeadSort,
  idleAfterDays,
  type LeadFilter,
  type LeadLostReason,
  type LeadOrigin,
  type LeadStatus,
  type LeadView,
  leadStatuses,
  openLeadStatuses,
} from "#app/lib/leads.ts";
import { dayIn } from "#app/lib/time-zone.ts";

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Who is looking and which day it is for them: "Mine" is the viewer's leads, "Follow-up
 * due" compares with `today` (YYYY-MM-DD).
 */
export type LeadScope = { viewerId: string; today: string };

/** The scope of a person looking now: "today" is the day it is in their time zone. */
export function scopeFor(viewerId: string, timeZone = "UTC", now = new Date()): LeadScope {
  return { viewerId, today: dayIn(now, timeZone) };
}

/** Statuses a follow-up no longer matters for. */
/** A lead still being worked (openLeadStatuses): what the open pipeline adds up. */
export const openLead = sql`l.status in (${sql.join(
  openLeadStatuses.map((status) => sql`${status}`),
  sql`, `,
)})`;

/**
 * When the team last did anything on the lead `id` (a status, owner, note, reply, value or
 * follow-up day: its history's latest entry), or when it came (`createdAt`) if nothing yet.
 */
export function lastActivityOf(id: SQL, createdAt: SQL): SQL {
  return sql`coalesce((select max(a.created_at) from lead_activity a where a.lead_id = ${id}), ${createdAt})`;
}

type LeadColumns = { id: SQL; createdAt: SQL; status: SQL; followUpOn: SQL };

/**
 * Whether the lead is idle at `now` (`idleAfterDays`): open, no follow-up day, and nothing
 * done on it (or since it came) for that many days; on a lead's columns as `lead` names them.
 * Its history is looked up once, and only for an open lead without a follow-up day that came
 * long enough ago.
 */
function isIdle(lead: LeadColumns, now: SQL): SQL {
  const longAgo = sql`${now} - make_interval(days => ${idleAfterDays})`;
  return sql`(${lead.status} in (${sql.join(
    openLeadStatuses.map((status) => sql`${status}`),
    sql`, `,
  )}) and ${lead.followUpOn} is null and ${lead.createdAt} <= ${longAgo}
    and ${lastActivityOf(lead.id, lead.createdAt)} <= ${longAgo})`;
}

/** How many whole days the lead has been idle at `now` (isIdle), else null. */
export function idleDaysOf(lead: LeadColumns, now: SQL): SQL {
  return sql`case when ${isIdle(lead, now)} then floor(extract(epoch from ${now} - ${lastActivityOf(
    lead.id,
    lead.createdAt,
  )}) / 86400)::int end`;
}

const inboxLead: LeadColumns = {
  id: sql`l.id`,
  createdAt: sql`l.created_at`,
  status: sql`l.status`,
  followUpOn: sql`l.follow_up_on`,
};

/** The conditions of a view on `l` (leads). */
export function viewCondition(view: LeadView, scope: LeadScope): SQL {
  if (view === "mine") return sql`l.owner_id = ${scope.viewerId}::uuid`;
  if (view === "unassigned") return sql`l.owner_id is null`;
  if (view === "idle") return isIdle(inboxLead, sql`now()`);
  const due = sql`(l.follow_up_on <= ${scope.today}::date and ${openLead})`;
  return view === "due" ? due : sql`(${due} and ${viewCondition("mine", scope)})`;
}

/**
 * The conditions of a filter on `l` (leads) and `o` (leadEmailJoin). Without a
 * status, spam is left out (it shows under its own status only), unless `everyStatus`.
 */
export function leadConditions(
  filter: Omit<LeadFilter, "page" | "pageSize">,
  scope: LeadScope,
  options: { everyStatus?: boolean } = {},
): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.q) {
    const pattern = likePattern(filter.q);
    // Also the campaign and source the lead came from (its first and last visit), so
    // "q4-launch" or "newsletter" finds the leads a campaign brought.
    const touched = (touch: string, key: string) =>
      sql`coalesce(l.${sql.raw(touch)}->>${key}, '') ilike ${pattern} escape '\\'`;
    conditions.push(
      sql`(l.name ilike ${pattern} escape '\\' or l.email ilike ${pattern} escape '\\' or l.message ilike ${pattern} escape '\\' or ${touched("first_touch", "utm_campaign")} or ${touched("first_touch", "utm_source")} or ${touched("last_touch", "utm_campaign")} or ${touched("last_touch", "utm_source")})`,
    );
  }
  if (filter.status) conditions.push(sql`l.status = ${filter.status}`);
  else if (!options.everyStatus) conditions.push(sql`l.status <> 'spam'`);
  if (filter.delivery) conditions.push(sql`o.status = ${filter.delivery}`);
  if (filter.view) conditions.push(viewCondition(filter.view, scope));
  return sql.join(conditions, sql` and `);
}

export type LeadRow = {
  id: string;
  createdAt: Date;
  name: string;
  email: string;
  /**
   * What the message says, greetings skipped, cut at a word (messageGist); for a lead added
   * by hand, which has no message, its first note.
   */
  excerpt: string;
  /** Where the lead first came from: "LinkedIn · q4-launch" (sourceSummary). */
  source: string | null;
  status: LeadStatus;
  /** Null for a lead added by hand: nobody was notified of it. */
  delivery: DeliveryState | null;
  attempts: number;
  owner: LeadOwner | null;
  /** YYYY-MM-DD, or null. */
  followUpOn: string | null;
  /** What the deal is worth, in whole US dollars; null: not estimated. */
  dealValue: number | null;
  /** The follow-up day has come (today or earlier) and the lead is still open. */
  followUpDue: boolean;
  /** Days it has been idle (`idleAfterDays` or more), else null. */
  idleDays: number | null;
  /** Nobody on the team has opened it yet. */
  unread: boolean;
};

/** A person on the team a lead is assigned to. */
export type LeadOwner = { id: string; name: string; email: string };

export type LeadPage = {
  rows: LeadRow[];
  /** Leads matching the filter, on every page. */
  total: number;
  /** The page shown: the one asked for, clamped to [1, pageCount]. */
  page: number;
  pageSize: number;
  /** At least 1, so "page 1 of 1" reads right for an empty inbox. */
  pageCount: number;
};

/** Enough of a message to find its gist after any greeting. */
const messageStartLength = 600;

/**
 * The inbox's order (`filter.sort`, else the view's own, defaultLeadSort): newest first; or
 * oldest first; or the follow-up day soonest first, leads without one last (the Follow-up due
 * view's, where it lists the longest overdue first: a rep works the oldest promise first); or
 * by the latest thing done on the lead (a status, note, reply, owner, date; arrival when
 * nothing was). Ties go newest first, then by id, so pages never overlap.
 */
function leadOrder(filter: Pick<LeadFilter, "view" | "sort">) {
  switch (filter.sort ?? defaultLeadSort(filter)) {
    case "oldest":
      return sql`l.created_at asc, l.id asc`;
    case "follow-up":
      return sql`l.follow_up_on asc nulls last, l.created_at desc, l.id desc`;
    case "value":
      return sql`l.deal_value desc nulls last, l.created_at desc, l.id desc`;
    case "activity":
      return sql`${lastActivityOf(sql`l.id`, sql`l.created_at`)} desc, l.created_at desc, l.id desc`;
    default:
      return sql`l.created_at desc, l.id desc`;
  }
}

/** One page of the inbox in its order (leadOrder), with the totals a pager needs. */
export async function listLeads(db: Db, filter: LeadFilter, scope: LeadScope): Promise<LeadPage> {
  const where = leadConditions(filter, scope);
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from leads l ${leadEmailJoin} where ${where}`,
  );
  const total = counted?.total ?? 0;
  const pageSize = Math.max(1, Math.trunc(filter.pageSize));
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(pageCount, Math.max(1, Math.trunc(filter.page)));
  const rows = await queryRows<{
    id: string;
    created_at: Date | string;
    name: string;
    email: string;
    message_start: string;
    first_touch: Touch | null;
    last_touch: Touch | null;
    origin: LeadOrigin | null;
    status: LeadStatus;
    delivery: DeliveryState | null;
    attempts: number | null;
    follow_up_on: string | null;
    follow_up_due: boolean;
    deal_value: number | null;
    unread: boolean;
    owner_id: string | null;
    owner_name: string | null;
    owner_email: string | null;
    idle_days: number | null;
  }>(
    db,
    sql`
    select l.id, l.created_at, l.name, l.email, l.status,
      ${idleDaysOf(inboxLead, sql`now()`)} as idle_days,
      case when l.origin is null then left(l.message, ${messageStartLength}) else coalesce((
        select left(a.note, ${messageStartLength}) from lead_activity a
        where a.lead_id = l.id and a.kind = 'note' and a.deleted_at is null
        order by a.created_at, a.id limit 1), '') end as message_start,
      l.first_touch, l.last_touch, l.origin,
      o.status as delivery, o.attempts,
      to_char(l.follow_up_on, 'YYYY-MM-DD') as follow_up_on, l.deal_value,
      coalesce(l.follow_up_on <= ${scope.today}::date and ${openLead}, false) as follow_up_due,
      l.opened_at is null as unread,
      u.id as owner_id, u.name as owner_name, u.email as owner_email
    from leads l ${leadEmailJoin}
    left join users u on u.id = l.owner_id
    where ${where}
    order by ${leadOrder(filter)}
    limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return {
    rows: rows.map((row) => ({
      id: row.id,
      createdAt: toDate(row.created_at),
      name: row.name,
      email: row.email,
      excerpt: messageGist(row.message_start, 200),
      source: sourceSummary({
        firstTouch: row.first_touch,
        lastTouch: row.last_touch,
        origin: row.origin,
      }),
      status: row.status,
      delivery: row.delivery,
      attempts: row.attempts ?? 0,
      owner: ownerOf(row),
      followUpOn: row.follow_up_on,
      dealValue: row.deal_value,
      followUpDue: row.follow_up_due,
      idleDays: row.idle_days,
      unread: row.unread,
    })),
    total,
    page,
    pageSize,
    pageCount,
  };
}

function ownerOf(row: {
  owner_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
}): LeadOwner | null {
  return row.owner_id
    ? { id: row.owner_id, name: row.owner_name ?? "", email: row.owner_email ?? "" }
    : null;
}

/** `total` is every lead but spam ("All"); spam is counted under its own status. */
export type StatusCounts = {
  counts: Record<LeadStatus, number>;
  total: number;
  views: Record<LeadView, number>;
};

/**
 * How many leads each status holds under the rest of a filter (for the status chips), and
 * each view under the search and delivery filter (for the view chips).
 */
export async function countByStatus(
  db: Db,
  filter: Omit<LeadFilter, "status" | "page" | "pageSize">,
  scope: LeadScope,
): Promise<StatusCounts> {
  const rows = await queryRows<{ status: LeadStatus; n: number }>(
    db,
    sql`
    select l.status, count(*)::int as n
    from leads l ${leadEmailJoin}
    where ${leadConditions({ q: filter.q, delivery: filter.delivery, view: filter.view }, scope, { everyStatus: true })}
    group by l.status`,
  );
  const counts = Object.fromEntries(leadStatuses.map((status) => [status, 0])) as Record<
    LeadStatus,
    number
  >;
  let total = 0;
  for (const row of rows) {
    // A status written by hand outside the known list still counts in the total.
    if (row.status in counts) counts[row.status] = row.n;
    if (row.status !== "spam") total += row.n;
  }
  const [views] = await queryRows<Record<LeadView, number>>(
    db,
    sql`
    select
      count(*) filter (where ${viewCondition("mine", scope)})::int as mine,
      count(*) filter (where ${viewCondition("unassigned", scope)})::int as unassigned,
      count(*) filter (where ${viewCondition("due", scope)})::int as due,
      count(*) filter (where ${viewCondition("my-due", scope)})::int as "my-due",
      count(*) filter (where ${viewCondition("idle", scope)})::int as idle
    from leads l ${leadEmailJoin}
    where ${leadConditions({ q: filter.q, delivery: filter.delivery }, scope)}`,
  );
  return {
    counts,
    total,
    views: views ?? { mine: 0, unassigned: 0, due: 0, "my-due": 0, idle: 0 },
  };
}

export type LeadDetail = {
  id: string;
  createdAt: Date;
  name: string;
  email: string;
  message: string;
  clientIp: string | null;
  status: LeadStatus;
  /** Where the lead came from: the visit, the call to action, the form's page. */
  source: SourceLine[];
  /** The same, in words (sourceInWords). */
  sourceWords: ReturnType<typeof sourceInWords>;
  /** A lead added by hand: how they reached the team, and who added it (null once removed). */
  added: { origin: LeadOrigin; by: string | null } | null;
  owner: LeadOwner | null;
  /** YYYY-MM-DD, or null. */
  followUpOn: string | null;
  /** What the deal is worth, in whole US dollars; null: not estimated. */
  dealValue: number | null;
  /** The person's LinkedIn profile (https://www.linkedin.com/in/…), or null. */
  linkedinUrl: string | null;
  /** Why it was lost, once it is. */
  lostReason: LeadLostReason | null;
  delivery: {
    status: DeliveryState;
    attempts: number;
    lastError: string | null;
    sentAt: Date | null;
    nextAttemptAt: Date;
  } | null;
};

/** One lead in full, or null for an unknown id or one that is not a uuid at all. */
export async function getLead(db: Db, id: string): Promise<LeadDetail | null> {
  if (!isLeadId(id)) return null;
  const [row] = await queryRows<{
    id: string;
    created_at: Date | string;
    name: string;
    email: string;
    message: string;
    client_ip: string | null;
    status: LeadStatus;
    delivery: DeliveryState | null;
    attempts: number | null;
    last_error: string | null;
    sent_at: Date | string | null;
    next_attempt_at: Date | string | null;
    form_page: string | null;
    cta: string | null;
    last_touch: Touch | null;
    first_touch: Touch | null;
    follow_up_on: string | null;
    owner_id: string | null;
    owner_name: string | null;
    owner_email: string | null;
    origin: LeadOrigin | null;
    added_by: string | null;
    deal_value: number | null;
    linkedin_url: string | null;
    lost_reason: LeadLostReason | null;
  }>(
    db,
    sql`
    select l.id, l.created_at, l.name, l.email, l.message, l.client_ip, l.status,
      l.form_page, l.cta, l.last_touch, l.first_touch, l.origin,
      (select coalesce(nullif(a.name, ''), a.email) from users a where a.id = l.added_by) as added_by,
      to_char(l.follow_up_on, 'YYYY-MM-DD') as follow_up_on, l.deal_value, l.linkedin_url, l.lost_reason,
      u.id as owner_id, u.name as owner_name, u.email as owner_email,
      o.status as delivery, o.attempts, o.last_error, o.sent_at, o.next_attempt_at
    from leads l ${leadEmailJoin}
    left join users u on u.id = l.owner_id
    where l.id = ${id}::uuid`,
  );
  if (!row) return null;
  return {
    id: row.id,
    createdAt: toDate(row.created_at),
    name: row.name,
    email: row.email,
    message: row.message,
    clientIp: row.client_ip,
    status: row.status,
    source: describeLeadSource({
      formPage: row.form_page,
      cta: row.cta,
      lastTouch: row.last_touch,
      firstTouch: row.first_touch,
    }),
    sourceWords: sourceInWords({
      formPage: row.form_page,
      cta: row.cta,
      lastTouch: row.last_touch,
      firstTouch: row.first_touch,
    }),
    added: row.origin ? { origin: row.origin, by: row.added_by } : null,
    owner: ownerOf(row),
    followUpOn: row.follow_up_on,
    dealValue: row.deal_value,
    linkedinUrl: row.linkedin_url,
    lostReason: row.lost_reason,
    delivery:
      row.delivery && row.next_attempt_at
        ? {
            status: row.delivery,
            attempts: row.attempts ?? 0,
            lastError: row.last_error,
            sentAt: row.sent_at ? toDate(row.sent_at) : null,
            nextAttemptAt: toDate(row.next_attempt_at),
          }
        : null,
  };
}

/**
 * The leads before and after this one in the inbox's order under `filter` (leadOrder):
 * `previous` is the one above it in the list, `next` the one below; null at either end, or
 * when the lead is not in the filter at all.
 */
export async function leadNeighbours(
  db: Db,
  id: string,
  filter: Omit<LeadFilter, "page" | "pageSize">,
  scope: LeadScope,
): Promise<{ previous: string | null; next: string | null; position: number; total: number }> {
  const none = { previous: null, next: null, position: 0, total: 0 };
  if (!isLeadId(id)) return none;
  const [row] = await queryRows<{
    previous: string | null;
    next: string | null;
    position: number;
    total: number;
  }>(
    db,
    sql`
    with ordered as (
      select l.id,
        lag(l.id) over (order by ${leadOrder(filter)}) as previous,
        lead(l.id) over (order by ${leadOrder(filter)}) as next,
        row_number() over (order by ${leadOrder(filter)})::int as position,
        count(*) over ()::int as total
      from leads l ${leadEmailJoin}
      -- The lead itself keeps its place even once it no longer matches (made Contacted
      -- from the New list, taken from Unassigned): the way on through the list stays.
      where (${leadConditions(filter, scope)}) or l.id = ${id}::uuid
    )
    select previous, next, position, total from ordered where id = ${id}::uuid`,
  );
  return row ?? none;
}

/** Marks a lead as opened by the team (the inbox stops showing it as unread). */
export async function markOpened(db: Db, id: string): Promise<void> {
  if (!isLeadId(id)) return;
  await db.execute(
    sql`update leads set opened_at = now() where id = ${id}::uuid and opened_at is null`,
  );
}

/**
 * Leads nobody on the team has opened yet (spam aside): the count beside "Leads". `opening`
 * is the lead a page being loaded opens: its loader marks it opened while this one counts,
 * so it is left out rather than counted one page too long.
 */
export async function countUnread(db: Db, { opening }: { opening?: string } = {}): Promise<number> {
  const others = opening && isLeadId(opening) ? sql` and id <> ${opening}::uuid` : sql``;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from leads where opened_at is null and status <> 'spam'${others}`,
  );
  return row?.n ?? 0;
}
