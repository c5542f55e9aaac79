import http from "node:http";
import net from "node:net";
import type { Logger } from "#app/.server/log.ts";

/**
 * Slow clients must not hold connections: headers within 10 seconds, the whole request
 * (body included) within 30 (HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS change both), idle
 * keep-alive connections closed after 5. Node checks the first two every second instead
 * of every 30, or more often for limits under 10 seconds.
 */
export type RequestTimeouts = { headersMs: number; requestMs: number };

/** How long a copy keeps an idle connection open; a proxy in front closes its own sooner. */
export const KEEP_ALIVE_MS = 5_000;

const SHUTDOWN_GRACE_MS = 9_000;
const DRAIN_MS = 500;

export async function listen(
  handler: http.RequestListener,
  port: number,
  host: string,
  timeouts: RequestTimeouts,
): Promise<http.Server> {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: KEEP_ALIVE_MS,
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(timeouts.headersMs / 10)),
    },
    handler,
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}

/**
 * Stops taking connections and answers every request already on its way, then runs
 * `cleanup`. Keep-alive connections are told to close (the app's Connection header for
 * requests that arrive now; the answers still being worked on get it here too) and closed
 * once idle; whatever is still open after the grace period is cut.
 */
export function gracefulShutdown(
  server: http.Server,
  log: Logger,
  cleanup: () => Promise<void>,
): (reason: string) => Promise<void> {
  // Answers not yet sent, so that those begun before the signal also say Connection: close.
  const unanswered = new Set<http.ServerResponse>();
  server.on("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    unanswered.add(res);
    res.once("close", () => unanswered.delete(res));
  });
  // Closes the connections between requests. Not straight from a timer: timers run before
  // the event loop reads its sockets, so on a busy machine a request that has already
  // arrived would still be unread, its connection counted idle and cut under it (the client
  // sees a reset). After the reads (setImmediate), such a connection is busy and kept.
  const closeIdle = () => setImmediate(() => server.closeIdleConnections());
  let closing: Promise<void> | undefined;
  return (reason) => {
    closing ??= (async () => {
      log.info("shutting down", { reason });
      for (const res of unanswered) {
        if (!res.headersSent) res.setHeader("Connection", "close");
      }
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      force.unref();
      // Not http.Server#close, which would also cut idle keep-alive connections that may
      // carry a request already on its way: during the drain those are still answered.
      const closed = new Promise<void>((resolve) =>
        net.Server.prototype.close.call(server, () => resolve()),
      );
      await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
      closeIdle();
      const idleSweeper = setInterval(closeIdle, 100);
      await closed;
      clearInterval(idleSweeper);
      clearTimeout(force);
      await cleanup();
      log.info("shutdown complete");
    })();
    return closing;
  };
}
