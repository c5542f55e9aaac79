// Leads per week by where they came from: the numbers behind the overview's chart and its
// table. Weeks start on Monday, in UTC like every back-office time.

const dayMs = 86_400_000;

/** The Monday (YYYY-MM-DD, UTC) of the week `moment` falls in. */
export function weekStart(moment: Date): string {
  const day = new Date(
    Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()),
  );
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * dayMs).toISOString().slice(0, 10);
}

export type WeeklySources = {
  /** The Mondays of the weeks shown, oldest first; the last is the current week. */
  weeks: string[];
  /** One series per source, largest first; sources past `maxSources` are added up as "Other". */
  series: { source: string; counts: number[] }[];
  /** All leads per week. */
  totals: number[];
};

/** Counts leads per week and source over the `weeks` weeks up to `now`'s. */
export function leadsPerWeekBySource(
  leads: readonly { createdAt: Date; source: string }[],
  now: Date,
  options: { weeks?: number; maxSources?: number } = {},
): WeeklySources {
  const weekCount = options.weeks ?? 12;
  const maxSources = options.maxSources ?? 4;
  const last = new Date(`${weekStart(now)}T00:00:00Z`).getTime();
  const weeks = Array.from({ length: weekCount }, (_, i) =>
    new Date(last - (weekCount - 1 - i) * 7 * dayMs).toISOString().slice(0, 10),
  );
  const index = new Map(weeks.map((week, i) => [week, i]));
  const bySource = new Map<string, number[]>();
  const totals = weeks.map(() => 0);
  for (const lead of leads) {
    const i = index.get(weekStart(lead.createdAt));
    if (i === undefined) continue;
    let counts = bySource.get(lead.source);
    if (!counts) {
      counts = weeks.map(() => 0);
      bySource.set(lead.source, counts);
    }
    counts[i] = (counts[i] ?? 0) + 1;
    totals[i] = (totals[i] ?? 0) + 1;
  }
  const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);
  const ranked = [...bySource.entries()]
    .map(([source, counts]) => ({ source, counts }))
    .sort((a, b) => sum(b.counts) - sum(a.counts) || a.source.localeCompare(b.source));
  if (ranked.length <= maxSources) return { weeks, series: ranked, totals };
  const kept = ranked.slice(0, maxSources - 1);
  const other = weeks.map((_, i) =>
    ranked.slice(maxSources - 1).reduce((total, series) => total + (series.counts[i] ?? 0), 0),
  );
  return { weeks, series: [...kept, { source: "Other", counts: other }], totals };
}
