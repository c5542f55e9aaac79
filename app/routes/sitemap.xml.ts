import { feedHeaders, renderSitemap, sitemapEntries } from "#app/.server/blog/feeds.ts";
import { listPosts } from "#app/.server/blog/posts.ts";
import { appContext } from "#app/.server/context.ts";
import { staticPagePaths } from "#app/routes-prerender.ts";
import type { Route } from "./+types/sitemap.xml";

// Public pages rendered per request, so not in the prerender list (/blog is added with the
// date of its newest post).
const perRequestPages = ["/contact"];

// Per request, so a post published in the database is listed without a rebuild.
export async function loader({ context }: Route.LoaderArgs) {
  const posts = await listPosts(context.get(appContext));
  const pages = [...staticPagePaths, ...perRequestPages];
  return new Response(renderSitemap(sitemapEntries(pages, posts)), {
    headers: feedHeaders("application/xml; charset=utf-8"),
  });
}
