import { describe, expect, test } from "vitest";
import {
  canonicalTimeZone,
  dayIn,
  isTimeZone,
  parseZonedMoment,
  timeZoneNames,
  toZonedInputValue,
} from "#app/lib/time-zone.ts";

describe("time zones", () => {
  test("known IANA names are zones, anything else is not", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(42)).toBe(false);
    expect(timeZoneNames()[0]).toBe("UTC");
    expect(timeZoneNames()).toContain("America/New_York");
    expect(canonicalTimeZone("Etc/UTC")).toBe("UTC");
    expect(canonicalTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
  });

  test("the day depends on where one is", () => {
    const moment = new Date("2026-11-27T23:30:00Z");
    expect(dayIn(moment, "UTC")).toBe("2026-11-27");
    expect(dayIn(moment, "Europe/Berlin")).toBe("2026-11-28");
    expect(dayIn(moment, "America/Los_Angeles")).toBe("2026-11-27");
  });

  test("a wall-clock time entered in a zone is the right instant, clock changes included", () => {
    expect(parseZonedMoment("2026-11-27T15:05", "Europe/Berlin")?.toISOString()).toBe(
      "2026-11-27T14:05:00.000Z",
    );
    expect(parseZonedMoment("2026-07-01T09:00", "Europe/Berlin")?.toISOString()).toBe(
      "2026-07-01T07:00:00.000Z",
    );
    expect(parseZonedMoment("2026-11-27T09:00:30", "America/New_York")?.toISOString()).toBe(
      "2026-11-27T14:00:30.000Z",
    );
    expect(parseZonedMoment("2026-11-27T19:35", "Asia/Kolkata")?.toISOString()).toBe(
      "2026-11-27T14:05:00.000Z",
    );
    // 02:30 does not exist in Berlin on 29 March 2026: read as 03:30 summer time.
    expect(parseZonedMoment("2026-03-29T02:30", "Europe/Berlin")?.toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
    // 02:30 happens twice on 25 October 2026: the first one (summer time).
    expect(parseZonedMoment("2026-10-25T02:30", "Europe/Berlin")?.toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
    expect(parseZonedMoment("27/11/2026 15:05", "Europe/Berlin")).toBeNull();
    expect(parseZonedMoment("2026-02-30T10:00", "UTC")).toBeNull();
  });

  test("an instant shown in a zone reads back as the same instant", () => {
    for (const zone of ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata"]) {
      const moment = new Date("2026-11-27T14:05:09Z");
      const shown = toZonedInputValue(moment, zone);
      expect(parseZonedMoment(shown, zone)?.getTime(), zone).toBe(moment.getTime());
    }
    expect(toZonedInputValue(new Date("2026-11-27T14:05:09Z"), "Europe/Berlin")).toBe(
      "2026-11-27T15:05:09",
    );
  });
});
