import { describe, expect, test } from "vitest";
import { about, careers, partners, values } from "#app/content/about.ts";
import { leaders } from "#app/content/leaders.ts";

describe("the About section content", () => {
  test("there are nine leaders with ids 1 to 9, each with a title, a multi-paragraph bio and a LinkedIn profile", () => {
    expect(leaders.map((leader) => leader.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(leaders.map((leader) => leader.name)).size).toBe(9);
    for (const leader of leaders) {
      expect(leader.title).not.toBe("");
      expect(leader.bio.length).toBeGreaterThan(1);
      expect(leader.linkedinUrl).toMatch(/^https:\/\/www\.linkedin\.com\/in\//);
    }
  });

  test("every default portrait is drawn with the site (no outside host) and has explicit dimensions", () => {
    for (const { photo } of leaders) {
      // Built, a file among the site's assets; here (as in development), the drawing inline.
      expect(photo.src).toMatch(/^data:image\/svg\+xml,/);
      expect(photo.width).toBeGreaterThan(0);
      expect(photo.height).toBeGreaterThan(0);
    }
  });

  test("each page has a unique description of 110 to 160 characters", () => {
    const descriptions = [about, values, careers, partners].map((page) => page.meta.description);
    for (const description of descriptions) {
      expect(description.length, description).toBeGreaterThanOrEqual(110);
      expect(description.length, description).toBeLessThanOrEqual(160);
    }
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  test("the careers page states the parental leave policy: 6 weeks paid plus an optional 6 weeks unpaid", () => {
    const leave = careers.benefits.find((benefit) => benefit.title === "Parental leave");
    expect(leave?.body).toMatch(/6 weeks of fully paid parental leave/);
    expect(leave?.body).toMatch(/optional additional 6 weeks of unpaid leave/);
  });
});
