import { sql } from "drizzle-orm";
import { staticPosts } from "#app/.server/blog/static-posts.ts";
import type { AppContext } from "#app/.server/context.ts";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { postPath } from "#app/lib/blog.ts";

// A post's links to the site's own pages are checked as the writer types: one that leads to
// no page (a mistyped slug, a page that went) would give readers "Page not found" and search
// engines a broken link. The editor's preview names them (routes/admin.posts.preview.ts).

/** The most links named at once. */
const namedMax = 10;
/** The most links of one text looked at. */
const linksCheckedMax = 2_000;

/** Paths that are files or feeds, not pages: not checked. */
const files = /^\/(?:media|assets|social|fonts)\/|\.[a-z0-9]{2,5}$/i;

/** Every path a link may lead to and find a page: the sitemap's, every post's, old slugs. */
async function sitePaths(app: Pick<AppContext, "pages">, db: Db): Promise<Set<string>> {
  const paths = new Set<string>([
    "/",
    "/blog",
    ...app.pages.staticPaths,
    ...app.pages.perRequestSitemapPaths,
    ...staticPosts.map((post) => postPath(post.slug)),
  ]);
  // Database posts whatever their state (a draft linked from another may go live with it),
  // and the old addresses that lead to a post whose slug changed.
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`select slug from blog_posts union all select old_slug from blog_post_redirects`,
  );
  for (const row of rows) paths.add(postPath(row.slug));
  return paths;
}

/** The path a link on a page of `origin` leads to on the site, or null when it leads off it. */
function sitePathOf(href: string, origin: string): string | null {
  if (href.startsWith("#") || href.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  return files.test(path) ? null : path;
}

/**
 * The site's own paths that links in `html` (a post's rendered, cleaned text) lead to and
 * that have no page: each once, in the text's order, at most ten. Links to other sites,
 * within the page (`#…`) and to files are not checked; a query string does not matter.
 */
export async function linksLeadingNowhere(
  app: Pick<AppContext, "pages" | "database" | "env">,
  html: string,
): Promise<string[]> {
  const origin = new URL(app.env.SITE_URL).origin;
  const linked = new Set<string>();
  let read = 0;
  for (const match of html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)) {
    // A text of thousands of links is checked on its first ones (this runs on the request's
    // thread, at every preview).
    if (++read > linksCheckedMax) break;
    const path = sitePathOf((match[1] ?? "").replaceAll("&amp;", "&"), origin);
    if (path !== null) linked.add(path);
  }
  if (linked.size === 0) return [];
  const known = await sitePaths(app, app.database.db);
  // The site's pages answer whatever the case of their path ("/Pricing"); a post's slug is
  // matched exactly.
  const found = (path: string) =>
    known.has(path) || (!path.startsWith("/blog/") && known.has(path.toLowerCase()));
  return [...linked].filter((path) => !found(path)).slice(0, namedMax);
}
