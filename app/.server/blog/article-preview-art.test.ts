import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { parsePost } from "#app/.server/blog/markdown.ts";
import { previewArticle } from "#app/components/art/article-preview.tsx";

test("the blog's art shows its article's own title and reading time", () => {
  const fileName = `content/blog/${previewArticle.slug}.md`;
  const parsed = parsePost({ fileName, source: readFileSync(fileName, "utf8") });
  expect(parsed.ok && parsed.post.title).toBe(previewArticle.title);
  expect(parsed.ok && parsed.post.readTime).toBe(previewArticle.readTime);
});
