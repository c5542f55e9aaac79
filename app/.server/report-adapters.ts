import type { ErrorReporter } from "#app/.server/report.ts";

/**
 * Error trackers the server reports to, beside its log: none by default. To send reports to
 * Sentry (or OpenTelemetry, or anything else), add a function here; it receives every
 * report with its context (source, request id, method, path) and must not wait or throw.
 *
 *   import * as Sentry from "@sentry/node";
 *   Sentry.init({ dsn: process.env.SENTRY_DSN });
 *   export const reportAdapters: ErrorReporter[] = [
 *     (error, context) => Sentry.captureException(error, { tags: { source: context.source }, extra: context }),
 *   ];
 *
 * docs/operations.md says more.
 */
export const reportAdapters: ErrorReporter[] = [];
