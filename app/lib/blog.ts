// Shapes and small rules of the blog shared by the server (loaders, feeds, the post command)
// and the browser (cards, pagination). Imported by scripts/post.ts under Node's type
// stripping too, so it stays free of JSX and path aliases.

import { href } from "react-router";
import type { ImageRef } from "#app/lib/images.ts";

/** What a card, a feed item or a sidebar link needs: a post without its body. */
export type PostSummary = {
  title: string;
  slug: string;
  excerpt: string;
  /** Calendar day, "2025-04-15". */
  date: string;
  /** "5 min read". */
  readTime: string;
  author: string;
  tags: string[];
  source: "static" | "database";
  /** When the post last changed, ISO; for the sitemap. */
  updatedAt: string;
  /** Its cover image, when it has one (with alt text): on its card and in post lists. */
  cover?: ImageRef;
};

/**
 * A post as its page shows it: the summary plus HTML that is safe to insert, and what search
 * results and link previews show instead of its title and excerpt, when its editor set it.
 */
export type Post = PostSummary & {
  html: string;
  /**
   * The excerpt was left empty and is the text's first lines (for cards and previews): the
   * post's page then has no standfirst, which would repeat its first paragraph.
   */
  excerptDerived?: boolean;
  cover?: ImageRef;
  seo?: { title?: string; description?: string };
};

export type PostLink = Pick<PostSummary, "title" | "slug" | "cover">;

/** Cards on one page of /blog; later ones are on /blog?page=2 and on. */
export const POSTS_PER_PAGE = 8;
/** Links in each of the sidebar's Recent and Related lists. */
export const SIDEBAR_POSTS = 5;
export const WORDS_PER_MINUTE = 230;

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** "5 min read" at about 230 words a minute; never less than a minute. */
export function readTimeFor(wordCount: number): string {
  return `${Math.max(1, Math.round(wordCount / WORDS_PER_MINUTE))} min read`;
}

export function postPath(slug: string): string {
  return href("/blog/:slug", { slug });
}

/** Page 1 is plain /blog so that it has one URL. */
export function blogPagePath(page: number): string {
  return page <= 1 ? href("/blog") : `${href("/blog")}?page=${page}`;
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / POSTS_PER_PAGE));
}

/**
 * The numbers to show in the pagination: all of them when there are few pages, otherwise
 * the first, the last and the neighbours of the current page with gaps between.
 */
export function pageNumbers(current: number, total: number): (number | "gap")[] {
  if (total <= 7) return Array.from({ length: total }, (_, index) => index + 1);
  const shown = new Set([1, total, current - 1, current, current + 1]);
  if (current <= 3) for (const page of [2, 3, 4]) shown.add(page);
  if (current >= total - 2) for (const page of [total - 3, total - 2, total - 1]) shown.add(page);
  return withGaps(shown, total);
}

/** For a phone's width: the first page, this one and the last, with gaps between. */
export function narrowPageNumbers(current: number, total: number): (number | "gap")[] {
  return withGaps(new Set([1, current, total]), total);
}

function withGaps(shown: Set<number>, total: number): (number | "gap")[] {
  const pages = [...shown].filter((page) => page >= 1 && page <= total).sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  for (const page of pages) {
    const previous = items.at(-1);
    if (typeof previous === "number" && page - previous > 1) items.push("gap");
    items.push(page);
  }
  return items;
}
