import { Marked, type Tokens } from "marked";
import { legalPageSchema } from "#app/.server/content/collections.ts";
import { readFrontMatter } from "#app/.server/content/front-matter.ts";
import type { LegalSlug } from "#app/content/legal.ts";

export type TocEntry = { id: string; text: string };

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

type HeadingWithId = Tokens.Heading & { id?: string };

/** "3.1 What we provide" → "3-1-what-we-provide". */
export function slugifyHeading(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[*_`[\]()"']/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Markdown → HTML with an id on every heading and a table of contents of the `##` headings.
 * The Markdown is our own, reviewed content (not visitor input), so it is not sanitised.
 */
export function renderLegalMarkdown(markdown: string): { html: string; toc: TocEntry[] } {
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(token) {
        const { id } = token as HeadingWithId;
        const inner = this.parser.parseInline(token.tokens);
        return `<h${token.depth}${id ? ` id="${id}"` : ""}>${inner}</h${token.depth}>\n`;
      },
    },
  });
  const tokens = marked.lexer(markdown);
  const used = new Set<string>();
  const toc: TocEntry[] = [];
  for (const token of tokens) {
    if (token.type !== "heading") continue;
    const heading = token as HeadingWithId;
    const base = slugifyHeading(heading.text) || "section";
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    heading.id = id;
    if (heading.depth === 2) toc.push({ id, text: heading.text.replace(/[*_`]/g, "") });
  }
  return { html: marked.parser(tokens), toc };
}

/** One legal page's source → the page; throws, naming the file, if its front matter is wrong. */
export function parseLegalDocument(source: string, file: string): LegalDocument {
  const result = readFrontMatter(source, file, legalPageSchema);
  if (!result.ok) {
    throw new Error(`Invalid legal page:\n  ${result.problems.join("\n  ")}`);
  }
  return { ...result.data, ...renderLegalMarkdown(result.body) };
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
