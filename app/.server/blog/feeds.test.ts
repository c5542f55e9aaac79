import { describe, expect, test } from "vitest";
import { renderRobots, renderRss } from "#app/.server/blog/feeds.ts";
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

  test("a post's excerpt reaches an RSS reader as text, never as markup", () => {
    const rss = renderRss("http://localhost:3000", [
      {
        title: "Q&A",
        slug: "q-and-a",
        excerpt: `<img src=x onerror=alert(1)> & more`,
        date: "2026-11-10",
        readTime: "1 min read",
        author: "The Northstory Team",
        tags: [],
        source: "database",
        updatedAt: "2026-11-10T00:00:00.000Z",
      },
    ]);
    const description = rss.match(/<item>[\s\S]*<description>(.*)<\/description>/)?.[1] ?? "";
    // What a reader gets once it has read the XML: HTML whose text is the excerpt.
    const html = description.replace(
      /&(lt|gt|amp|quot|apos);/g,
      (_entity, name: string) => ({ lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" })[name] ?? "",
    );
    expect(html).toBe("&lt;img src=x onerror=alert(1)&gt; &amp; more");
    expect(rss).toContain("<title>Q&amp;A</title>");
  });

  test("robots.txt points crawlers at the sitemap", () => {
    expect(renderRobots("http://localhost:3000")).toContain(
      "Sitemap: http://localhost:3000/sitemap.xml",
    );
  });
});
