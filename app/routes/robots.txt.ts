import { feedHeaders, renderRobots } from "#app/.server/blog/feeds.ts";
import { requireApp } from "#app/.server/context.ts";
import type { Route } from "./+types/robots.txt";

export function loader({ context }: Route.LoaderArgs) {
  const { env } = requireApp(context);
  return new Response(renderRobots(env.SITE_URL), {
    headers: feedHeaders("text/plain; charset=utf-8"),
  });
}
