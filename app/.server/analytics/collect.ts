import { sql } from "drizzle-orm";
import type { Request, RequestHandler, Response } from "express";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { createVisitorHasher } from "#app/.server/analytics/visitor.ts";
import { readSessionToken } from "#app/.server/auth/cookie.ts";
import { readSession } from "#app/.server/auth/sessions.ts";
import type { Db } from "#app/.server/db/client.ts";
import type { analyticsEvents } from "#app/.server/db/schema.ts";
import { normalizeAddress, rateLimitKey } from "#app/.server/http/client-address.ts";
import { readBody } from "#app/.server/http/router.ts";
import type { Logger } from "#app/.server/log.ts";
import { visitSourceOf } from "#app/lib/analytics-source.ts";
import { ctaPattern } from "#app/lib/cta.ts";

// Counting visits on the public pages, first-party and cookieless (docs/analytics.md):
// - a page's document request is a view, counted here when it is answered (so without
//   JavaScript too), with the campaign in its address and the site it came from;
// - moves between pages in the browser and clicks on calls to action arrive as small
//   events at POST /events (app/lib/analytics.ts sends them after the page has painted).
// Bots, prefetches, the back office and signed-in team members are not counted. Events are
// kept in memory for a moment and written in batches: a burst costs one insert, not one each.

type EventRow = typeof analyticsEvents.$inferInsert;

/** Who sent an event, as much as counting it needs (plain data: it may cross threads). */
export type Visit = {
  userAgent: string;
  cookie: string | undefined;
  address: string;
  /** The address asked for, with the scheme the visitor used (which cookie is theirs). */
  url: string;
};
/** An event taken by the events endpoint, waiting to be counted. */
export type ReceivedEvent = { visit: Visit; event: Omit<EventRow, "visitor"> };

/** Longer User-Agents are cut here: the sender chooses them, and each is matched and hashed. */
const USER_AGENT_MAX = 512;

export const visitOf = (req: Request): Visit => ({
  userAgent: (req.headers["user-agent"] ?? "").slice(0, USER_AGENT_MAX),
  cookie: req.headers.cookie,
  address: normalizeAddress(req.ip),
  url: `${req.protocol}://${req.host}${req.originalUrl}`,
});

/** Written at least this often, and as soon as this many wait. */
export const FLUSH_MS = 2_000;
export const BATCH_SIZE = 500;
/** Past this many unwritten (the database away), the newest are dropped. */
const MAX_BUFFERED = 50_000;
/** Events one client may send in ten minutes (a long, busy visit sends a few dozen). */
export const EVENTS_PER_CLIENT = 300;

const publicPath = z
  .string()
  .regex(/^\/[^?#\s]{0,299}$/)
  .refine((path) => isPagePath(path));

const browserEvent = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("view"), path: publicPath }),
  z.strictObject({ kind: z.literal("cta"), path: publicPath, cta: z.string().regex(ctaPattern) }),
]);

/** A public page's address: not the back office, a file, an asset or an endpoint. */
export function isPagePath(path: string): boolean {
  if (
    /^\/(admin|assets|media|social|events|browser-errors|healthz?|readyz|metrics)(\/|$)/.test(path)
  )
    return false;
  // Files (.js, .xml, .txt, .data…) have an extension; pages do not.
  return !/\.[a-z0-9]+$/i.test(path);
}

const prefetch = (req: Request) =>
  /prefetch|prerender/i.test(
    `${req.get("sec-purpose") ?? ""} ${req.get("purpose") ?? ""} ${req.get("x-moz") ?? ""}`,
  );

