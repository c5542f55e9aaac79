import { describe, expect, test } from "vitest";
import { leadLink } from "#app/lib/cta.ts";
import { cameFromCampaign, contactSubmissionSchema, leadSourceFrom } from "#app/lib/lead-source.ts";

const contact = {
  name: "Dana Whitfield",
  email: "dana@example.com",
  message: "We need help with LinkedIn.",
};

const linkedinVisit = {
  landing: "/?utm_source=linkedin&utm_campaign=q4",
  referrer: "https://www.linkedin.com",
  at: "2026-11-20T09:30:00.000Z",
  utm_source: "linkedin",
  utm_campaign: "q4",
  li_fat_id: "4c3f2a10-7d1e-4bb5-9b0e-2f6a1c2d3e4f",
};

function submit(fields: Record<string, string>) {
  return contactSubmissionSchema.safeParse({ ...contact, ...fields });
}

function source(fields: Record<string, string>, referer: string | null = null) {
  const result = submit(fields);
  if (!result.success) throw new Error("the submission was refused");
  return leadSourceFrom(result.data, {
    referer,
    ownOrigins: ["http://localhost:3000", "https://northstory.example"],
  });
}

describe("the lead's source sent with the contact form", () => {
  test("a form sent without the browser's touches takes its campaign from the page it was sent from", () => {
    const landed = {
      landing: "/contact?utm_source=newsletter&utm_campaign=december",
      utm_source: "newsletter",
      utm_campaign: "december",
    };
    expect(source({ page: landed.landing })).toMatchObject({
      formPage: landed.landing,
      lastTouch: landed,
      firstTouch: landed,
    });
    // The browser's own notes win; a page without a campaign says nothing of the visit.
    expect(
      source({ page: landed.landing, touch: JSON.stringify(linkedinVisit) }).lastTouch,
    ).toEqual(linkedinVisit);
    expect(source({ page: "/contact?from=home-hero" })).toMatchObject({
      lastTouch: null,
      firstTouch: null,
    });
    // A campaign value the checks refuse is dropped, as from the browser.
    expect(source({ page: "/contact?utm_source=" }).lastTouch).toBeNull();
  });

  test("else, from the page before it when that one came through a campaign link", () => {
    const before = "/?utm_source=linkedin&utm_campaign=q4";
    const landed = { landing: before, utm_source: "linkedin", utm_campaign: "q4" };
    expect(source({ page: "/contact?from=header-nav", came_from: before })).toMatchObject({
      formPage: "/contact?from=header-nav",
      cta: "header-nav",
      lastTouch: landed,
      firstTouch: landed,
    });
    // The form page's own campaign, and the browser's notes, come first.
    expect(
      source({ page: "/contact?utm_source=newsletter", came_from: before }).lastTouch,
    ).toMatchObject({ utm_source: "newsletter" });
    expect(
      source({ page: "/contact", came_from: before, touch: JSON.stringify(linkedinVisit) })
        .lastTouch,
    ).toEqual(linkedinVisit);
    // Only a path of this site counts.
    expect(
      source({ page: "/contact", came_from: "https://evil.example/?utm_source=x" }).lastTouch,
    ).toBeNull();
  });

  test("the page before is written into the form only when it is ours and came through a campaign", () => {
    const own = ["http://localhost:3000", "https://northstory.example"];
    expect(cameFromCampaign("https://northstory.example/pricing?utm_source=linkedin", own)).toBe(
      "/pricing?utm_source=linkedin",
    );
    expect(cameFromCampaign("https://northstory.example/pricing", own)).toBeNull();
    expect(cameFromCampaign("https://other.example/?utm_source=linkedin", own)).toBeNull();
    expect(cameFromCampaign("not a url", own)).toBeNull();
    expect(cameFromCampaign(null, own)).toBeNull();
  });

  test("a visit's touches and the form's page are kept, with the call to action", () => {
    expect(
      source({
        page: "/contact?from=home-hero",
        touch: JSON.stringify(linkedinVisit),
        first_touch: JSON.stringify({ landing: "/blog", referrer: "https://www.google.com" }),
      }),
    ).toEqual({
      formPage: "/contact?from=home-hero",
      cta: "home-hero",
      lastTouch: linkedinVisit,
      firstTouch: { landing: "/blog", referrer: "https://www.google.com" },
    });
  });

  test("an oversized or invalid field is dropped and the rest of the touch is kept", () => {
    const { lastTouch } = source({
      touch: JSON.stringify({
        ...linkedinVisit,
        utm_medium: "x".repeat(201),
        utm_term: "two\nlines",
        utm_content: "   ",
        referrer: "javascript:alert(1)",
        landing: "//evil.example/path",
        at: "yesterday",
        gclid: 42,
        unknown: "kept nowhere",
      }),
    });
    expect(lastTouch).toEqual({
      utm_source: "linkedin",
      utm_campaign: "q4",
      li_fat_id: linkedinVisit.li_fat_id,
    });
  });

  test.each([
    ["not JSON", "{utm_source: linkedin"],
    ["a list", JSON.stringify(["utm_source", "linkedin"])],
    ["too long as a whole", JSON.stringify({ utm_source: "linkedin", padding: "x".repeat(5_000) })],
    ["nothing valid", JSON.stringify({ utm_source: "" })],
  ])("a touch that is %s is dropped and the message still goes through", (_, touch) => {
    const result = submit({ touch, first_touch: touch, page: "not a path" });
    expect(result.success).toBe(true);
    expect(source({ touch, first_touch: touch, page: "not a path" })).toEqual({
      formPage: null,
      cta: null,
      lastTouch: null,
      firstTouch: null,
    });
  });

  test("a call to action that is not a short slug is not stored, the page still is", () => {
    expect(source({ page: "/contact?from=Home%20Hero" })).toMatchObject({
      formPage: "/contact?from=Home%20Hero",
      cta: null,
    });
    expect(source({ page: `/contact?from=${"a".repeat(65)}` }).cta).toBeNull();
  });

  test("the message's own checks still apply: attribution cannot make a bad message pass", () => {
    expect(submit({ email: "not an address", touch: JSON.stringify(linkedinVisit) }).success).toBe(
      false,
    );
  });

  test("without the page field, a same-origin Referer names the page and another site's does not", () => {
    expect(
      source({}, "https://northstory.example/contact?from=pricing-full-service"),
    ).toMatchObject({
      formPage: "/contact?from=pricing-full-service",
      cta: "pricing-full-service",
    });
    expect(source({}, "https://evil.example/contact?from=pricing-full-service")).toMatchObject({
      formPage: null,
      cta: null,
    });
    expect(source({}, "not a url").formPage).toBeNull();
  });
});

describe("links from calls to action", () => {
  test("carry a short slug as `from`, and a name that is not one is refused", () => {
    expect(leadLink("/book-a-call", "pricing-full-service")).toBe(
      "/book-a-call?from=pricing-full-service",
    );
    expect(() => leadLink("/contact", "Home Hero")).toThrow();
    expect(() => leadLink("/contact", "x".repeat(65))).toThrow();
  });
});
