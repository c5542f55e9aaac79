import { describe, expect, test } from "vitest";
import {
  formatDealTotal,
  formatDealValue,
  leadFilterToSearch,
  parseLeadFilter,
} from "#app/lib/leads.ts";

const parse = (search: string) => parseLeadFilter(new URLSearchParams(search));

describe("the leads inbox filter in the URL", () => {
  test("no query is every lead, page 1, 25 a page", () => {
    expect(parse("")).toEqual({ page: 1, pageSize: 25 });
  });

  test("a full query is read back as typed", () => {
    expect(parse("?q=Acme%20Ltd&status=qualified&delivery=failed&page=3&size=50")).toEqual({
      q: "Acme Ltd",
      status: "qualified",
      delivery: "failed",
      page: 3,
      pageSize: 50,
    });
  });

  test("an unknown status or delivery state is ignored, not an error", () => {
    expect(parse("?status=NEW&delivery=bounced")).toEqual({ page: 1, pageSize: 25 });
    expect(parse("?status=won&status=lost").status).toBe("won");
  });

  test("junk page numbers fall back to page 1 and real ones are clamped", () => {
    for (const junk of ["abc", "", "NaN", "Infinity", "0x", "--1"]) {
      expect(parse(`?page=${junk}`).page).toBe(1);
    }
    expect(parse("?page=0").page).toBe(1);
    expect(parse("?page=-4").page).toBe(1);
    expect(parse("?page=2.9").page).toBe(2);
    expect(parse("?page=1e12").page).toBe(100_000);
  });

  test("page sizes stay between 1 and 100", () => {
    expect(parse("?size=0").pageSize).toBe(1);
    expect(parse("?size=5000").pageSize).toBe(100);
    expect(parse("?size=ten").pageSize).toBe(25);
  });

  test("a search is trimmed, a blank one is none, and a very long one is cut", () => {
    expect(parse("?q=%20%20dana%20").q).toBe("dana");
    expect(parse("?q=%20%20%20")).not.toHaveProperty("q");
    expect(parse(`?q=${"x".repeat(1_000)}`).q).toHaveLength(200);
    // Wildcards are kept as typed; the query makes them literal.
    expect(parse("?q=50%25_off").q).toBe("50%_off");
  });

  test("a sort is kept only when it is not the view's own order; junk is ignored", () => {
    expect(parse("?sort=oldest").sort).toBe("oldest");
    expect(parse("?sort=activity&page=2")).toEqual({ sort: "activity", page: 2, pageSize: 25 });
    expect(parse("?sort=newest")).not.toHaveProperty("sort");
    expect(parse("?view=due&sort=follow-up")).not.toHaveProperty("sort");
    expect(parse("?view=due&sort=newest").sort).toBe("newest");
    expect(parse("?sort=name")).not.toHaveProperty("sort");
    expect(leadFilterToSearch({ sort: "newest", page: 1, pageSize: 25 })).toBe("");
    expect(leadFilterToSearch({ view: "due", sort: "oldest", page: 1, pageSize: 25 })).toBe(
      "?view=due&sort=oldest",
    );
  });

  test("a link built from a filter reads back as the same filter, defaults left out", () => {
    const filter = {
      q: "café & co",
      status: "won",
      delivery: "sent",
      page: 4,
      pageSize: 10,
    } as const;
    const search = leadFilterToSearch(filter);
    expect(parse(search)).toEqual(filter);
    expect(leadFilterToSearch({ page: 1, pageSize: 25 })).toBe("");
    expect(leadFilterToSearch({ status: "spam", page: 1 })).toBe("?status=spam");
  });
});

describe("deal values as the back office writes them", () => {
  test("a deal is exact, with thousands separated", () => {
    expect(formatDealValue(0)).toBe("$0");
    expect(formatDealValue(4500)).toBe("$4,500");
    expect(formatDealValue(1250000)).toBe("$1,250,000");
  });

  test("a sum is exact below $100,000 and short above, to fit a phone's tile", () => {
    expect(formatDealTotal(99_999)).toBe("$99,999");
    expect(formatDealTotal(139_500)).toBe("$139.5K");
    expect(formatDealTotal(1_250_000)).toBe("$1.3M");
    expect(formatDealTotal(100_000_000)).toBe("$100M");
  });
});
