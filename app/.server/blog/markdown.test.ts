import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { PostValidationError, parsePost, parsePosts } from "#app/.server/blog/markdown.ts";
import { staticArticleCount } from "#tests/support/content.ts";
import { temporaryDirectory } from "../../../tests/support/temporary-directory.ts";

const article = (front: string, body = "Founders who post every week build trust faster.") =>
  `---\n${front}\n---\n\n${body}\n`;

const complete = [
  'title: "Why Founder-Led Content Wins"',
  'excerpt: "Buyers trust people before logos."',
  "date: 2025-04-15",
  "author: The Northstory Team",
  "tags: [founder-led-content]",
].join("\n");

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof PostValidationError) return error.problems;
    throw error;
  }
  throw new Error("expected the posts to be refused");
}

describe("static article validation", () => {
  test("a complete article is parsed, dated as a calendar day and rendered to HTML", () => {
    const [post] = parsePosts([
      {
        fileName: "/content/blog/why-founders.md",
        source: article(complete, "## Start\n\nWrite **weekly**."),
      },
    ]);
    expect(post).toMatchObject({
      slug: "why-founders",
      title: "Why Founder-Led Content Wins",
      date: "2025-04-15",
      author: "The Northstory Team",
      tags: ["founder-led-content"],
      readTime: "1 min read",
    });
    expect(post?.html).toContain("<h2>Start</h2>");
    expect(post?.html).toContain("<strong>weekly</strong>");
  });

  test("a missing field fails with the file and the field named", () => {
    const withoutAuthor = complete.replace("author: The Northstory Team\n", "");
    const problems = problemsOf(() =>
      parsePosts([{ fileName: "no-author.md", source: article(withoutAuthor) }]),
    );
    expect(problems).toEqual(["no-author.md: author is required"]);
  });

  test("a repeated slug fails the whole set, naming both files", () => {
    const problems = problemsOf(() =>
      parsePosts([
        { fileName: "first.md", source: article(`${complete}\nslug: same-slug`) },
        { fileName: "same-slug.md", source: article(complete) },
      ]),
    );
    expect(problems).toEqual(['same-slug.md: duplicate slug "same-slug" (also used by first.md)']);
  });

  test("bad values are each reported", () => {
    const bad = [
      'title: ""',
      'excerpt: "Fine."',
      'date: "April 15, 2025"',
      "author: The Northstory Team",
      "tags: linkedin",
      "readTime: five minutes",
      "categroy: typo",
    ].join("\n");
    const result = parsePost({ fileName: "bad.md", source: article(bad) });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        "bad.md: title must not be empty",
        "bad.md: date must be a date like 2025-04-15",
        "bad.md: tags must be a list like [linkedin, sales]",
        'bad.md: readTime must look like "5 min read"',
        "bad.md: unknown field(s): categroy",
      ]),
    );
  });

  test("an impossible calendar date is refused", () => {
    const result = parsePost({
      fileName: "feb.md",
      source: article(complete.replace("2025-04-15", '"2025-02-30"')),
    });
    expect(result.ok).toBe(false);
  });

  test("front matter written as JavaScript is refused, naming the file, and never runs", () => {
    const marker = path.join(temporaryDirectory("front-matter"), "ran");
    const fields = `title: "Ran", excerpt: "x", date: "2025-04-15", author: "A", tags: ["a"]`;
    for (const fence of ["---js", "---javascript"]) {
      const source = `${fence}\n(process.getBuiltinModule("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran"), { ${fields} })\n---\n\nBody.\n`;
      const result = parsePost({ fileName: "/drafts/evil.md", source });
      expect(existsSync(marker)).toBe(false);
      expect(result).toEqual({
        ok: false,
        problems: [
          expect.stringMatching(/^evil\.md: the front matter must open with a plain "---"/),
        ],
      });
    }
  });

  test("an unquoted date stays the calendar day written", () => {
    const result = parsePost({ fileName: "dated.md", source: article(complete) });
    expect(result.ok && result.post.date).toBe("2025-04-15");
  });

  test("read time comes from the word count unless the article gives one", () => {
    const words = Array.from({ length: 1150 }, () => "pipeline").join(" ");
    const computed = parsePost({ fileName: "long.md", source: article(complete, words) });
    expect(computed.ok && computed.post.readTime).toBe("5 min read");
    const given = parsePost({
      fileName: "given.md",
      source: article(`${complete}\nreadTime: 12 min read`, words),
    });
    expect(given.ok && given.post.readTime).toBe("12 min read");
  });

  test("every article shipped in content/blog is valid, each under its own slug", async () => {
    const { staticPosts } = await import("#app/.server/blog/static-posts.ts");
    const files = staticArticleCount();
    expect(files).toBeGreaterThan(0);
    expect(staticPosts).toHaveLength(files);
    expect(new Set(staticPosts.map((post) => post.slug)).size).toBe(files);
    for (const post of staticPosts) {
      expect(post.author).toBe("The Northstory Team");
      expect(post.readTime).toMatch(/^\d+ min read$/);
    }
  });
});
