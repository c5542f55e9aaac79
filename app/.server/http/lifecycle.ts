import http from "node:http";
import net from "node:net";
import type { Logger } from "#app/.server/log.ts";

/**
 * Slow clients must not hold connections: headers within 10 seconds, the whole request
 * (body included) within 30, idle keep-alive connections closed after 5. Node checks the
 * first two every second instead of every 30.
 */
export const timeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  checkEveryMs: 1_000,
} as const;

const SHUTDOWN_GRACE_MS = 9_000;
const DRAIN_MS = 500;

export async function listen(
  handler: http.RequestListener,
  port: number,
  host: string,
): Promise<http.Server> {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
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
 * `cleanup`. Keep-alive connections are told to close (see the app's Connection header)
 * and closed once idle; whatever is still open after the grace period is cut.
 */
export function gracefulShutdown(
  server: http.Server,
  log: Logger,
  cleanup: () => Promise<void>,
): (reason: string) => Promise<void> {
  let closing: Promise<void> | undefined;
  return (reason) => {
    closing ??= (async () => {
      log.info("shutting down", { reason });
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      force.unref();
      // Not http.Server#close, which would also cut idle keep-alive connections that may
      // carry a request already on its way: during the drain those are still answered.
      const closed = new Promise<void>((resolve) =>
        net.Server.prototype.close.call(server, () => resolve()),
      );
      await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
      server.closeIdleConnections();
      const idleSweeper = setInterval(() => server.closeIdleConnections(), 100);
      await closed;
      clearInterval(idleSweeper);
      clearTimeout(force);
      await cleanup();
      log.info("shutdown complete");
    })();
    return closing;
  };
}
