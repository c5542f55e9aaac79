import { describe, expect, test } from "vitest";
import { renderRobots } from "#app/.server/blog/feeds.ts";
import { escapeXml } from "#app/.server/xml.ts";

describe("feed text", () => {
  test("markup characters are escaped and characters XML cannot carry are dropped", () => {
    expect(escapeXml(`Q&A: <b>"it's"</b>`)).toBe(
      "Q&amp;A: &lt;b&gt;&quot;it&apos;s&quot;&lt;/b&gt;",
    );
    expect(escapeXml("bell\u0007 and lone \uD800 surrogate, emoji 🚀 kept")).toBe(
      "bell and lone  surrogate, emoji 🚀 kept",
    );
  });

  test("robots.txt points crawlers at the sitemap", () => {
    expect(renderRobots("http://localhost:3000")).toContain(
      "Sitemap: http://localhost:3000/sitemap.xml",
    );
  });
});
