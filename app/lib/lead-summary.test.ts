import { describe, expect, test } from "vitest";
import {
  companyFromEmail,
  messageGist,
  relativeTime,
  sourceChannel,
  sourceSummary,
} from "#app/lib/lead-summary.ts";

describe("the company behind an address", () => {
  test("a company domain names the company", () => {
    expect(companyFromEmail("dana@acme-labs.io")).toEqual({
      name: "Acme Labs",
      domain: "acme-labs.io",
    });
    expect(companyFromEmail("Ravi@Mail.Northwind.co.uk")).toEqual({
      name: "Northwind",
      domain: "mail.northwind.co.uk",
    });
  });

  test("a free mailbox or an odd address names none", () => {
    for (const email of [
      "sam@gmail.com",
      "x@outlook.com",
      "a@proton.me",
      "nobody",
      "a@localhost",
    ]) {
      expect(companyFromEmail(email), email).toBeNull();
    }
  });
});

describe("the gist of a message", () => {
  test("greetings are skipped and lines run together", () => {
    expect(
      messageGist(
        "Hi Northstory team,\n\nWe are a Series A fintech.\nOur CEO wants to post weekly.",
      ),
    ).toBe("We are a Series A fintech. Our CEO wants to post weekly.");
    expect(messageGist("Hello!\nDear Sir or Madam,\nPricing for 3 founders?")).toBe(
      "Pricing for 3 founders?",
    );
  });

  test("greetings in the languages leads write in are skipped too", () => {
    expect(messageGist("Guten Tag,\nWe need English content for the US market.")).toBe(
      "We need English content for the US market.",
    );
    expect(messageGist("Bonjour !\nHola,\nBudget: 5k.")).toBe("Budget: 5k.");
  });

  test("a first line that says something is kept, even when it starts like a greeting", () => {
    expect(messageGist("Hey, can you start next week? We launch on the 3rd and need posts.")).toBe(
      "Hey, can you start next week? We launch on the 3rd and need posts.",
    );
  });

  test("long messages are cut at a word", () => {
    const gist = messageGist(`${"word ".repeat(100)}end`, 40);
    expect(gist.length).toBeLessThanOrEqual(41);
    expect(gist).toMatch(/word…$/);
  });
});

test("a source reads as a few words", () => {
  expect(
    sourceSummary({
      firstTouch: { referrer: "https://www.linkedin.com", utm_campaign: "q4-launch" },
      lastTouch: { referrer: "https://www.google.com" },
    }),
  ).toBe("LinkedIn · q4-launch");
  expect(
    sourceSummary({ firstTouch: null, lastTouch: { referrer: "https://www.google.co.uk" } }),
  ).toBe("Google");
  expect(
    sourceSummary({
      firstTouch: { utm_source: "linkedin.com", utm_campaign: "ads" },
      lastTouch: null,
    }),
  ).toBe("LinkedIn · ads");
  expect(
    sourceSummary({
      firstTouch: { utm_source: "linkedin", utm_campaign: "q4-launch" },
      lastTouch: null,
    }),
  ).toBe("LinkedIn · q4-launch");
  expect(sourceSummary({ firstTouch: { utm_source: "newsletter" }, lastTouch: null })).toBe(
    "newsletter",
  );
  expect(sourceSummary({ firstTouch: { landing: "/pricing" }, lastTouch: null })).toBe("Direct");
  // An ad click carries its network's click id and no utm_source: not Direct.
  expect(
    sourceSummary({ firstTouch: { landing: "/contact?gclid=abc", gclid: "abc" }, lastTouch: null }),
  ).toBe("Google");
  expect(
    sourceChannel({ firstTouch: { landing: "/", li_fat_id: "4c3f2a10" }, lastTouch: null }),
  ).toBe("LinkedIn");
  expect(
    sourceChannel({
      firstTouch: { landing: "/", gclid: "abc", utm_source: "newsletter" },
      lastTouch: null,
    }),
  ).toBe("newsletter");
  expect(
    sourceSummary({ firstTouch: { referrer: "https://news.ycombinator.com" }, lastTouch: null }),
  ).toBe("news.ycombinator.com");
  expect(sourceSummary({ firstTouch: null, lastTouch: null })).toBeNull();
});

test("a lead added by hand is said by how they reached the team, not by a visit", () => {
  expect(sourceSummary({ firstTouch: null, lastTouch: null, origin: "referral" })).toBe(
    "Referral · added by hand",
  );
  expect(sourceChannel({ firstTouch: null, lastTouch: null, origin: "linkedin" })).toBe(
    "LinkedIn message",
  );
});

test("times read as how long ago, up to a week", () => {
  const now = new Date("2026-11-27T15:00:00Z");
  const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms), now);
  expect(ago(20_000)).toBe("just now");
  expect(ago(5 * 60_000)).toBe("5 min ago");
  expect(ago(3 * 3_600_000)).toBe("3 h ago");
  expect(ago(30 * 3_600_000)).toBe("yesterday");
  expect(ago(4 * 86_400_000)).toBe("4 days ago");
  expect(ago(8 * 86_400_000)).toBeNull();
});
