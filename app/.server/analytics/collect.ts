import { sql } from "drizzle-orm";
import type { Request, RequestHandler } from "express";
import {
  createBotCheck,
  type EventsJson,
  eventsJson,
  mayBeTeam,
  utcDay,
  visitorHash,
} from "#app/.server/analytics/audience.ts";
import {
  createEventReceiver,
  type EventRow,
  isPagePath,
  type ReceivedEvent,
  type Visit,
  visitOf,
} from "#app/.server/analytics/event-receiver.ts";
import { createDailySalts } from "#app/.server/analytics/visitor.ts";
import { readSessionToken } from "#app/.server/auth/cookie.ts";
import { readSession } from "#app/.server/auth/sessions.ts";
import type { Db } from "#app/.server/db/client.ts";
import type { Logger } from "#app/.server/log.ts";
import { visitMediumOf, visitSourceOf } from "#app/lib/analytics-source.ts";

// Counting visits on the public pages, first-party and cookieless (docs/analytics.md):
// - a page's document request is a view, counted here when it is answered (so without
//   JavaScript too), with the campaign in its address and the site it came from;
// - moves between pages in the browser and clicks on calls to action arrive as small
//   events at POST /events (app/lib/analytics.ts sends them after the page has painted).
// Bots, prefetches, the back office and signed-in team members are not counted. Events are
// kept in memory for a moment and written in batches: a burst costs one insert, not one each.

/** Written at least this often, and as soon as this many wait. */
export const FLUSH_MS = 2_000;
export const BATCH_SIZE = 500;
/** Past this many unwritten (the database away), the newest are dropped. */
const MAX_BUFFERED = 50_000;
const prefetch = (req: Request) =>
  /prefetch|prerender/i.test(
    `${req.get("sec-purpose") ?? ""} ${req.get("purpose") ?? ""} ${req.get("x-moz") ?? ""}`,
  );

export function createAnalytics(options: { db: Db; log: Logger; siteUrl: string }) {
  const { db, log } = options;
  const siteHost = new URL(options.siteUrl).host;
  const salts = createDailySalts(db);
  // Events waiting to be written, as JSON (the events thread sends them so), and how many.
  let buffer: EventsJson[] = [];
  let buffered = 0;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    writing = writing.then(async () => {
      while (buffer.length > 0) {
        let taken = 0;
        let count = 0;
        while (taken < buffer.length && count < BATCH_SIZE) count += buffer[taken++]?.count ?? 0;
        try {
          await insertEventsJson(
            db,
            `[${buffer
              .slice(0, taken)
              .map((part) => part.json)
              .join(",")}]`,
          );
          buffer = buffer.slice(taken);
          buffered -= count;
        } catch (error) {
          log.warn("analytics events not written; kept for the next try", {
            events: buffered,
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

  const isBot = createBotCheck();

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
    if (isBot(visit)) return;
    if (visit.cookie && mayBeTeam(visit) && (await isTeam(visit, visit.cookie))) return;
    const at = new Date();
    const visitor = visitorHash(await salts.of(utcDay(at)), visit, siteHost);
    keepRow({ ...event, visitor, at });
  }
  function keepJson(events: EventsJson): void {
    if (buffered + events.count > MAX_BUFFERED) return;
    buffer.push(events);
    buffered += events.count;
    if (buffered >= BATCH_SIZE) void flush();
  }
  const keepRow = (row: EventRow) => keepJson(eventsJson([row]));

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
        const gclid = url.searchParams.has("gclid");
        const liFatId = url.searchParams.has("li_fat_id");
        const landing =
          referrerHost === null ||
          external ||
          url.searchParams.has("utm_source") ||
          gclid ||
          liFatId;
        const source = visitSourceOf({
          utmSource: campaign("utm_source"),
          gclid,
          liFatId,
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
            medium: landing
              ? visitMediumOf({ utmMedium: campaign("utm_medium"), gclid, liFatId })
              : null,
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
    /** Events another thread took and made ready (EVENTS_PORT), to be written. */
    takeJson: keepJson,
    /** The salt of a day (YYYY-MM-DD), for the events thread's hashes. */
    saltOf: (day: string) => salts.of(day),
    /** Writes what is waiting, and stops the timer (before a copy stops). */
    async close() {
      clearInterval(timer);
      await Promise.all(pending);
      await flush();
    },
  };
}

/**
 * One statement for a whole batch, sent as one JSON parameter whatever the batch's size:
 * cheap to build and to send, on PGlite and a Postgres server alike. Events of a day already
 * summed up (kept while the database was away) mark that day to be summed up again
 * (rollUpDays), in the same statement: no sum is left without them.
 */
async function insertEventsJson(db: Db, batch: string): Promise<void> {
  await db.execute(sql`
    with inserted as (
      insert into analytics_events
        (at, kind, path, visitor, landing, referrer_host, source, medium, campaign, cta)
      select at, kind, path, visitor, landing, "referrerHost", source, medium, campaign, cta
      from jsonb_to_recordset(${batch}::jsonb) as event(
        at timestamptz, kind text, path text, visitor text, landing boolean,
        "referrerHost" text, source text, medium text, campaign text, cta text
      )
      returning at
    )
    update analytics_rolled_days set stale = true
    where not stale and day in (select distinct (at at time zone 'UTC')::date from inserted)`);
}
