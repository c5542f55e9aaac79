import { describe, expect, test } from "vitest";
import { mergePosts, recentPosts, relatedPosts, rowToSummary } from "#app/.server/blog/posts.ts";
import type { PostSummary } from "#app/lib/blog.ts";

const post = (
  slug: string,
  date: string,
  tags: string[] = [],
  source: PostSummary["source"] = "static",
): PostSummary => ({
  slug,
  title: slug,
  excerpt: "",
  date,
  readTime: "3 min read",
  author: "The Northstory Team",
  tags,
  source,
  updatedAt: `${date}T00:00:00.000Z`,
});

describe("merging static and database posts", () => {
  test("all posts come newest first and each slug once, the static article winning", () => {
    const merged = mergePosts(
      [post("a", "2025-01-01"), post("shared", "2024-06-01")],
      [post("shared", "2026-01-01", [], "database"), post("b", "2025-06-01", [], "database")],
    );
    expect(merged.map((entry) => [entry.slug, entry.source])).toEqual([
      ["b", "database"],
      ["a", "static"],
      ["shared", "static"],
    ]);
  });
});

describe("sidebar lists", () => {
  const all = [
    post("p6", "2026-06-01", ["sales"]),
    post("p5", "2026-05-01", ["linkedin"]),
    post("p4", "2026-04-01", ["events"]),
    post("p3", "2026-03-01", ["linkedin", "sales"]),
    post("p2", "2026-02-01", ["events"]),
    post("p1", "2026-01-01", ["linkedin"]),
  ];

  test("recent posts are the five newest, other than the one being read", () => {
    expect(recentPosts(all).map((entry) => entry.slug)).toEqual(["p6", "p5", "p4", "p3", "p2"]);
    expect(recentPosts(all, all[1]).map((entry) => entry.slug)).toEqual([
      "p6",
      "p4",
      "p3",
      "p2",
      "p1",
    ]);
  });

  test("related posts share a tag, newest first, then the newest others fill up; never the post itself", () => {
    expect(relatedPosts(all, all[3]).map((entry) => entry.slug)).toEqual([
      "p6",
      "p5",
      "p1",
      "p4",
      "p2",
    ]);
    // Filled first with what "Recent Posts" does not show (p1), then the newest.
    expect(
      relatedPosts(all, post("x", "2026-01-01", ["events"])).map((entry) => entry.slug),
    ).toEqual(["p4", "p2", "p1", "p6", "p5"]);
  });
});

describe("database rows", () => {
  const row = {
    id: 1,
    title: "Pipeline From Posts",
    slug: "pipeline-from-posts",
    excerpt: "",
    content: `<p>${"word ".repeat(700)}</p>`,
    date: "2026-03-02",
    readTime: null,
    author: "The Northstory Team",
    published: true,
    tags: ["sales"],
    createdAt: new Date("2026-03-01T10:00:00Z"),
    updatedAt: new Date("2026-03-05T10:00:00Z"),
  };

  test("read_time becomes readTime, computed from the words when empty; an empty excerpt is taken from the text", () => {
    const summary = rowToSummary(row);
    expect(summary.readTime).toBe("3 min read");
    expect(rowToSummary({ ...row, readTime: "9 min read" }).readTime).toBe("9 min read");
    expect(summary.excerpt.length).toBeLessThanOrEqual(156);
    expect(summary.excerpt.startsWith("word word")).toBe(true);
    expect(summary).toMatchObject({
      source: "database",
      tags: ["sales"],
      updatedAt: "2026-03-05T10:00:00.000Z",
    });
  });

  test("an empty excerpt is the first paragraph, read as text, not a heading run into a list", () => {
    const content =
      "<h2>Three numbers</h2>\n<ul><li>62% of inbound came from posts</li></ul>\n<p>Founders&#39; posts &amp; <strong>replies</strong> beat ads &lt;3 to 1&gt;.</p><p>More.</p>";
    expect(rowToSummary({ ...row, content }).excerpt).toBe(
      "Founders' posts & replies beat ads <3 to 1>.",
    );
    // Without a paragraph, the text as a whole.
    expect(rowToSummary({ ...row, content: "<ul><li>Only</li><li>a list</li></ul>" }).excerpt).toBe(
      "Only a list",
    );
  });
});
