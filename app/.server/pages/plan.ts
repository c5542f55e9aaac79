import { generatePath, type ServerBuild } from "react-router";
import type { PageHandle } from "#app/lib/page-rendering.ts";

export type SharedPageRoute = {
  /** React Router path pattern, "/blog/:slug". */
  pattern: string;
  maxAgeSeconds: number;
  query: readonly string[];
};

/** Which pages the server renders at start, which it keeps briefly, which go in the sitemap. */
export type PagePlan = {
  staticPaths: string[];
  shared: SharedPageRoute[];
  /** Public pages rendered for every visit that belong in the sitemap. */
  perRequestSitemapPaths: string[];
};

type ServerRoutes = ServerBuild["routes"];

function fullPattern(routes: ServerRoutes, id: string): string {
  const segments: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) segments.unshift(route.path);
  }
  return `/${segments.join("/")}`.replace(/\/+/g, "/");
}

function handleOf(module: unknown): PageHandle | undefined {
  const handle = (module as { handle?: Partial<PageHandle> }).handle;
  return handle?.rendering ? (handle as PageHandle) : undefined;
}

/**
 * Reads every route's declaration (`handle.rendering`, see app/lib/page-rendering.ts).
 * `sharedSeconds`, when given, is how long every shared page is kept instead of its own
 * declaration (PAGE_KEEP_SECONDS).
 */
export function planPages(
  routes: ServerRoutes,
  options: { sharedSeconds?: number } = {},
): PagePlan {
  const plan: PagePlan = { staticPaths: [], shared: [], perRequestSitemapPaths: [] };
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const rendering = handleOf(route.module)?.rendering;
    if (!rendering) continue;
    const pattern = fullPattern(routes, route.id);
    const hasParams = /[:*]/.test(pattern);
    if (rendering.kind === "static") {
      if (hasParams && !rendering.params) {
        throw new Error(`Route ${route.id} (${pattern}) is static but does not list its params`);
      }
      const params = rendering.params?.() ?? [{}];
      for (const values of params) plan.staticPaths.push(generatePath(pattern, values));
    } else if (rendering.kind === "shared") {
      plan.shared.push({
        pattern,
        maxAgeSeconds: options.sharedSeconds ?? rendering.maxAgeSeconds,
        query: rendering.query ?? [],
      });
    } else if (rendering.sitemap && !hasParams) {
      plan.perRequestSitemapPaths.push(pattern);
    }
  }
  plan.staticPaths.sort();
  return plan;
}
