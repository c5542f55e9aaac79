import { timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import express from "express";
import { LRUCache } from "lru-cache";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { matchPath, type ServerBuild } from "react-router";
import type { Database } from "#app/.server/db/client.ts";
import type { PageStore } from "#app/.server/http/pages.ts";
import { type MailBacklog, readMailBacklog } from "#app/.server/mail/backlog.ts";

// What an on-call person graphs and alerts on, in Prometheus's text format at GET /metrics.
// Each copy counts its own requests; the outbox figures come from the shared database, so
// every copy reports the same backlog.

export type Metrics = {
  /** Counts and times every request, labelled by route pattern (never the raw path). */
  track: RequestHandler;
  /** GET /metrics, for a scraper holding the token; 404 while no token is configured. */
  endpoint: RequestHandler;
  /** Counts a failed delivery; `final` when the entry was given up on. */
  deliveryFailed(channel: string, final: boolean): void;
  /** Counts and times requests another thread answered (the events port). */
  countAnswered(answered: Answered[]): void;
};

/**
 * Requests answered, as counted by another thread: method, route label, status, and how long
 * each took (seconds), one number per request.
 */
export type Answered = [method: string, route: string, status: string, seconds: number[]];

/** Every route's full pattern ("/blog/:slug"), the most specific first. */
function routePatterns(routes: ServerBuild["routes"]): string[] {
  const patterns = new Set<string>();
  for (const route of Object.values(routes)) {
    // The not-found route ("*") matches everything else: such paths count as "(unmatched)".
    if (!route || (!route.path && !route.index) || route.path === "*") continue;
    const segments: string[] = [];
    for (
      let at: typeof route | undefined = route;
      at;
      at = at.parentId ? routes[at.parentId] : undefined
    ) {
      if (at.path) segments.unshift(at.path);
    }
    patterns.add(`/${segments.join("/")}`.replace(/\/+/g, "/"));
  }
  // Static segments before dynamic ones, so "/admin/leads/person.json" wins over "/admin/leads/:id".
  const rank = (pattern: string) => (pattern.match(/[:*]/g)?.length ?? 0) * 100 - pattern.length;
  return [...patterns].sort((a, b) => rank(a) - rank(b));
}

/**
 * The label a request is counted under: a route's pattern, "/assets/*" for built files,
 * "/social/pages/*" for preview images, the endpoints by name, or "(unmatched)". Bounded
 * whatever paths arrive.
 */
export function routeLabeller(routes: ServerBuild["routes"]): (path: string) => string {
  const patterns = routePatterns(routes);
  const known = new LRUCache<string, string>({ max: 2_000 });
  return (path) => {
    const cached = known.get(path);
    if (cached) return cached;
    let label: string;
    if (path.startsWith("/assets/")) label = "/assets/*";
    else if (path.startsWith("/social/pages/")) label = "/social/pages/*";
    else if (["/healthz", "/readyz", "/metrics", "/events"].includes(path)) label = path;
    else {
      // A client navigation asks for "/blog/x.data", and for "/_root.data" on the home page.
      const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
      label = patterns.find((pattern) => matchPath(pattern, page)) ?? "(unmatched)";
    }
    known.set(path, label);
    return label;
  };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createMetrics(options: {
  token: string | undefined;
  routes: ServerBuild["routes"];
  database: Database;
  pages: PageStore;
}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelOf = routeLabeller(options.routes);

  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const failures = new Counter({
    name: "outbox_delivery_failures_total",
    help: "Failed deliveries of emails and lead channels by this copy; final=true when given up on.",
    labelNames: ["channel", "final"] as const,
    registers: [registry],
  });

  // One read of the outbox per scrape, shared by its three gauges; while the database is
  // down they are left out (and database_up says why), the rest is still answered.
  let read: Promise<MailBacklog | null> | undefined;
  const backlog = () => {
    read ??= readMailBacklog(options.database.db).catch(() => null);
    return read;
  };
  const channels = async () => Object.entries((await backlog())?.channels ?? {});
  new Gauge({
    name: "database_up",
    help: "1 when the database answered within a second at this scrape, 0 otherwise.",
    registers: [registry],
    async collect() {
      this.set(
        await options.database.ping(1_000).then(
          () => 1,
          () => 0,
        ),
      );
    },
  });
  new Gauge({
    name: "outbox_backlog",
    help: "Deliveries waiting to be sent (first try or retry), per channel.",
    labelNames: ["channel"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [channel, each] of await channels()) {
        this.set({ channel }, each.queued);
      }
    },
  });
  new Gauge({
    name: "outbox_oldest_queued_seconds",
    help: "Age of the oldest delivery still waiting, per channel (absent when none waits).",
    labelNames: ["channel"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [channel, each] of await channels()) {
        if (each.oldestQueuedSeconds !== null) this.set({ channel }, each.oldestQueuedSeconds);
      }
    },
  });
  new Gauge({
    name: "outbox_failed",
    help: "Deliveries given up on (or expired) and still in the outbox, per channel.",
    labelNames: ["channel"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [channel, each] of await channels()) {
        this.set({ channel }, each.failed);
      }
    },
  });
  new Counter({
    name: "page_cache_requests_total",
    help: "Pages asked of the in-memory page store: result is static (rendered at start), hit (a kept page) or miss (rendered now).",
    labelNames: ["result"] as const,
    registers: [registry],
    collect() {
      this.reset();
      const { staticHits, sharedHits, sharedMisses } = options.pages.stats;
      this.inc({ result: "static" }, staticHits);
      this.inc({ result: "hit" }, sharedHits);
      this.inc({ result: "miss" }, sharedMisses);
    },
  });
  new Gauge({
    name: "db_pool_connections",
    help: "Connections of the Postgres pool by state: total, idle, and requests waiting for one (the embedded database has one connection and no pool).",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = options.database.poolStats?.();
      if (!pool) return;
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });

  const track: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const labels = {
        method: req.method,
        route: labelOf(req.path),
        status: String(res.statusCode),
      };
      requests.inc(labels);
      durations.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };

  const refuse = (res: Response, status: number, text: string) => {
    res.setHeader("Cache-Control", "no-store");
    if (status === 401) res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
    res.status(status).type("text/plain; charset=utf-8").send(text);
  };
  const router = express.Router();
  router.get("/metrics", async (req: Request, res: Response) => {
    if (!options.token) return refuse(res, 404, "Not found.");
    const [scheme, given] = (req.get("authorization") ?? "").split(" ");
    if (scheme?.toLowerCase() !== "bearer" || !given || !sameToken(given, options.token)) {
      return refuse(res, 401, "A bearer token is required.");
    }
    res.setHeader("Cache-Control", "no-store");
    read = undefined;
    res.type(registry.contentType).send(await registry.metrics());
  });

  const countAnswered = (answered: Answered[]) => {
    for (const [method, route, status, seconds] of answered) {
      const labels = { method, route, status };
      requests.inc(labels, seconds.length);
      // The labels looked up once for the lot (thousands a second from the events thread).
      const duration = durations.labels(labels);
      for (const each of seconds) duration.observe(each);
    }
  };

  return {
    track,
    countAnswered,
    endpoint: router,
    deliveryFailed: (channel, final) => failures.inc({ channel, final: String(final) }),
  };
}
