import { describe, expect, test } from "vitest";
import { formatDate } from "#app/lib/format-date.ts";

describe("formatDate", () => {
  test("shows a calendar day the way the blog prints it", () => {
    expect(formatDate("2025-04-15")).toBe("April 15, 2025");
    expect(formatDate("2026-01-06")).toBe("January 6, 2026");
  });

  test("keeps the day whatever the time part says", () => {
    expect(formatDate("2024-12-31T23:30:00-05:00")).toBe("December 31, 2024");
  });
});
