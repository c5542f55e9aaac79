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

type StoreOptions = { maxSharedBytes?: number; log?: Pick<Logger, "debug"> };

export type PageStore = {
  /** The page kept in memory for this URL (rendered now if due), or null if it is not kept. */
  find(pathname: string, search: URLSearchParams): Promise<FinishedPage | null>;
  /** The page's title, rendering it once if it is not kept. */
  titleOf(pathname: string): Promise<string | undefined>;
  staticCount: number;
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
  const staticPages = new Map<string, FinishedPage>();
  for (const path of plan.staticPaths) {
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
    async find(pathname, search) {
      const page = staticPages.get(pathname);
      if (page) return page;
      const route = sharedRoute(pathname);
      if (!route) return null;
      const kept = new URLSearchParams();
      for (const name of route.query)
        for (const value of search.getAll(name)) kept.append(name, value);
      const query = kept.toString();
      const key = query ? `${pathname}?${query}` : pathname;
      const cached = shared.get(key);
      if (cached) return cached;
      const fresh = await renderOnce(key);
      if (fresh.status === 200) shared.set(key, fresh, { ttl: route.maxAgeSeconds * 1000 });
      return fresh;
    },
    async titleOf(pathname) {
      const kept = await store.find(pathname, new URLSearchParams());
      const page = kept ?? (await renderOnce(pathname));
      return page.status === 200 ? page.title : undefined;
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
