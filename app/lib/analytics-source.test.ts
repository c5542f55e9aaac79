import { describe, expect, test } from "vitest";
import { visitMediumOf, visitSourceOf } from "#app/lib/analytics-source.ts";

describe("the source and medium a visit is counted under", () => {
  test("a campaign's own utm_source and utm_medium win, lowercased", () => {
    expect(
      visitSourceOf({ utmSource: " LinkedIn ", gclid: true, referrerHost: "www.google.com" }),
    ).toBe("linkedin");
    expect(visitMediumOf({ utmMedium: "Social", gclid: true })).toBe("social");
  });

  test("an ad's click id without a campaign is that network's paid click", () => {
    expect(visitSourceOf({ gclid: true, referrerHost: "www.google.com" })).toBe("google");
    expect(visitMediumOf({ gclid: true })).toBe("cpc");
    // LinkedIn's app often sends no Referer at all: without the click id it was Direct.
    expect(visitSourceOf({ liFatId: true })).toBe("linkedin");
    expect(visitMediumOf({ liFatId: true })).toBe("cpc");
  });

  test("otherwise the referring site, without www., and unpaid (no medium); nothing is direct", () => {
    expect(visitSourceOf({ referrerHost: "www.Google.com" })).toBe("google.com");
    expect(visitMediumOf({})).toBeNull();
    expect(visitSourceOf({ utmSource: "  ", referrerHost: null })).toBeNull();
  });
});
