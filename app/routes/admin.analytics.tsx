import { href } from "react-router";
import { Gridlines, labelStep } from "#app/components/admin/chart-grid.tsx";
import { roundScale } from "#app/components/admin/chart-scale.ts";
import { FiguresTable } from "#app/components/admin/figures-table.tsx";
import { AdminPage, Notice, Panel } from "#app/components/admin/ui.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Field, Input, Select } from "#app/components/ui/field.tsx";
import { formatDate, formatShortDay } from "#app/lib/format-date.ts";
import { sourceName } from "#app/lib/lead-summary.ts";
import { formatDealTotal } from "#app/lib/leads.ts";
import type { Route } from "./+types/admin.analytics";
import { loadAnalytics } from "./admin.analytics.server.ts";

// Which pages, campaigns and calls to action bring visitors and leads. Everything is drawn
// on the server (the daily chart is SVG, each chart has its table), so no chart library
// reaches any bundle and the page reads without JavaScript.

export const loader = (args: Route.LoaderArgs) => loadAnalytics(args);

export const meta: Route.MetaFunction = () => [{ title: "Analytics | Northstory back office" }];

type Data = Route.ComponentProps["loaderData"];

const number = (value: number) => value.toLocaleString("en-US");
const percent = (value: number | null) =>
  value === null ? "–" : `${(value * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;

/** "+12% on the previous 30 days", or how it stands when there is nothing to compare. */
function change(now: number | null, before: number | null, days: number): string {
  const span = `the previous ${days} days`;
  // A conversion without visitors: nothing to set it against.
  if (before === null)
    return now === null ? `No visitors here or in ${span}` : `No visitors in ${span}`;
  if (now === null) return `No visitors to compare with ${span}`;
  if (before === 0) return now === 0 ? `None in ${span} either` : `None in ${span}`;
  const delta = Math.round(((now - before) / before) * 100);
  return delta === 0 ? `Same as ${span}` : `${delta > 0 ? "+" : ""}${delta}% on ${span}`;
}

/** Said under the figures when a conversion passes 100%, which the counting allows. */
const conversionOverAll =
  "A conversion over 100% means more leads than visitors counted in the range: a lead counts for the source of its first visit, which can fall before the range began, and visits by the team and by bots are not counted.";

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { range, totals, before, days } = loaderData;
  const span = loaderData.span;
  const overAll = [totals.conversion, ...loaderData.sources.map((row) => row.conversion)].some(
    (value) => value !== null && value > 1,
  );
  const csv = `${href("/admin/analytics.csv")}?${new URLSearchParams(days ? { days: String(days) } : { from: range.from, to: range.to })}`;
  return (
    <AdminPage
      title="Analytics"
      lead="Visits to the public pages and the leads they became. No cookies: a visitor is one browser on one day; bots and the team are not counted."
      actions={
        <a href={csv} className={buttonVariants({ variant: "outline", size: "small" })}>
          Download sources (CSV)
        </a>
      }
    >
      {loaderData.problem ? <Notice tone="error">{loaderData.problem}</Notice> : null}
      <RangeForm data={loaderData} />
      <p className="text-sm text-ink-soft">
        {formatDate(range.from)} to {formatDate(range.to)} (UTC days), compared with{" "}
        {formatDate(loaderData.previous.from)} to {formatDate(loaderData.previous.to)}.
      </p>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label="Visitors"
          value={number(totals.visitors)}
          note={change(totals.visitors, before.visitors, span)}
        />
        <Figure
          label="Page views"
          value={number(totals.views)}
          note={change(totals.views, before.views, span)}
        />
        <Figure
          label="Leads"
          value={number(totals.leads)}
          note={change(totals.leads, before.leads, span)}
        />
        <Figure
          label="Conversion"
          value={percent(totals.conversion)}
          note={change(totals.conversion, before.conversion, span)}
        />
      </dl>
      {overAll ? <p className="text-sm text-ink-soft">{conversionOverAll}</p> : null}
      <Panel title="Visitors and leads by day" id="daily-heading">
        {/* Drawn for the width it is seen at, so its labels keep their size on a phone. */}
        <DailyChart daily={loaderData.daily} width={640} className="hidden sm:block" />
        <DailyChart daily={loaderData.daily} width={320} className="sm:hidden" />
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-soft">
          <li className="flex items-center gap-2">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-brand-600" />
            Visitors
          </li>
          <li className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block size-3 rounded-full border border-ink bg-accent-400"
            />
            A day with leads (the table has how many)
          </li>
        </ul>
        <details className="mt-4">
          <summary className="cursor-pointer font-semibold text-brand-700">
            The figures as a table
          </summary>
          <FiguresTable
            caption="Visitors, page views and leads by day"
            figures={3}
            head={["Day", "Visitors", "Page views", "Leads"]}
            rows={loaderData.daily.map((row) => [
              formatDate(row.day),
              number(row.visitors),
              number(row.views),
              number(row.leads),
            ])}
          />
        </details>
      </Panel>
      <Panel title="Sources" id="sources-heading">
        <p className="mb-3 text-sm text-ink-soft">
          Where visits began (the campaign in the link, else the ad clicked, shown as medium cpc,
          else the site they came from), and the leads whose first visit began there. Conversion is
          leads per visitor.
        </p>
        <FiguresTable
          caption="Visitors and leads by source, medium and campaign"
          figures={3}
          wrapFirst
          // One column for the three names, the medium and campaign under the source, so the
          // figures stay in view on a phone without scrolling sideways.
          head={["Source, medium · campaign", "Visitors", "Leads", "Conversion"]}
          rows={loaderData.sources.map((row) => [
            <SourceNames key="names" row={row} />,
            number(row.visitors),
            number(row.leads),
            percent(row.conversion),
          ])}
          empty="No visits counted in this range yet."
        />
      </Panel>
      <Panel title="Deals by source" id="deals-heading">
        <p className="mb-3 text-sm text-ink-soft">
          What the range's leads are worth, by where their first visit began: the deal values the
          sales team put on them, still open (New, Contacted, Qualified), won and lost. Only sources
          with a valued lead; leads added by hand are not here.
        </p>
        <FiguresTable
          caption="Deal values of the range's leads by source, medium and campaign: open, won and lost"
          figures={4}
          wrapFirst
          head={["Source, medium · campaign", "Leads valued", "Open", "Won", "Lost"]}
          rows={loaderData.deals.map((row) => [
            <SourceNames key="names" row={row} />,
            `${number(row.valued)} of ${number(row.leads)}`,
            formatDealTotal(row.open),
            formatDealTotal(row.won),
            formatDealTotal(row.lost),
          ])}
          empty="No lead of this range has a deal value yet: the sales team sets one on a lead's page."
        />
      </Panel>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Panel title="Landing pages" id="landing-heading">
          <FiguresTable
            caption="Pages visits began on"
            figures={2}
            wrapFirst
            head={["Page", "Visitors", "Leads"]}
            rows={loaderData.landing.map((row) => [
              row.path,
              number(row.visitors),
              number(row.leads),
            ])}
            empty="No visits counted in this range yet."
          />
        </Panel>
        <Panel title="Articles" id="articles-heading">
          <FiguresTable
            caption="Blog posts read"
            figures={3}
            wrapFirst
            head={["Article", "Views", "Visitors", "Leads"]}
            rows={loaderData.articles.map((row) => [
              row.path,
              number(row.views),
              number(row.visitors),
              number(row.leads),
            ])}
            empty="No article read in this range yet."
          />
        </Panel>
      </div>
      <Panel title="Calls to action" id="cta-heading">
        <FiguresTable
          caption="Clicks on each call to action, and the leads sent through it"
          figures={3}
          head={["Call to action", "Clicks", "Visitors", "Leads"]}
          rows={loaderData.ctas.map((row) => [
            row.cta,
            number(row.clicks),
            number(row.visitors),
            number(row.leads),
          ])}
          empty="No call to action clicked in this range yet."
        />
      </Panel>
    </AdminPage>
  );
}

function RangeForm({ data }: { data: Data }) {
  return (
    // On a phone: the range on its own line, the two dates side by side, then Show.
    <form
      method="get"
      className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap"
      aria-label="Range"
    >
      <div className="col-span-2">
        <Field id="analytics-days" label="Range">
          {(control) => (
            <Select {...control} name="days" defaultValue={data.days ? String(data.days) : ""}>
              <option value="7">Last 7 days</option>
              <option value="30">Last 30 days</option>
              <option value="90">Last 90 days</option>
              <option value="">From and to dates</option>
            </Select>
          )}
        </Field>
      </div>
      <Field id="analytics-from" label="From">
        {(control) => (
          <Input
            {...control}
            type="date"
            name="from"
            defaultValue={data.days ? "" : data.range.from}
          />
        )}
      </Field>
      <Field id="analytics-to" label="To">
        {(control) => (
          <Input {...control} type="date" name="to" defaultValue={data.days ? "" : data.range.to} />
        )}
      </Field>
      <Button type="submit" variant="outline" size="small" className="justify-self-start">
        Show
      </Button>
    </form>
  );
}

/**
 * A source, then its medium and campaign under it, named as the leads inbox names it
 * ("linkedin" → LinkedIn); the CSV keeps it as sent.
 */
function SourceNames({
  row,
}: {
  row: { source: string | null; medium: string | null; campaign: string | null };
}) {
  return (
    <>
      <span className="block font-semibold text-ink">
        {row.source ? sourceName(row.source) : "Direct"}
      </span>
      <span className="block text-ink-soft">
        {row.medium || row.campaign
          ? `${row.medium ?? "no medium"} · ${row.campaign ?? "no campaign"}`
          : "no campaign"}
      </span>
    </>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4">
      <dt className="text-sm font-semibold text-ink-soft">{label}</dt>
      <dd className="mt-1 font-display text-3xl font-bold text-ink tabular-nums">{value}</dd>
      <dd className="mt-1 text-sm text-ink-soft">{note}</dd>
    </div>
  );
}

const chart = { height: 200, top: 12, bottom: 24, left: 32, right: 8 };

/** Visitors a day as bars, leads as dots above them; the table below has the figures. */
function DailyChart({
  daily,
  width,
  className,
}: {
  daily: Data["daily"];
  /** The drawing's width in its own units, about its width on screen. */
  width: number;
  className: string;
}) {
  const max = Math.max(0, ...daily.map((day) => day.visitors));
  const { top: topValue, ticks } = roundScale(max);
  const plotWidth = width - chart.left - chart.right;
  const plotHeight = chart.height - chart.top - chart.bottom;
  const slot = plotWidth / Math.max(1, daily.length);
  const y = (value: number) => chart.top + plotHeight - (value / topValue) * plotHeight;
  const labelEvery = labelStep(daily.length, width);
  return (
    <svg
      viewBox={`0 0 ${width} ${chart.height}`}
      className={cn("h-auto w-full", className)}
      role="img"
      aria-label={`Visitors by day: ${daily.reduce((sum, day) => sum + day.visitors, 0)} in all, most on one day ${max}; leads marked as dots. The table below has each day.`}
    >
      <Gridlines ticks={ticks} y={y} left={chart.left} right={width - chart.right} fontSize={11} />
      {daily.map((day, index) => {
        const x = chart.left + index * slot;
        const barWidth = Math.max(2, slot * 0.7);
        return (
          <g key={day.day}>
            <rect
              x={x + (slot - barWidth) / 2}
              y={y(day.visitors)}
              width={barWidth}
              height={chart.top + plotHeight - y(day.visitors)}
              className="fill-brand-600"
              rx="2"
            />
            {day.leads > 0 ? (
              <circle
                cx={x + slot / 2}
                cy={Math.max(chart.top + 4, y(day.visitors) - 8)}
                r="4"
                className="fill-accent-400 stroke-ink"
              />
            ) : null}
            {index % labelEvery === 0 ? (
              <text
                x={x + slot / 2}
                y={chart.height - 6}
                textAnchor="middle"
                fontSize="11"
                fill="#475569"
              >
                {formatShortDay(day.day)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
