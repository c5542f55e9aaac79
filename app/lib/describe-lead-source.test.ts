import { describe, expect, test } from "vitest";
import { describeLeadSource } from "#app/lib/describe-lead-source.ts";

const visit = {
  landing: "/?utm_source=linkedin&utm_campaign=q4",
  referrer: "https://www.linkedin.com",
  at: "2026-11-20T09:30:00.000Z",
  utm_source: "linkedin",
  utm_campaign: "q4",
};

describe("a lead's source as the team reads it", () => {
  test("lists the landing page, referrer, campaign values, call to action and page", () => {
    expect(
      describeLeadSource({
        lastTouch: visit,
        firstTouch: visit,
        cta: "home-hero",
        formPage: "/contact?from=home-hero",
      }),
    ).toEqual([
      { label: "Landing page", value: "/?utm_source=linkedin&utm_campaign=q4" },
      { label: "Referrer", value: "https://www.linkedin.com" },
      { label: "UTM source", value: "linkedin" },
      { label: "UTM campaign", value: "q4" },
      { label: "Call to action", value: "home-hero" },
      { label: "Sent from", value: "/contact?from=home-hero" },
    ]);
  });

  test("adds the first visit on one line when it was another one", () => {
    const lines = describeLeadSource({
      lastTouch: { landing: "/pricing", at: "2026-11-24T10:00:00.000Z" },
      firstTouch: visit,
    });
    expect(lines).toContainEqual({ label: "Referrer", value: "none (a direct visit)" });
    expect(lines).toContainEqual({
      label: "First visit",
      value:
        "/?utm_source=linkedin&utm_campaign=q4 from https://www.linkedin.com (utm_source=linkedin, utm_campaign=q4), November 20, 2026",
    });
  });

  test("says when the browser sent nothing about the visit", () => {
    expect(describeLeadSource({ formPage: "/contact", cta: null })).toEqual([
      {
        label: "Visit",
        value: "not known (the browser sent no visit details: scripts off or storage blocked)",
      },
      { label: "Sent from", value: "/contact" },
    ]);
  });
});
