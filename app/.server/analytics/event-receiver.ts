import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { analyticsEvents } from "#app/.server/db/schema.ts";
import { normalizeAddress, rateLimitKey } from "#app/.server/http/client-address.ts";
import { readBody } from "#app/.server/http/read-body.ts";
import { ctaPattern } from "#app/lib/cta-name.ts";

// The browsers' events (POST /events), from their arrival to an event ready to be counted:
// read within 1 KB, checked and limited per client. Apart from the counting (collect.ts),
// which needs the database, so that the events thread (events-worker.ts) loads only this.

/** One event as it is written (analytics_events). */
export type EventRow = typeof analyticsEvents.$inferInsert;

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
    /^\/(admin|preview|assets|media|social|events|browser-errors|healthz?|readyz|metrics)(\/|$)/.test(
      path,
    )
  )
    return false;
  // Files (.js, .xml, .txt, .data…) have an extension; pages do not.
  return !/\.[a-z0-9]+$/i.test(path);
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
