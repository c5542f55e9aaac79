import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { escapeXml } from "#app/.server/xml.ts";
import { blogCopy } from "#app/content/blog.ts";
import { type PostSummary, postPath } from "#app/lib/blog.ts";
import { absoluteUrl, type Origin } from "#app/lib/seo.ts";

const rfc822 = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`).toUTCString();

/** RSS 2.0 with every post, newest first. */
export function renderRss(origin: Origin, posts: readonly PostSummary[]): string {
  const newest = posts.reduce(
    (latest, post) => (post.updatedAt > latest ? post.updatedAt : latest),
    "",
  );
  const items = posts.map((post) => {
    const url = absoluteUrl(origin, postPath(post.slug));
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${rfc822(post.date)}</pubDate>`,
      `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      // RSS readers read a description as HTML: the excerpt is plain text, so it is escaped
      // for HTML (a "<img onerror>" in it shows as those characters), then for XML.
      `      <description>${escapeXml(escapeXml(post.excerpt))}</description>`,
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(blogCopy.feed.title)}</title>`,
    `    <link>${escapeXml(absoluteUrl(origin, "/blog"))}</link>`,
    `    <description>${escapeXml(blogCopy.feed.description)}</description>`,
    "    <language>en-us</language>",
    `    <atom:link href="${escapeXml(absoluteUrl(origin, "/rss.xml"))}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

export type SitemapEntry = { path: string; lastModified?: string };

export function renderSitemap(origin: Origin, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) =>
    [
      "  <url>",
      `    <loc>${escapeXml(absoluteUrl(origin, entry.path))}</loc>`,
      ...(entry.lastModified
        ? [`    <lastmod>${escapeXml(entry.lastModified.slice(0, 10))}</lastmod>`]
        : []),
      "  </url>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/**
 * Pages other than posts change only with a new build, so the build's own date is their
 * last modification: the server bundle holding this code was written by that build.
 */
function buildDate(): string | undefined {
  try {
    return statSync(fileURLToPath(import.meta.url)).mtime.toISOString();
  } catch {
    return undefined;
  }
}

/** Every public page and every post, each URL once. */
export function sitemapEntries(
  pagePaths: readonly string[],
  posts: readonly PostSummary[],
): SitemapEntry[] {
  const built = buildDate();
  const newestPost = posts.reduce(
    (latest, post) => (post.updatedAt > latest ? post.updatedAt : latest),
    "",
  );
  const entries = new Map<string, SitemapEntry>();
  for (const path of pagePaths) entries.set(path, { path, lastModified: built });
  entries.set("/blog", { path: "/blog", lastModified: newestPost || built });
  for (const post of posts) {
    const path = postPath(post.slug);
    entries.set(path, { path, lastModified: post.updatedAt });
  }
  return [...entries.values()];
}

export function renderRobots(origin: Origin): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

export const feedHeaders = (contentType: string) => ({
  "Content-Type": contentType,
  "Cache-Control": "public, max-age=300",
});
