import { createContext, data, type RouterContextProvider } from "react-router";
import type { PostRenderer } from "#app/.server/blog/post-renderer.ts";
import type { Database } from "#app/.server/db/client.ts";
import type { Env } from "#app/.server/env.ts";
import type { Logger } from "#app/.server/log.ts";
import type { MediaStorage } from "#app/.server/media/storage.ts";
import type { PagePlan } from "#app/.server/pages/plan.ts";
import type { ErrorReporter } from "#app/.server/report.ts";

export type AppContext = {
  env: Env;
  /** DATA_DIR resolved once against the project root: email files, the embedded database. */
  dataDir: string;
  database: Database;
  log: Logger;
  /** Logs an error worth someone's attention, and sends it to any error tracker. */
  report: ErrorReporter;
  /** Asks the outbox worker to send now instead of at its next poll. */
  kickMail: () => void;
  /** Which pages exist and how they are rendered (for the sitemap). */
  pages: PagePlan;
  /** Keys generated once per install and shared by every copy. */
  secrets: { formToken: Buffer };
  /** Uploaded images' files. */
  media: MediaStorage;
  /** Posts' Markdown and HTML, rendered and cleaned off the main thread. */
  renderer: PostRenderer;
};

export type RequestInfo = {
  /** The public origin (SITE_URL) pages link to. */
  origin: string;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  /** The id this request is logged under (X-Request-Id); absent for a page rendered for everyone. */
  requestId?: string;
  /** The visitor's address, or "" for a page rendered for everyone. */
  clientIp: string;
  /** The rate-limit key of that address (an IPv6 client counts by its /64). */
  clientKey: string;
  /** A whole document is being rendered (not loader data for a client-side navigation). */
  document: boolean;
  /** Parts written into the document but left out of its hydration data (see document-only.tsx). */
  documentOnly: Map<string, string>;
};

export const appContext = createContext<AppContext | null>(null);
export const requestContext = createContext<RequestInfo | null>(null);

/** The running server's services, for loaders and actions that cannot work without them. */
export function requireApp(context: Readonly<RouterContextProvider>): AppContext {
  const app = context.get(appContext);
  if (!app) throw data(null, { status: 503 });
  return app;
}

export function requireRequestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  const info = context.get(requestContext);
  if (!info) throw data(null, { status: 503 });
  return info;
}
