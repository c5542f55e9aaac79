import { feedHeaders, renderSitemap, sitemapEntries } from "#app/.server/blog/feeds.ts";
import { listPosts } from "#app/.server/blog/posts.ts";
import { requireApp } from "#app/.server/context.ts";
import type { Route } from "./+types/sitemap.xml";

// Every page a route declares (app/lib/page-rendering.ts) and every post, per request, so a
// post published in the database is listed without a rebuild (/blog is added with the
// date of its newest post).
export async function loader({ context }: Route.LoaderArgs) {
  const app = requireApp(context);
  const posts = await listPosts(app);
  const pages = [...app.pages.staticPaths, ...app.pages.perRequestSitemapPaths];
  return new Response(renderSitemap(app.env.SITE_URL, sitemapEntries(pages, posts)), {
    headers: feedHeaders("application/xml; charset=utf-8"),
  });
}
