import { stringify } from "csv-stringify/sync";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { type LeadScope, leadConditions } from "#app/.server/leads/inbox.ts";
import { toDate } from "#app/.server/leads/rows.ts";
import { leadEmailJoin } from "#app/.server/mail/deliveries.ts";
import type { Touch } from "#app/lib/lead-source.ts";
import {
  type DeliveryState,
  type LeadFilter,
  type LeadLostReason,
  type LeadOrigin,
  type LeadStatus,
  leadLostReasonLabels,
  leadOriginLabels,
} from "#app/lib/leads.ts";

/** Where the lead came from, one column each (blank when not known). */
const sourceColumns = [
  "call_to_action",
  "form_page",
  "landing_page",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "first_landing_page",
  "first_referrer",
] as const;

type SourceColumns = Record<(typeof sourceColumns)[number], string>;

export const leadCsvColumns = [
  "id",
  "received",
  "name",
  "email",
  "status",
  "delivery",
  "message",
  ...sourceColumns,
  // The sales team's work on it: who owns it, when to get back, replies and notes.
  "owner_name",
  "owner_email",
  "follow_up_on",
  // Whole US dollars, blank when not estimated.
  "deal_value",
  "first_reply_at",
  "last_reply_at",
  "notes",
  // Blank for the contact form's leads; how a lead added by hand reached the team.
  "added_by_hand",
  // The person's LinkedIn profile, when the team noted it.
  "linkedin_profile",
  // Why a lost lead was lost ("Price or budget"), when the team said; kept if reopened.
  "lost_reason",
] as const;

function sourceCells(row: {
  cta: string | null;
  form_page: string | null;
  last_touch: Touch | null;
  first_touch: Touch | null;
}): SourceColumns {
  const last = row.last_touch ?? {};
  const first = row.first_touch ?? {};
  return {
    call_to_action: row.cta ?? "",
    form_page: row.form_page ?? "",
    landing_page: last.landing ?? "",
    referrer: last.referrer ?? "",
    utm_source: last.utm_source ?? "",
    utm_medium: last.utm_medium ?? "",
    utm_campaign: last.utm_campaign ?? "",
    utm_term: last.utm_term ?? "",
    utm_content: last.utm_content ?? "",
    first_landing_page: first.landing ?? "",
    first_referrer: first.referrer ?? "",
  };
}

export type LeadCsvRecord = {
  id: string;
  received: Date;
  name: string;
  email: string;
  status: LeadStatus;
  delivery: DeliveryState | null;
  message: string;
  ownerName?: string;
  ownerEmail?: string;
  followUpOn?: string | null;
  dealValue?: number | null;
  firstReplyAt?: Date | null;
  lastReplyAt?: Date | null;
  notes?: number;
  /** A lead added by hand: how they reached the team ("Referral"). */
  addedByHand?: string;
  linkedinProfile?: string | null;
  /** Why it was lost, in words ("Timing"). */
  lostReason?: string;
} & Partial<SourceColumns>;

/**
 * Records as CSV text; `first` adds the byte-order mark (without it Excel reads UTF-8 as
 * a legacy code page and mangles accents) and the header row. Every cell a visitor wrote
 * is data, never a formula: csv-stringify's `escape_formulas` puts a `'` before a cell
 * starting with = + - @, a tab or a carriage return (and their full-width forms), which
 * spreadsheets would otherwise evaluate (OWASP "CSV injection").
 */
export function formatLeadsCsv(records: LeadCsvRecord[], options: { first: boolean }): string {
  return stringify(
    records.map(
      ({
        ownerName,
        ownerEmail,
        followUpOn,
        dealValue,
        firstReplyAt,
        lastReplyAt,
        notes,
        addedByHand,
        linkedinProfile,
        lostReason,
        ...record
      }) => ({
        ...record,
        received: record.received.toISOString(),
        delivery: record.delivery ?? "",
        owner_name: ownerName ?? "",
        owner_email: ownerEmail ?? "",
        follow_up_on: followUpOn ?? "",
        deal_value: dealValue ?? "",
        first_reply_at: firstReplyAt?.toISOString() ?? "",
        last_reply_at: lastReplyAt?.toISOString() ?? "",
        notes: notes ?? 0,
        added_by_hand: addedByHand ?? "",
        linkedin_profile: linkedinProfile ?? "",
        lost_reason: lostReason ?? "",
      }),
    ),
    {
      bom: options.first,
      header: options.first,
      columns: [...leadCsvColumns],
      escape_formulas: true,
    },
  );
}

