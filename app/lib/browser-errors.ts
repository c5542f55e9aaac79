import { useEffect } from "react";
import { isRouteErrorResponse } from "react-router";

/** Where a page posts an error it met in the browser (the server logs and reports it). */
export const BROWSER_ERRORS_PATH = "/browser-errors";

/** What React Router shows in the browser for an error the server met (and reported). */
const SERVER_ERROR_MESSAGE = "Unexpected Server Error";

/**
 * Sends an error that broke a page in this browser to the server, once, without waiting
 * and without ever failing the page: an error response (a 404) and an error the server
 * met are not the browser's and are not sent. Only the page's path goes with it, not its
 * query string.
 */
export function reportBrowserError(
  error: unknown,
  send: typeof fetch = fetch,
  path = window.location.pathname,
): void {
  if (isRouteErrorResponse(error) || !(error instanceof Error)) return;
  if (error.message === SERVER_ERROR_MESSAGE) return;
  const reported = error as Error & { reportedToServer?: boolean };
  if (reported.reportedToServer) return;
  reported.reportedToServer = true;
  send(BROWSER_ERRORS_PATH, {
    method: "POST",
    keepalive: true,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      message: (error.message || error.name).slice(0, 500),
      stack: error.stack?.slice(0, 4_000),
      path: path.slice(0, 300),
    }),
  }).catch(() => {});
}

/** For every error boundary: reports the error it shows, once it shows in the browser. */
export function useReportBrowserError(error: unknown): void {
  useEffect(() => reportBrowserError(error), [error]);
}
