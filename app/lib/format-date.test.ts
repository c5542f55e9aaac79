import { describe, expect, test, vi } from "vitest";
import { formatDate, formatMoment, formatShortDay, nearDay } from "#app/lib/format-date.ts";

describe("formatDate", () => {
  test("shows a calendar day the way the blog prints it", () => {
    expect(formatDate("2025-04-15")).toBe("April 15, 2025");
    expect(formatDate("2026-01-06")).toBe("January 6, 2026");
  });

  test("spells every month the way the US English calendar does", () => {
    const intl = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    for (let month = 1; month <= 12; month++) {
      const day = `2026-${String(month).padStart(2, "0")}-28`;
      expect(formatDate(day)).toBe(intl.format(new Date(`${day}T00:00:00Z`)));
    }
  });

  test("refuses what is not a calendar day", () => {
    expect(() => formatDate("soon")).toThrow(RangeError);
  });

  test("keeps the day whatever the time part says", () => {
    expect(formatDate("2024-12-31T23:30:00-05:00")).toBe("December 31, 2024");
  });
});

describe("nearDay", () => {
  test("says the days around today in words, others short, the year only when it differs", () => {
    expect(nearDay("2026-11-27", "2026-11-27")).toBe("today");
    expect(nearDay("2026-11-28", "2026-11-27")).toBe("tomorrow");
    expect(nearDay("2026-11-26", "2026-11-27")).toBe("yesterday");
    expect(nearDay("2026-12-02", "2026-11-27")).toBe("Dec 2");
    expect(nearDay("2027-01-05", "2026-12-30")).toBe("Jan 5, 2027");
    expect(nearDay("2026-03-01", "2026-02-28")).toBe("tomorrow");
    expect(() => nearDay("soon", "2026-11-27")).toThrow(RangeError);
  });
});

describe("formatMoment", () => {
  test("shows an instant in UTC, said so, and a missing one as never", () => {
    expect(formatMoment(new Date("2026-11-24T14:05:00Z"))).toBe("24 Nov 2026, 14:05 UTC");
    expect(formatMoment("2026-11-24T23:59:00-05:00")).toBe("25 Nov 2026, 04:59 UTC");
    expect(formatMoment(null)).toBe("never");
  });

  test("shows an instant in the reader's time zone, its name said", () => {
    const moment = new Date("2026-11-24T14:05:00Z");
    expect(formatMoment(moment, "Europe/Berlin")).toBe("24 Nov 2026, 15:05 CET");
    expect(formatMoment(moment, "America/New_York")).toBe("24 Nov 2026, 09:05 GMT-5");
    expect(formatMoment(new Date("2026-07-01T08:00:00Z"), "Europe/Berlin")).toBe(
      "1 Jul 2026, 10:00 CEST",
    );
  });
});

test("loading the module creates no Intl formatter (every public page loads it)", async () => {
  vi.resetModules();
  const created = vi.spyOn(Intl, "DateTimeFormat");
  try {
    const fresh = await import("#app/lib/format-date.ts");
    expect(created).not.toHaveBeenCalled();
    fresh.formatDate("2025-04-15");
    expect(created).not.toHaveBeenCalled();
  } finally {
    created.mockRestore();
  }
});

describe("formatShortDay", () => {
  test("a day on a chart's axis: day and month, as the leads and analytics charts write it", () => {
    expect(formatShortDay("2026-10-30")).toBe("30 Oct");
    expect(formatShortDay("2026-09-01T00:00:00.000Z")).toBe("1 Sep");
    expect(() => formatShortDay("not a day")).toThrow(RangeError);
  });
});