// Large enough to keep round trips few, small enough that 5,000-character messages stay a
// few megabytes in memory at a time.
const batchSize = 500;

/**
 * Every lead the filter matches (all pages, newest first) as CSV, in chunks: a route can
 * stream it (`new Response(ReadableStream.from(leadsCsv(db, filter)))`). Batches follow
 * (created_at, id) rather than an offset, so a lead arriving mid-export shifts nothing.
 */
export async function* leadsCsv(
  db: Db,
  filter: Omit<LeadFilter, "page" | "pageSize">,
  scope: LeadScope,
): AsyncGenerator<string> {
  const where = leadConditions(filter, scope);
  // The cursor keeps created_at as text: a JS Date would drop the microseconds and skip rows.
  let cursor: { at: string; id: string } | null = null;
  let first = true;
  for (;;) {
    const after: SQL = cursor
      ? sql`and (l.created_at, l.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : sql``;
    const rows = await queryRows<{
      id: string;
      created_at: Date | string;
      cursor_at: string;
      name: string;
      email: string;
      status: LeadStatus;
      delivery: DeliveryState | null;
      message: string;
      cta: string | null;
      form_page: string | null;
      last_touch: Touch | null;
      first_touch: Touch | null;
      owner_name: string | null;
      owner_email: string | null;
      follow_up_on: string | null;
      deal_value: number | null;
      first_reply_at: Date | string | null;
      last_reply_at: Date | string | null;
      notes: number;
      origin: LeadOrigin | null;
      linkedin_url: string | null;
      lost_reason: LeadLostReason | null;
    }>(
      db,
      sql`
      select l.id, l.created_at, l.created_at::text as cursor_at, l.name, l.email, l.status,
        o.status as delivery, l.message, l.cta, l.form_page, l.last_touch, l.first_touch,
        u.name as owner_name, u.email as owner_email,
        to_char(l.follow_up_on, 'YYYY-MM-DD') as follow_up_on, l.deal_value,
        w.first_reply_at, w.last_reply_at, coalesce(w.notes, 0)::int as notes, l.origin,
        l.linkedin_url, l.lost_reason
      from leads l ${leadEmailJoin}
      left join users u on u.id = l.owner_id
      left join lateral (
        select min(a.created_at) filter (where a.kind = 'reply') as first_reply_at,
          max(a.created_at) filter (where a.kind = 'reply') as last_reply_at,
          count(*) filter (where a.kind = 'note') as notes
        from lead_activity a where a.lead_id = l.id
      ) w on true
      where ${where} ${after}
      order by l.created_at desc, l.id desc
      limit ${batchSize}`,
    );
    if (rows.length > 0 || first) {
      yield formatLeadsCsv(
        rows.map((row) => ({
          id: row.id,
          received: toDate(row.created_at),
          name: row.name,
          email: row.email,
          status: row.status,
          delivery: row.delivery,
          message: row.message,
          ...sourceCells(row),
          ownerName: row.owner_name ?? "",
          ownerEmail: row.owner_email ?? "",
          followUpOn: row.follow_up_on,
          dealValue: row.deal_value,
          firstReplyAt: row.first_reply_at ? toDate(row.first_reply_at) : null,
          lastReplyAt: row.last_reply_at ? toDate(row.last_reply_at) : null,
          notes: row.notes,
          addedByHand: row.origin ? leadOriginLabels[row.origin] : "",
          linkedinProfile: row.linkedin_url,
          lostReason: row.lost_reason ? leadLostReasonLabels[row.lost_reason] : "",
        })),
        { first },
      );
      first = false;
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    cursor = { at: last.cursor_at, id: last.id };
  }
}
