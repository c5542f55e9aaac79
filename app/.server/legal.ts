import matter from "gray-matter";
import { Marked, type Tokens } from "marked";
import { z } from "zod";
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

const frontMatter = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  // YAML turns an unquoted 2026-10-01 into a Date; keep only the calendar day.
  updated: z.union([z.date(), z.string()]).transform((value, ctx) => {
    const day = value instanceof Date ? value.toISOString().slice(0, 10) : value;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      ctx.addIssue({ code: "custom", message: "updated must be a date like 2026-10-01" });
      return z.NEVER;
    }
    return day;
  }),
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

const cache = new Map<LegalSlug, LegalDocument>();

/** The parsed legal page; throws if the file is missing or its front matter is wrong. */
export function loadLegalDocument(slug: LegalSlug): LegalDocument {
  const cached = cache.get(slug);
  if (cached) return cached;
  const source = sources[`/content/legal/${slug}.md`];
  if (source === undefined) throw new Error(`content/legal/${slug}.md is missing`);
  const { data, content } = matter(source);
  const parsed = frontMatter.safeParse(data);
  if (!parsed.success) {
    throw new Error(`content/legal/${slug}.md has invalid front matter: ${parsed.error.message}`);
  }
  const document = { ...parsed.data, ...renderLegalMarkdown(content) };
  cache.set(slug, document);
  return document;
}
