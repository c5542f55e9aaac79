// The events thread (EVENTS_PORT): answers the browsers' POST /events on a port of its own,
// so that thousands of events a second do not wait in line with the pages on the copy's
// main thread. It checks and limits each event as the main thread would (event-receiver.ts),
// leaves out bots, hashes the visitor with the day's salt (which it asks the main thread for,
// once a day) and hands the events over every few milliseconds, ready to be written: the main
// thread only adds them to its next batch (events-listener.ts, collect.ts). An event from a
// browser with a session cookie, or one that arrives before the day's salt, goes over as it
// came, and the main thread counts it (only it can read the database). Built into the release
// as server/events-worker.js (see vite.config.ts); run from this file by Node's type
// stripping in development.
import { parentPort, workerData } from "node:worker_threads";
import express from "express";
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
  type ReceivedEvent,
} from "#app/.server/analytics/event-receiver.ts";
import {
  EVENTS_THREAD_NICE,
  lowerThisThreadsPriority,
} from "#app/.server/analytics/thread-priority.ts";
import type { Env } from "#app/.server/env.ts";
import { routeEvents, setSecurityHeaders } from "#app/.server/http/events-route.ts";
import { gracefulShutdown, listen } from "#app/.server/http/lifecycle.ts";
import type { Answered } from "#app/.server/http/metrics.ts";
import type { Logger } from "#app/.server/log.ts";
import { EVENTS_PATH } from "#app/lib/analytics.ts";

export type EventsWorkerData = {
  port: number;
  host: string;
  siteUrl: string;
  trustProxy: Env["TRUST_PROXY"];
  headersMs: number;
  requestMs: number;
};
/**
 * From the thread: it listens, could not, or has stopped; it wants a day's salt; or events,
 * ready to be written (`rows`) or to be counted (`events`), and what it answered.
 */
export type EventsWorkerMessage =
  | { kind: "listening" }
  | { kind: "failed"; message: string }
  | { kind: "salt wanted"; day: string }
  | { kind: "events"; rows: EventsJson | null; events: ReceivedEvent[]; answered: Answered[] }
  | { kind: "stopped" };
/** To the thread: stop, or the salt of a day it asked for (null: not to be had now). */
export type EventsThreadMessage = "stop" | { kind: "salt"; day: string; salt: string | null };

/** How often the taken events go to the main thread (and at most how many wait). */
const HAND_OVER_MS = 20;
const HAND_OVER_AT = 200;
/** The copy's main thread says when it stops; this thread's drain says nothing more. */
const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };

const parent = parentPort;
if (parent) {
  const data = workerData as EventsWorkerData;
  lowerThisThreadsPriority(EVENTS_THREAD_NICE);
  const say = (message: EventsWorkerMessage) => parent.postMessage(message);
  const siteHost = new URL(data.siteUrl).host;
  const isBot = createBotCheck();
  let rows: EventRow[] = [];
  let taken: ReceivedEvent[] = [];
  // Today's salt, once the main thread has sent it; asked for once at a time.
  let salt: { day: string; value: string } | null = null;
  let saltAsked: string | null = null;
  // What this port answered since the last hand-over, and how fast, for the copy's /metrics:
  // one number per answer, kept at most HAND_OVER_MS (a flood of refused requests does not
  // hasten a hand-over, but the timer empties the list all the same).
  let answered = new Map<string, Answered>();
  const handOver = () => {
    if (rows.length === 0 && taken.length === 0 && answered.size === 0) return;
    say({
      kind: "events",
      rows: rows.length > 0 ? eventsJson(rows) : null,
      events: taken,
      answered: [...answered.values()],
    });
    rows = [];
    taken = [];
    answered = new Map();
  };
  const take = (received: ReceivedEvent) => {
    const { visit, event } = received;
    if (isBot(visit)) return;
    const at = new Date();
    const day = utcDay(at);
    if (mayBeTeam(visit) || salt?.day !== day) {
      taken.push(received);
      if (salt?.day !== day && saltAsked !== day) {
        saltAsked = day;
        say({ kind: "salt wanted", day });
      }
    } else {
      rows.push({ ...event, visitor: visitorHash(salt.value, visit, siteHost), at });
    }
    if (rows.length + taken.length >= HAND_OVER_AT) handOver();
  };
  const timer = setInterval(handOver, HAND_OVER_MS);
  let stopping = false;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", data.trustProxy);
  app.use(setSecurityHeaders(() => stopping));
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = req.path === EVENTS_PATH ? EVENTS_PATH : "(unmatched)";
      const status = String(res.statusCode);
      const key = `${req.method} ${route} ${status}`;
      const counted = answered.get(key);
      if (counted) counted[3].push(seconds);
      else answered.set(key, [req.method, route, status, [seconds]]);
    });
    next();
  });
  routeEvents(app, data.siteUrl, createEventReceiver(take));
  app.use((_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res
      .status(404)
      .type("text/plain; charset=utf-8")
      .send("This port takes the site's analytics events only: POST /events.");
  });

  try {
    const server = await listen(app, data.port, data.host, {
      headersMs: data.headersMs,
      requestMs: data.requestMs,
    });
    say({ kind: "listening" });
    // Drains as the pages' port does (a beacon on its way over a kept-alive connection is
    // answered, not cut), hands every taken event over, then says so.
    const drain = gracefulShutdown(server, quiet, async () => {
      clearInterval(timer);
      handOver();
      say({ kind: "stopped" });
    });
    parent.on("message", (message: EventsThreadMessage) => {
      if (typeof message === "object") {
        if (message.salt !== null) salt = { day: message.day, value: message.salt };
        // Not to be had (the database away): the next event asks again.
        if (saltAsked === message.day) saltAsked = null;
        return;
      }
      if (stopping) return;
      stopping = true;
      void drain("stopping");
    });
  } catch (error) {
    clearInterval(timer);
    say({ kind: "failed", message: (error as Error).message });
  }
}
