import { legalPageSchema } from "#app/.server/content/collections.ts";
import { readFrontMatter } from "#app/.server/content/front-matter.ts";
import { renderMarkdown, type TocEntry } from "#app/.server/content/render-markdown.ts";
import type { LegalSlug } from "#app/content/legal.ts";

export type LegalDocument = {
  title: string;
  description: string;
  /** Calendar day, "2026-10-01". */
  updated: string;
  html: string;
  toc: TocEntry[];
};

// Bundled at build time, so the server never reads content/ from disk at run time.
const sources = import.meta.glob<string>("/content/legal/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** One legal page's source → the page; throws, naming the file, if its front matter is wrong. */
export function parseLegalDocument(source: string, file: string): LegalDocument {
  const result = readFrontMatter(source, file, legalPageSchema);
  if (!result.ok) {
    throw new Error(`Invalid legal page:\n  ${result.problems.join("\n  ")}`);
  }
  // Sections get anchors and a table of contents: the pages link to them and people cite them.
  return { ...result.data, ...renderMarkdown(result.body, { headingIds: true }) };
}

const cache = new Map<LegalSlug, LegalDocument>();

/** The parsed legal page; throws if the file is missing or its front matter is wrong. */
export function loadLegalDocument(slug: LegalSlug): LegalDocument {
  const cached = cache.get(slug);
  if (cached) return cached;
  const source = sources[`/content/legal/${slug}.md`];
  if (source === undefined) throw new Error(`content/legal/${slug}.md is missing`);
  const document = parseLegalDocument(source, `content/legal/${slug}.md`);
  cache.set(slug, document);
  return document;
}
