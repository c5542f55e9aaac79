import { Gridlines, labelStep } from "#app/components/admin/chart-grid.tsx";
import { roundScale } from "#app/components/admin/chart-scale.ts";
import { formatShortDay } from "#app/lib/format-date.ts";
import type { WeeklySources } from "#app/lib/lead-weeks.ts";

// Stacked bars drawn as SVG on the server: no chart library in any bundle, readable at
// 390 px (the SVG scales), and the same numbers as a table for screen readers and anyone
// who wants the figures.

/** One colour a source, in the order of the series (largest first), each told apart by text too. */
const colours = ["#2b50c8", "#f2b632", "#0b1b33", "#7c9cf0"];
/** What is not one source stays grey, so the named sources stand out. */
const unnamed = new Set(["Not known", "Other"]);

/** Each series' colour: the palette in order for named sources, grey for the rest. */
function seriesColours(sources: readonly string[]): string[] {
  let next = 0;
  return sources.map((source) =>
    unnamed.has(source) ? "#b6c0cf" : (colours[next++ % colours.length] ?? "#2b50c8"),
  );
}

const height = 220;
// Room on the right for the last week's label, centred under its bar.
const padding = { top: 16, right: 20, bottom: 28, left: 28 };

export function WeeklySourcesChart({ data, id }: { data: WeeklySources; id: string }) {
  const fills = seriesColours(data.series.map((series) => series.source));
  const total = data.totals.reduce((a, b) => a + b, 0);
  const thisWeek = data.totals.at(-1) ?? 0;
  const summary =
    total === 0
      ? `No leads in the last ${data.weeks.length} weeks.`
      : `${total} leads in the last ${data.weeks.length} weeks, ${thisWeek} this week; by source: ${data.series
          .map((series) => `${series.source} ${series.counts.reduce((a, b) => a + b, 0)}`)
          .join(", ")}.`;
  return (
    <figure aria-labelledby={`${id}-caption`} className="space-y-4">
      <figcaption id={`${id}-caption`} className="text-sm text-ink-soft">
        {summary}
      </figcaption>
      {/* Drawn for each width rather than shrunk: on a phone the bars are narrower and the
          labels keep their size, with nothing to scroll. */}
      <Bars data={data} fills={fills} summary={summary} width={640} className="hidden sm:block" />
      <Bars data={data} fills={fills} summary={summary} width={320} className="sm:hidden" />
      {data.series.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink" aria-label="Sources">
          {data.series.map((series, s) => (
            <li key={series.source} className="inline-flex items-center gap-2">
              <svg aria-hidden="true" viewBox="0 0 12 12" className="size-3">
                <rect width="12" height="12" rx="2" fill={fills[s]} />
              </svg>
              {series.source}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-700">
          Show the numbers as a table
        </summary>
        {/* Scrolled sideways on a phone when there are many sources: reachable with the
            keyboard, named for what it holds. */}
        <section
          className="overflow-x-auto"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, by keyboard too
          tabIndex={0}
          aria-label="Leads per week by source, as a table"
        >
          <table className="w-full text-left">
            <caption className="sr-only">Leads per week by source</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Week of
                </th>
                {data.series.map((series) => (
                  <th key={series.source} scope="col" className="py-2 pr-4 font-semibold">
                    {series.source}
                  </th>
                ))}
                <th scope="col" className="py-2 font-semibold">
                  All
                </th>
              </tr>
            </thead>
            <tbody>
              {data.weeks.map((week, i) => (
                <tr key={week} className="border-b border-slate-100">
                  <th scope="row" className="py-1.5 pr-4 font-normal whitespace-nowrap">
                    {formatShortDay(week)}
                  </th>
                  {data.series.map((series) => (
                    <td key={series.source} className="py-1.5 pr-4 tabular-nums">
                      {series.counts[i] ?? 0}
                    </td>
                  ))}
                  <td className="py-1.5 tabular-nums">{data.totals[i] ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </figure>
  );
}

/** The stacked bars, drawn `width` units wide (the SVG then scales to its box). */
function Bars({
  data,
  fills,
  summary,
  width,
  className,
}: {
  data: WeeklySources;
  fills: string[];
  summary: string;
  width: number;
  className: string;
}) {
  const { top, ticks } = roundScale(Math.max(...data.totals));
  const plotWidth = width - padding.left - padding.right;
  const plotHeight = height - padding.top - padding.bottom;
  const slot = plotWidth / data.weeks.length;
  const barWidth = Math.max(4, slot * 0.6);
  const y = (value: number) => padding.top + plotHeight - (value / top) * plotHeight;
  // Counted from the latest week, which always has its date.
  const labelEvery = labelStep(data.weeks.length, width);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className={`h-auto w-full ${className}`}
      role="img"
      aria-label={summary}
    >
      <Gridlines
        ticks={ticks}
        y={y}
        left={padding.left}
        right={width - padding.right}
        fontSize={12}
      />
      {data.weeks.map((week, i) => {
        const x = padding.left + i * slot + (slot - barWidth) / 2;
        let base = 0;
        return (
          <g key={week}>
            {data.series.map((series, s) => {
              const count = series.counts[i] ?? 0;
              if (count === 0) return null;
              const rect = (
                <rect
                  key={series.source}
                  x={x}
                  y={y(base + count)}
                  width={barWidth}
                  height={y(base) - y(base + count)}
                  fill={fills[s]}
                />
              );
              base += count;
              return rect;
            })}
            {(data.weeks.length - 1 - i) % labelEvery !== 0 ? null : (
              <text
                x={x + barWidth / 2}
                y={height - 8}
                textAnchor="middle"
                fontSize="12"
                fill="#475569"
              >
                {formatShortDay(week)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