export function createAnalytics(options: { db: Db; log: Logger; siteUrl: string }) {
  const { db, log } = options;
  const siteHost = new URL(options.siteUrl).host;
  const hasher = createVisitorHasher(db, siteHost);
  let buffer: EventRow[] = [];
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    writing = writing.then(async () => {
      while (buffer.length > 0) {
        const batch = buffer.slice(0, BATCH_SIZE);
        try {
          await insertEvents(db, batch);
          buffer = buffer.slice(batch.length);
        } catch (error) {
          log.warn("analytics events not written; kept for the next try", {
            events: buffer.length,
            error,
          });
          return;
        }
      }
    });
    return writing;
  }
  const timer = setInterval(() => void flush(), FLUSH_MS);
  timer.unref();

  // The same few browsers ask again and again; recognising a bot is a long regular expression.
  const bots = new LRUCache<string, boolean>({ max: 5_000 });
  const isBot = (userAgent: string) => {
    let bot = bots.get(userAgent);
    if (bot === undefined) {
      bot = isbot(userAgent);
      bots.set(userAgent, bot);
    }
    return bot;
  };

  /** Someone of the team, signed in: their visits are not the audience's. */
  async function isTeam(visit: Visit, cookie: string): Promise<boolean> {
    const request = new Request(visit.url, { headers: { cookie } });
    return (await readSession(db, readSessionToken(request))) !== null;
  }

  const fail = (error: unknown) => log.warn("analytics event not counted", { error });
  // Events still being looked at (who sent them): a copy that stops waits for them.
  const pending = new Set<Promise<void>>();
  function record({ visit, event }: ReceivedEvent): void {
    const done = keep(visit, event)
      .catch(fail)
      .finally(() => pending.delete(done));
    pending.add(done);
  }
  async function keep(visit: Visit, event: Omit<EventRow, "visitor">): Promise<void> {
    const { userAgent, cookie } = visit;
    if (!userAgent || isBot(userAgent)) return;
    if (cookie?.includes("northstory_session") && (await isTeam(visit, cookie))) return;
    const visitor = await hasher.visitor(visit.address, userAgent);
    if (buffer.length >= MAX_BUFFERED) return;
    buffer.push({ ...event, visitor, at: new Date() });
    if (buffer.length >= BATCH_SIZE) void flush();
  }

  /** Counts answered page documents. */
  const middleware: RequestHandler = (req, res, next) => {
    if (req.method === "GET" && isPagePath(req.path) && !prefetch(req)) {
      res.on("finish", () => {
        if (res.statusCode !== 200 || !/^text\/html/.test(String(res.get("content-type")))) return;
        const url = new URL(req.originalUrl, "http://site.invalid");
        let referrerHost: string | null = null;
        try {
          const referrer = req.get("referer");
          referrerHost = referrer ? new URL(referrer).host : null;
        } catch {
          referrerHost = null;
        }
        // This site, by its public address or the one the request was made to.
        const external =
          referrerHost !== null && referrerHost !== siteHost && referrerHost !== req.get("host");
        const campaign = (name: string) =>
          url.searchParams.get(name)?.trim().toLowerCase().slice(0, 100) || null;
        const landing = referrerHost === null || external || url.searchParams.has("utm_source");
        const source = visitSourceOf({
          utmSource: campaign("utm_source"),
          referrerHost: external ? referrerHost : null,
        });
        record({
          visit: visitOf(req),
          event: {
            kind: "view",
            path: url.pathname.slice(0, 300),
            landing,
            referrerHost: external ? referrerHost : null,
            source: landing ? source : null,
            medium: landing ? campaign("utm_medium") : null,
            campaign: landing ? campaign("utm_campaign") : null,
          },
        });
      });
    }
    next();
  };

  return {
    middleware,
    /** POST /events on the copy's own port. */
    receive: createEventReceiver(record),
    /** Events another thread took (EVENTS_PORT), to be counted here. */
    take(events: ReceivedEvent[]) {
      for (const received of events) record(received);
    },
    /** Writes what is waiting, and stops the timer (before a copy stops). */
    async close() {
      clearInterval(timer);
      await Promise.all(pending);
      await flush();
    },
  };
}

/**
 * POST /events: one event from a browser, at most 1 KB, checked and limited per client,
 * then handed to `onEvent`. Thousands arrive a second on a busy day: it takes the few steps
 * an event needs, on Node's own request and response, and nothing of Express's body parsing.
 * Runs on the copy's main thread, or on the events thread (EVENTS_PORT, events-worker.ts).
 */
export function createEventReceiver(onEvent: (received: ReceivedEvent) => void): RequestHandler {
  const refuse = (res: Response, status: number, text: string) => {
    res.statusCode = status;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.end(text);
  };
  const perClient = new LRUCache<string, number[]>({ max: 20_000 });
  return (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    readBody(req, 1024).then(
      (body) => {
        if (body === null) {
          refuse(res, 413, "The event is larger than 1 KB.");
          return;
        }
        let parsed: z.ZodSafeParseResult<z.infer<typeof browserEvent>>;
        try {
          parsed = browserEvent.safeParse(JSON.parse(body.toString("utf8")));
        } catch {
          parsed = browserEvent.safeParse(undefined);
        }
        if (!parsed.success) {
          refuse(res, 400, "The event could not be read.");
          return;
        }
        const key = rateLimitKey(req.ip);
        const now = Date.now();
        const recent = (perClient.get(key) ?? []).filter((at) => now - at < 600_000);
        if (recent.length >= EVENTS_PER_CLIENT) {
          res.setHeader("Retry-After", "600");
          refuse(res, 429, "Too many events.");
          return;
        }
        recent.push(now);
        perClient.set(key, recent);
        const event = parsed.data;
        onEvent({
          visit: visitOf(req),
          event: {
            kind: event.kind,
            path: event.path,
            landing: false,
            cta: event.kind === "cta" ? event.cta : null,
          },
        });
        res.statusCode = 204;
        res.end();
      },
      () => refuse(res, 400, "The event could not be read."),
    );
  };
}

/**
 * One statement for a whole batch, sent as one JSON parameter whatever the batch's size:
 * cheap to build and to send, on PGlite and a Postgres server alike.
 */
async function insertEvents(db: Db, batch: EventRow[]): Promise<void> {
  await db.execute(sql`
    insert into analytics_events
      (at, kind, path, visitor, landing, referrer_host, source, medium, campaign, cta)
    select at, kind, path, visitor, landing, "referrerHost", source, medium, campaign, cta
    from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as event(
      at timestamptz, kind text, path text, visitor text, landing boolean,
      "referrerHost" text, source text, medium text, campaign text, cta text
    )`);
}
