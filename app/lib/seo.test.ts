import { describe, expect, test } from "vitest";
import { pageMeta, titleWithSite } from "#app/lib/seo.ts";

const meta = (title: string) =>
  pageMeta("https://northstory.example", "Northstory", {
    title,
    description: "A description.",
    path: "/blog/x",
  });

const content = (tags: ReturnType<typeof meta>, property: string) =>
  (tags.find((tag) => "property" in tag && tag.property === property) as { content?: string })
    ?.content;

describe("page titles", () => {
  test("the site's name follows a title that leaves room for it", () => {
    expect(titleWithSite("Pricing", "Northstory")).toBe("Pricing | Northstory");
    const fits = "x".repeat(60 - " | Northstory".length);
    expect(titleWithSite(fits, "Northstory")).toBe(`${fits} | Northstory`);
  });

  test("a long title goes alone: the suffix never pushes its words past 60 characters", () => {
    const long = "Why founder-led LinkedIn beats ads for B2B pipeline in 2026";
    expect(titleWithSite(long, "Northstory")).toBe(long);
    const tags = meta(long);
    expect(tags).toContainEqual({ title: long });
    expect(content(tags, "og:title")).toBe(long);
    expect(content(tags, "og:site_name")).toBe("Northstory");
  });
});
