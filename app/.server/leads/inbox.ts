import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { isLeadId, toDate } from "#app/.server/leads/rows.ts";
import { leadEmailJoin } from "#app/.server/mail/deliveries.ts";
import { describeLeadSource, type SourceLine } from "#app/lib/describe-lead-source.ts";
import type { Touch } from "#app/lib/lead-source.ts";
import { messageGist, sourceSummary } from "#app/lib/lead-summary.ts";
import {
  type DeliveryState,
  type LeadFilter,
  type LeadStatus,
  leadStatuses,
} from "#app/lib/leads.ts";

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The conditions of a filter on `m` (contact_messages) and `o` (leadEmailJoin). */
export function leadConditions(filter: Omit<LeadFilter, "page" | "pageSize">): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(
      sql`(m.name ilike ${pattern} escape '\\' or m.email ilike ${pattern} escape '\\' or m.message ilike ${pattern} escape '\\')`,
    );
  }
  if (filter.status) conditions.push(sql`m.status = ${filter.status}`);
  if (filter.delivery) conditions.push(sql`o.status = ${filter.delivery}`);
  return sql.join(conditions, sql` and `);
}

export type LeadRow = {
  id: string;
  createdAt: Date;
  name: string;
  email: string;
  /** What the message says, greetings skipped, cut at a word (messageGist). */
  excerpt: string;
  /** Where the lead first came from: "LinkedIn · q4-launch" (sourceSummary). */
  source: string | null;
  status: LeadStatus;
  /** Null only for a message stored without an outbox entry (none is, today). */
  delivery: DeliveryState | null;
  attempts: number;
};

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

/** One page of the inbox, newest first, with the totals a pager needs. */
export async function listLeads(db: Db, filter: LeadFilter): Promise<LeadPage> {
  const where = leadConditions(filter);
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from contact_messages m ${leadEmailJoin} where ${where}`,
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
    status: LeadStatus;
    delivery: DeliveryState | null;
    attempts: number | null;
  }>(
    db,
    sql`
    select m.id, m.created_at, m.name, m.email, m.status,
      left(m.message, ${messageStartLength}) as message_start, m.first_touch, m.last_touch,
      o.status as delivery, o.attempts
    from contact_messages m ${leadEmailJoin}
    where ${where}
    order by m.created_at desc, m.id desc
    limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return {
    rows: rows.map((row) => ({
      id: row.id,
      createdAt: toDate(row.created_at),
      name: row.name,
      email: row.email,
      excerpt: messageGist(row.message_start, 200),
      source: sourceSummary({ firstTouch: row.first_touch, lastTouch: row.last_touch }),
      status: row.status,
      delivery: row.delivery,
      attempts: row.attempts ?? 0,
    })),
    total,
    page,
    pageSize,
    pageCount,
  };
}

export type StatusCounts = { counts: Record<LeadStatus, number>; total: number };

/** How many leads each status holds under the rest of a filter (for the status tabs). */
export async function countByStatus(
  db: Db,
  filter: Omit<LeadFilter, "status" | "page" | "pageSize">,
): Promise<StatusCounts> {
  const rows = await queryRows<{ status: LeadStatus; n: number }>(
    db,
    sql`
    select m.status, count(*)::int as n
    from contact_messages m ${leadEmailJoin}
    where ${leadConditions({ q: filter.q, delivery: filter.delivery })}
    group by m.status`,
  );
  const counts = Object.fromEntries(leadStatuses.map((status) => [status, 0])) as Record<
    LeadStatus,
    number
  >;
  let total = 0;
  for (const row of rows) {
    // A status written by hand outside the known list still counts in the total.
    if (row.status in counts) counts[row.status] = row.n;
    total += row.n;
  }
  return { counts, total };
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
  }>(
    db,
    sql`
    select m.id, m.created_at, m.name, m.email, m.message, m.client_ip, m.status,
      m.form_page, m.cta, m.last_touch, m.first_touch,
      o.status as delivery, o.attempts, o.last_error, o.sent_at, o.next_attempt_at
    from contact_messages m ${leadEmailJoin}
    where m.id = ${id}::uuid`,
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
