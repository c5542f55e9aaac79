import type { Express, RequestHandler } from "express";
import { refuseCrossSiteRequests } from "#app/.server/http/cross-site.ts";
import { refuseMalformedRequests, requireHost } from "#app/.server/http/request-guards.ts";
import {
  baseSecurityHeaders,
  hstsHeader,
  strictPolicy,
} from "#app/.server/http/security-headers.ts";
import { EVENTS_PATH } from "#app/lib/analytics.ts";

// What the copy's app (app.ts) and the events thread's (analytics/events-worker.ts) share:
// every answer's security headers, and the checks an event passes before it is read.

const securityHeaders = Object.entries(baseSecurityHeaders);

/** The headers every answer carries; `Connection: close` while the copy drains. */
export function setSecurityHeaders(isShuttingDown: () => boolean): RequestHandler {
  return (req, res, next) => {
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    res.setHeader("Content-Security-Policy", strictPolicy);
    if (req.secure) res.setHeader("Strict-Transport-Security", hstsHeader);
    // Keep-alive clients learn to reconnect elsewhere while this copy drains.
    if (isShuttingDown()) res.setHeader("Connection", "close");
    next();
  };
}

/**
 * POST /events, checked like any post (a well-formed request with a host, from a page of
 * this site), then `receive`. Counted in /metrics where the app counts, never logged a line
 * each: thousands a second would bury every other request in the log.
 */
export function routeEvents(app: Express, siteUrl: string, receive: RequestHandler): void {
  app.post(
    EVENTS_PATH,
    refuseMalformedRequests(),
    requireHost(),
    refuseCrossSiteRequests(siteUrl),
    receive,
  );
}
