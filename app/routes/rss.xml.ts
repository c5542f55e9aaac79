import { feedHeaders, renderRss } from "#app/.server/blog/feeds.ts";
import { listPosts } from "#app/.server/blog/posts.ts";
import { requireApp } from "#app/.server/context.ts";
import type { Route } from "./+types/rss.xml";

// Per request, so a post published in the database is in the feed without a rebuild.
export async function loader({ context }: Route.LoaderArgs) {
  const app = requireApp(context);
  const posts = await listPosts(app);
  return new Response(renderRss(app.env.SITE_URL, posts), {
    headers: feedHeaders("application/rss+xml; charset=utf-8"),
  });
}
