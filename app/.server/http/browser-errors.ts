import express, { type RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { rateLimitKey } from "#app/.server/http/client-address.ts";
import { requestIdOf } from "#app/.server/http/request-log.ts";
import type { ErrorReporter } from "#app/.server/report.ts";
import { BROWSER_ERRORS_PATH } from "#app/lib/browser-errors.ts";

/** Reports one client may send in ten minutes, and one copy accepts a minute in all. */
export const BROWSER_REPORTS_PER_CLIENT = 5;
export const BROWSER_REPORTS_PER_MINUTE = 60;

const browserReport = z.strictObject({
  message: z.string().trim().min(1).max(500),
  stack: z.string().max(4_000).optional(),
  /** The page's path, without its query string (which may carry personal data). */
  path: z.string().regex(/^\/[^?#\s]{0,299}$/),
});

/** An error met in a visitor's browser, as reported: its stack is the browser's. */
export class BrowserError extends Error {
  override name = "BrowserError";
}

/**
 * POST /browser-errors (sent by app/lib/browser-errors.ts): a JSON report of an error a page met in the browser, logged and
 * sent to the error trackers like the server's own. Anyone can post here, so it is small
 * (4 KB of stack), counted per client and per copy (in memory: a flood costs one copy a
 * few map entries, never a database write) and answers nothing but its status.
 */
export function browserErrorReports(report: ErrorReporter): RequestHandler {
  const perClient = new LRUCache<string, number[]>({ max: 10_000 });
  let minute = { startedAt: 0, count: 0 };
  const router = express.Router();
  router.post(
    BROWSER_ERRORS_PATH,
    express.json({ limit: "8kb", type: "application/json" }),
    (req, res) => {
      res.setHeader("Cache-Control", "no-store");
      const parsed = browserReport.safeParse(req.body);
      if (!parsed.success) {
        res.status(400).type("text/plain; charset=utf-8").send("The report could not be read.");
        return;
      }
      const now = Date.now();
      if (now - minute.startedAt > 60_000) minute = { startedAt: now, count: 0 };
      const key = rateLimitKey(req.ip);
      const recent = (perClient.get(key) ?? []).filter((at) => now - at < 600_000);
      if (
        recent.length >= BROWSER_REPORTS_PER_CLIENT ||
        minute.count >= BROWSER_REPORTS_PER_MINUTE
      ) {
        res.setHeader("Retry-After", "600");
        res.status(429).type("text/plain; charset=utf-8").send("Too many reports.");
        return;
      }
      perClient.set(key, [...recent, now]);
      minute.count++;
      const error = new BrowserError(parsed.data.message);
      error.stack = parsed.data.stack ?? `BrowserError: ${parsed.data.message}`;
      report(error, {
        msg: "browser error",
        source: "browser",
        requestId: requestIdOf(req),
        path: parsed.data.path,
      });
      res.status(204).end();
    },
  );
  return router;
}
