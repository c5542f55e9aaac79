import { feedHeaders, renderRobots } from "#app/.server/blog/feeds.ts";

export function loader() {
  return new Response(renderRobots(), { headers: feedHeaders("text/plain; charset=utf-8") });
}
