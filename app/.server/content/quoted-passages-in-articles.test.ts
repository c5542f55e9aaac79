import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import { expect, test } from "vitest";
import { splitFrontMatter } from "#app/.server/content/front-matter.ts";
import { renderMarkdown } from "#app/.server/content/render-markdown.ts";
import { passageFinder } from "#app/lib/quoted-passages.ts";

// The editor finds the passages a sign-off note quotes (text as the post's page shows it) in
// the post's Markdown (app/lib/quoted-passages.ts); here against the articles
// that ship with the site, rendered by the site's own renderer.
test("a passage of any of the shipped articles, as the page shows it, is found in its Markdown", () => {
  const folder = path.resolve("content/blog");
  let passages = 0;
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".md"))) {
    const { body } = splitFrontMatter(readFileSync(path.join(folder, file), "utf8"), file);
    const { document } = new JSDOM(renderMarkdown(body).html).window;
    const blocks = [...document.querySelectorAll("p, li, h2, h3, h4, td, th")].map(
      (block) => block.textContent?.replace(/\s+/g, " ").trim() ?? "",
    );
    const find = passageFinder(body);
    for (const [index, text] of blocks.entries()) {
      if (!text) continue;
      // A block, its second half (from a word), and it with the next block (a selection
      // over two paragraphs), cut at 300 characters as Comment on this cuts them.
      const split = text.split(" ");
      const half = split.slice(Math.floor(split.length / 2)).join(" ");
      for (const passage of [text, half, `${text} ${blocks[index + 1] ?? ""}`.trim()]) {
        const quote = passage.length > 300 ? `${passage.slice(0, 299)}…` : passage;
        const at = find(quote);
        expect(at, `${file}: ${quote}`).not.toBeNull();
        // The span found starts with the passage's first word and ends with its last (a link's
        // address inside it is not a word of the page's).
        const words = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
        const found = words(body.slice(at?.from ?? 0, at?.to ?? 0).replace(/\]\([^)\n]*\)/g, ""));
        const wanted = words(quote.replace(/…$/, "")).split(" ");
        expect(found.startsWith(wanted[0] ?? "?"), `${file}: ${quote} → ${found}`).toBe(true);
        expect(found.endsWith(wanted.at(-1) ?? "?"), `${file}: ${quote} → ${found}`).toBe(true);
        passages++;
      }
    }
  }
  expect(passages).toBeGreaterThan(500);
});
