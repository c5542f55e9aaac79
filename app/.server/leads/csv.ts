import { stringify } from "csv-stringify/sync";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { leadConditions } from "#app/.server/leads/inbox.ts";
import { toDate } from "#app/.server/leads/rows.ts";
import { leadEmailJoin } from "#app/.server/mail/deliveries.ts";
import type { Touch } from "#app/lib/lead-source.ts";
import type { DeliveryState, LeadFilter, LeadStatus } from "#app/lib/leads.ts";

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
    records.map((record) => ({
      ...record,
      received: record.received.toISOString(),
      delivery: record.delivery ?? "",
    })),
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
): AsyncGenerator<string> {
  const where = leadConditions(filter);
  // The cursor keeps created_at as text: a JS Date would drop the microseconds and skip rows.
  let cursor: { at: string; id: string } | null = null;
  let first = true;
  for (;;) {
    const after: SQL = cursor
      ? sql`and (m.created_at, m.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
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
    }>(
      db,
      sql`
      select m.id, m.created_at, m.created_at::text as cursor_at, m.name, m.email, m.status,
        o.status as delivery, m.message, m.cta, m.form_page, m.last_touch, m.first_touch
      from contact_messages m ${leadEmailJoin}
      where ${where} ${after}
      order by m.created_at desc, m.id desc
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
