/**
 * How the server renders a route's page, declared by the route itself in its `handle`
 * (`export const handle = staticPage()`), so the list of pages is never copied by hand:
 *
 * - static: rendered once when the server starts, with the running SITE_URL, and served
 *   from memory. A route with URL parameters lists the values of its parameters (from its
 *   content module), one page each.
 * - shared: rendered on demand and kept for a few seconds, the same page for every visitor
 *   (pages that list database posts: a newly published post shows within that window).
 *   `query` names the query parameters that select a different page (the rest are ignored).
 * - per request (no declaration): rendered for each visit, never kept, e.g. a page with a
 *   form token. `sitemap: true` lists such a public page in the sitemap.
 */
export type PageRendering =
  | { kind: "static"; params?: () => readonly Record<string, string>[] }
  | { kind: "shared"; maxAgeSeconds: number; query?: readonly string[] }
  | { kind: "per-request"; sitemap: boolean };

export type PageHandle = { rendering: PageRendering };

export const staticPage = (params?: () => readonly Record<string, string>[]): PageHandle => ({
  rendering: { kind: "static", params },
});

/** Long enough to absorb a burst of visitors, short enough that a new post shows at once. */
export const SHARED_PAGE_SECONDS = 10;

export const sharedPage = (query?: readonly string[]): PageHandle => ({
  rendering: { kind: "shared", maxAgeSeconds: SHARED_PAGE_SECONDS, query },
});

export const perRequestPage = (options: { sitemap: boolean }): PageHandle => ({
  rendering: { kind: "per-request", sitemap: options.sitemap },
});
