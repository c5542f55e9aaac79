import { stringify } from "csv-stringify/sync";
import { data } from "react-router";
import { bySource, conversion, rangeFromQuery } from "#app/.server/analytics/report.ts";
import { requireArea } from "#app/.server/auth/guard.ts";
import { requireApp } from "#app/.server/context.ts";
import { refuseCrossSiteDownload } from "#app/.server/http/cross-site.ts";
import type { Route } from "./+types/admin.analytics.csv";

/**
 * The sources table as CSV (`?days=7|30|90`, or `from` and `to`): one row per source,
 * medium and campaign, with its visitors, leads and conversion (leads / visitors, a
 * decimal; empty without visitors).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireArea(context, "analytics");
  refuseCrossSiteDownload(request);
  const asked = rangeFromQuery(new URL(request.url).searchParams);
  if ("problem" in asked) {
    throw data(asked.problem, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const rows = await bySource(requireApp(context).database.db, asked.range);
  const body = stringify(
    rows.map((row) => [
      row.source ?? "",
      row.medium ?? "",
      row.campaign ?? "",
      row.visitors,
      row.leads,
      conversion(row.leads, row.visitors) ?? "",
    ]),
    {
      header: true,
      columns: ["source", "medium", "campaign", "visitors", "leads", "conversion"],
      // A campaign name is whatever a link said: data, never a formula.
      escape_formulas: true,
    },
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="northstory-sources-${asked.range.from}-to-${asked.range.to}.csv"`,
    },
  });
}
