import type { Logger } from "#app/.server/log.ts";

// The one way the server says "this went wrong and someone should look": a request that
// failed (500), an error React Router caught, an outbox entry given up on, an error a
// visitor's browser met. Every report is logged; adapters (report-adapters.ts) can also send
// it to an error tracker.

/** Where a report comes from, and the identifiers that help find it again. */
export type ReportContext = {
  /** What failed, as the log line's message: "request failed". */
  msg: string;
  source: "server" | "router" | "outbox" | "browser" | "job";
  requestId?: string;
  method?: string;
  path?: string;
  /** Any other identifiers (an outbox id, a channel). Never a visitor's text or address. */
  [field: string]: unknown;
};

export type ErrorReporter = (error: unknown, context: ReportContext) => void;

/**
 * Logs each report at error level (with the error's stack and causes), then hands it to
 * every adapter. An adapter that throws is logged and never breaks the caller. The server
 * passes the list in report-adapters.ts (which imports this module's types, so this module
 * does not import it back).
 */
export function createReporter(log: Logger, adapters: readonly ErrorReporter[]): ErrorReporter {
  return (error, context) => {
    const { msg, ...fields } = context;
    log.error(msg, { ...fields, error });
    for (const adapter of adapters) {
      try {
        adapter(error, context);
      } catch (adapterError) {
        log.warn("error report adapter failed", { adapter: adapter.name, error: adapterError });
      }
    }
  };
}
