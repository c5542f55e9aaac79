import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import { matchPath } from "react-router";
import type { Logger } from "#app/.server/log.ts";
import { encodePage, type FinishedPage } from "#app/.server/pages/finish.ts";
import type { PagePlan, SharedPageRoute } from "#app/.server/pages/plan.ts";
import type { PageRenderer } from "#app/.server/pages/render.ts";

/** Far more than every listing page and post page at once; a flood of new URLs evicts, not grows. */
const SHARED_CACHE_BYTES = 48 * 1024 * 1024;

type StoreOptions = {
  maxSharedBytes?: number;
  log?: Pick<Logger, "debug">;
  /** False in development: nothing is kept, every page is rendered when asked for. */
  keep?: boolean;
};

export type PageStore = {
  /** The page kept in memory for this URL (rendered now if due), or null if it is not kept. */
  find(pathname: string, search: URLSearchParams): Promise<FinishedPage | null>;
  /** The title of a public page, for its link-preview image; undefined if there is none. */
  titleOf(pathname: string): Promise<string | undefined>;
  staticCount: number;
  /** How `find` answered since start: a page rendered at start, a kept page, or a render. */
  stats: { staticHits: number; sharedHits: number; sharedMisses: number };
};

/**
 * Static pages are rendered before the server listens; shared pages on first request and
 * then kept for their route's few seconds, keyed by path and the query parameters the
 * route names (so `?b=1`…`?b=600` is one entry, not six hundred renders). Concurrent
 * requests for a missing page wait for one render.
 */
export async function createPageStore(
  plan: PagePlan,
  render: PageRenderer,
  options: StoreOptions = {},
): Promise<PageStore> {
  const keep = options.keep ?? true;
  const staticPages = new Map<string, FinishedPage>();
  for (const path of keep ? plan.staticPaths : []) {
    const page = await render(path);
    if (page.status !== 200) throw new Error(`The static page ${path} answered ${page.status}`);
    staticPages.set(path, page);
  }

  const shared = new LRUCache<string, FinishedPage>({
    maxSize: options.maxSharedBytes ?? SHARED_CACHE_BYTES,
    sizeCalculation: (page) => page.size,
  });
  const rendering = new Map<string, Promise<FinishedPage>>();

  const sharedRoute = (pathname: string): SharedPageRoute | undefined =>
    // ".data" requests (client navigations) carry loader data, not pages.
    pathname.endsWith(".data")
      ? undefined
      : plan.shared.find((route) => matchPath(route.pattern, pathname));
  const staticPaths = new Set(plan.staticPaths);
  const perVisitPaths = new Set(plan.perRequestSitemapPaths);
  // Titles of pages rendered per visit (the contact page): their copy does not change while
  // the server runs, and rendering one to read its title took 100 ms (and signed a form
  // token) on every request for its preview image, which a query string gets past any CDN.
  const perVisitTitles = new Map<string, Promise<string | undefined>>();
  const titleOfRender = (page: FinishedPage) => (page.status === 200 ? page.title : undefined);

  const renderOnce = (key: string) => {
    let pending = rendering.get(key);
    if (!pending) {
      const started = performance.now();
      pending = render(key).finally(() => {
        rendering.delete(key);
        options.log?.debug("page rendered", {
          page: key,
          ms: Math.round(performance.now() - started),
        });
      });
      rendering.set(key, pending);
    }
    return pending;
  };

  const store: PageStore = {
    staticCount: staticPages.size,
    stats: { staticHits: 0, sharedHits: 0, sharedMisses: 0 },
    async find(pathname, search) {
      if (!keep) return null;
      const page = staticPages.get(pathname);
      if (page) {
        store.stats.staticHits++;
        return page;
      }
      const route = sharedRoute(pathname);
      if (!route) return null;
      const kept = new URLSearchParams();
      for (const name of route.query)
        for (const value of search.getAll(name)) kept.append(name, value);
      const query = kept.toString();
      const key = query ? `${pathname}?${query}` : pathname;
      const cached = shared.get(key);
      if (cached) {
        store.stats.sharedHits++;
        return cached;
      }
      store.stats.sharedMisses++;
      const fresh = await renderOnce(key);
      if (fresh.status === 200) shared.set(key, fresh, { ttl: route.maxAgeSeconds * 1000 });
      return fresh;
    },
    async titleOf(pathname) {
      // Only public pages have a preview image; any other name is answered without a render.
      const perVisit = perVisitPaths.has(pathname);
      if (!perVisit && !staticPaths.has(pathname) && !sharedRoute(pathname)) return undefined;
      const kept = await store.find(pathname, new URLSearchParams());
      if (kept) return titleOfRender(kept);
      if (!keep || !perVisit) return titleOfRender(await renderOnce(pathname));
      let title = perVisitTitles.get(pathname);
      if (!title) {
        title = renderOnce(pathname).then(titleOfRender);
        perVisitTitles.set(pathname, title);
        // A render that failed or did not answer 200 (the database was down) is tried again.
        title.then(
          (found) => found === undefined && perVisitTitles.delete(pathname),
          () => perVisitTitles.delete(pathname),
        );
      }
      return title;
    },
  };
  return store;
}

/**
 * The encoding to send: the best the browser accepts, and Brotli when it weighs both the
 * same. Browsers list gzip first ("gzip, deflate, br, zstd") without preferring it, and a
 * page in Brotli is about a sixth smaller than in gzip.
 */
export function preferredEncoding(req: Request): "br" | "gzip" | "identity" | undefined {
  return new Negotiator(req).encoding(["br", "gzip", "identity"], {
    preferred: ["br", "gzip"],
  }) as "br" | "gzip" | "identity" | undefined;
}

/** Sends a page from the store: compressed as the browser accepts, 304 when the browser has it. */
export function sendPage(req: Request, res: Response, page: FinishedPage) {
  res.status(page.status);
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  res.setHeader("Content-Security-Policy", page.csp);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader(
    "Cache-Control",
    page.status === 200 ? "public, max-age=0, must-revalidate" : "no-cache",
  );
  res.setHeader("ETag", page.etag);
  res.vary("Accept-Encoding");
  if (page.status === 200 && req.fresh) {
    res.status(304).end();
    return;
  }
  const { encoding, body } = encodePage(page, preferredEncoding(req));
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

export function servePages(store: PageStore): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      const page = await store.find(req.path, new URL(req.originalUrl, "http://x").searchParams);
      if (!page) return next();
      sendPage(req, res, page);
    } catch (error) {
      next(error);
    }
  };
}
