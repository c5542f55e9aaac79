import { describe, expect, test } from "vitest";
import { leadsPerWeekBySource, weekStart } from "#app/lib/lead-weeks.ts";

describe("weekStart", () => {
  test("is the Monday of the week, in UTC", () => {
    expect(weekStart(new Date("2026-11-27T23:59:00Z"))).toBe("2026-11-23"); // a Friday
    expect(weekStart(new Date("2026-11-23T00:00:00Z"))).toBe("2026-11-23"); // the Monday
    expect(weekStart(new Date("2026-11-22T23:59:59Z"))).toBe("2026-11-16"); // the Sunday before
    expect(weekStart(new Date("2027-01-01T12:00:00Z"))).toBe("2026-12-28");
  });
});

describe("leadsPerWeekBySource", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  const lead = (day: string, source: string) => ({
    createdAt: new Date(`${day}T10:00:00Z`),
    source,
  });

  test("counts each week's leads per source over twelve weeks, oldest first, largest source first", () => {
    const result = leadsPerWeekBySource(
      [
        lead("2026-11-27", "LinkedIn"),
        lead("2026-11-24", "LinkedIn"),
        lead("2026-11-24", "Google"),
        lead("2026-11-17", "LinkedIn"),
        lead("2026-09-07", "Direct"), // the oldest week shown
        lead("2026-08-31", "Direct"), // thirteen weeks ago: not shown
        lead("2026-11-30", "Direct"), // next week: not shown
      ],
      now,
    );
    expect(result.weeks).toHaveLength(12);
    expect(result.weeks[0]).toBe("2026-09-07");
    expect(result.weeks.at(-1)).toBe("2026-11-23");
    expect(result.series.map((series) => series.source)).toEqual(["LinkedIn", "Direct", "Google"]);
    expect(result.series[0]?.counts.slice(-2)).toEqual([1, 2]);
    expect(result.series[1]?.counts[0]).toBe(1);
    expect(result.totals.slice(-2)).toEqual([1, 3]);
    expect(result.totals.reduce((a, b) => a + b, 0)).toBe(5);
  });

  test("sources past the fourth are added up as Other", () => {
    const sources = ["A", "A", "A", "B", "B", "C", "C", "D", "E"];
    const result = leadsPerWeekBySource(
      sources.map((source) => lead("2026-11-24", source)),
      now,
    );
    expect(result.series.map((series) => [series.source, series.counts.at(-1)])).toEqual([
      ["A", 3],
      ["B", 2],
      ["C", 2],
      ["Other", 2],
    ]);
  });

  test("no leads: twelve empty weeks and no series", () => {
    const result = leadsPerWeekBySource([], now);
    expect(result.series).toEqual([]);
    expect(result.totals).toEqual(Array(12).fill(0));
  });
});
