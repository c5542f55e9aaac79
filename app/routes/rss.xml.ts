import { feedHeaders, renderRss } from "#app/.server/blog/feeds.ts";
import { listPosts } from "#app/.server/blog/posts.ts";
import { appContext } from "#app/.server/context.ts";
import type { Route } from "./+types/rss.xml";

// Per request, so a post published in the database is in the feed without a rebuild.
export async function loader({ context }: Route.LoaderArgs) {
  const posts = await listPosts(context.get(appContext));
  return new Response(renderRss(posts), {
    headers: feedHeaders("application/rss+xml; charset=utf-8"),
  });
}
