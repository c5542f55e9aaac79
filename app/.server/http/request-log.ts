import { randomUUID } from "node:crypto";
import type { Request, RequestHandler } from "express";
import type { Logger } from "#app/.server/log.ts";

const requestIdPattern = /^[\w.:-]{1,100}$/;

/** The id of this request, as logged and as answered in X-Request-Id. */
export const requestIdOf = (req: Request): string => String(req.res?.locals.requestId ?? "");

function fromTrustedProxy(req: Request): boolean {
  const trust = req.app.get("trust proxy fn") as
    | ((address: string, hop: number) => boolean)
    | undefined;
  return Boolean(trust && req.socket.remoteAddress && trust(req.socket.remoteAddress, 0));
}

/**
 * A path as logged: a post's preview link is a secret (whoever has it reads the draft), so
 * its token is not written to the log.
 */
export function loggedPath(path: string): string {
  return path.replace(/^\/preview\/[^/]+/, "/preview/(secret)");
}

/**
 * One JSON log line per request, with an id that is also sent back in X-Request-Id (a
 * trusted proxy's own X-Request-Id is kept, so both logs share it). Paths are logged
 * without their query string, which may carry personal data, and without secrets.
 */
export function logRequests(log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const incoming = req.get("x-request-id");
    const id =
      incoming && requestIdPattern.test(incoming) && fromTrustedProxy(req)
        ? incoming
        : randomUUID();
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    res.on("finish", () => {
      log.info("request", {
        requestId: id,
        method: req.method,
        path: loggedPath(req.path),
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    next();
  };
}
