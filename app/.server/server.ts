import type { Server } from "node:http";
import path from "node:path";
import type express from "express";
import type { ServerBuild } from "react-router";
import { createAnalytics } from "#app/.server/analytics/collect.ts";
import { startEventsListener } from "#app/.server/analytics/events-listener.ts";
import { rollUpDays } from "#app/.server/analytics/report.ts";
import { pruneAnalytics } from "#app/.server/analytics/retention.ts";
import { pruneSessions } from "#app/.server/auth/sessions.ts";
import { pruneSignInTokens } from "#app/.server/auth/sign-in-links.ts";
import { createWorkerRenderer } from "#app/.server/blog/post-renderer.ts";
import { refreshPostHtml } from "#app/.server/blog/post-store.ts";
import { pruneRateLimitHits } from "#app/.server/contact/store.ts";
import type { AppContext } from "#app/.server/context.ts";
import { openConfiguredDatabase } from "#app/.server/db/open.ts";
import { type Env, loadEnv } from "#app/.server/env.ts";
import { createApp } from "#app/.server/http/app.ts";
import { gracefulShutdown, listen } from "#app/.server/http/lifecycle.ts";
import { createMetrics } from "#app/.server/http/metrics.ts";
import { createPageStore } from "#app/.server/http/pages.ts";
import { startPeriodicJobs } from "#app/.server/jobs.ts";
import { leadChannelHandlers } from "#app/.server/leads/channels/index.ts";
import { queueFollowUpDigests } from "#app/.server/leads/follow-up-digest.ts";
import { applyRetention } from "#app/.server/leads/retention.ts";
import { createLogger } from "#app/.server/log.ts";
import { createMailSender, startOutboxWorker } from "#app/.server/mail/outbox.ts";
import { createMediaStorage } from "#app/.server/media/storage.ts";
import { releaseStore } from "#app/.server/pages/critical-css.ts";
import { planPages } from "#app/.server/pages/plan.ts";
import { createPageRenderer } from "#app/.server/pages/render.ts";
import { markInUse } from "#app/.server/releases.ts";
import { createReporter } from "#app/.server/report.ts";
import { reportAdapters } from "#app/.server/report-adapters.ts";
import { loadSecrets } from "#app/.server/secrets.ts";

export type StartOptions = {
  /** Project root: DATA_DIR is resolved against it. */
  root: string;
  getBuild: () => Promise<ServerBuild>;
  env?: Env;
} & (
  | {
      mode: "production";
      /** The release this copy serves (the real directory behind build/current). */
      releaseDir: string;
      /** The folder holding every release (BUILD_DIR). */
      buildRoot: string;
    }
  | { mode: "development"; viteMiddleware: express.RequestHandler }
);

export type RunningServer = {
  server: Server;
  url: string;
  shutdown(reason: string): Promise<void>;
};

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const env = options.env ?? loadEnv();
  const dataDir = path.resolve(options.root, env.DATA_DIR);
  const log = createLogger(env.LOG_LEVEL);
  const database = await openConfiguredDatabase(env, {
    root: options.root,
    // A copy restarted right after a crash waits for the dead one's lock to go stale.
    waitMs: 15_000,
    onError: (error) => log.warn("database connection error", { error }),
  });
  log.info("database ready", { driver: database.kind });

  // The outbox starts once the pages are rendered (below); no lead can come sooner.
  let kickMail = () => {};
  const build = await options.getBuild();
  const context: AppContext = {
    env,
    dataDir,
    database,
    log,
    report: createReporter(log, reportAdapters),
    kickMail: () => kickMail(),
    pages: planPages(build.routes, { sharedSeconds: env.PAGE_KEEP_SECONDS }),
    secrets: await loadSecrets(database.db, env),
    media: createMediaStorage(path.resolve(options.root, env.DATA_DIR)),
    renderer: createWorkerRenderer({
      // The release's own build of it, or in development its source (type stripping).
      workerFile:
        options.mode === "production"
          ? path.join(options.releaseDir, "server", "render-worker.js")
          : path.join(options.root, "app", ".server", "blog", "render-worker.ts"),
    }),
  };

  // The release's pruned stylesheets: a restart, or another copy, finds its pages' shapes
  // pruned already (app/.server/pages/critical-css.ts).
  if (options.mode === "production") {
    releaseStore.use(path.join(options.releaseDir, "cache", "critical-css"));
  }
  const started = performance.now();
  const render = createPageRenderer(options.getBuild, context, { mode: options.mode });
  const pages = await createPageStore(context.pages, render, {
    log,
    keep: options.mode === "production",
  });
  log.info("pages rendered", {
    static: pages.staticCount,
    ms: Math.round(performance.now() - started),
    // Page shapes whose critical CSS an earlier start or another copy had pruned, and new.
    criticalCss: { ...releaseStore.counts },
  });

  const metrics = createMetrics({
    token: env.METRICS_TOKEN,
    routes: build.routes,
    database,
    pages,
  });

  // Only now: rendering every page holds the process for seconds on a busy machine, and an
  // SMTP exchange begun before it timed out there (10 s) and waited for its retry.
  const outbox = startOutboxWorker({
    db: database.db,
    sender: createMailSender({
      smtpUrl: env.SMTP_URL,
      dataDir,
    }),
    from: env.MAIL_FROM,
    to: env.CONTACT_TO,
    channels: leadChannelHandlers(env),
    log,
    report: context.report,
    onDeliveryFailure: metrics.deliveryFailed,
    intervalMs: env.MAIL_POLL_MS,
    policy: {
      baseMs: env.MAIL_RETRY_BASE_MS,
      maxMs: env.MAIL_RETRY_MAX_MS,
      giveUpAfterMs: env.MAIL_GIVE_UP_HOURS * 3_600_000,
      leaseMs: 2 * 60_000,
    },
  });
  kickMail = outbox.kick;

  const analytics = createAnalytics({ db: database.db, log, siteUrl: env.SITE_URL });
  const host = env.HOST ?? (options.mode === "development" ? "localhost" : "0.0.0.0");
  // Events on a port of their own, answered by a thread of their own (docs/analytics.md).
  const eventsListener =
    env.EVENTS_PORT === undefined
      ? undefined
      : await startEventsListener({
          workerFile:
            options.mode === "production"
              ? path.join(options.releaseDir, "server", "events-worker.js")
              : path.join(options.root, "app", ".server", "analytics", "events-worker.ts"),
          data: {
            port: env.EVENTS_PORT,
            host,
            siteUrl: env.SITE_URL,
            trustProxy: env.TRUST_PROXY,
            headersMs: env.HEADERS_TIMEOUT_MS,
            requestMs: env.REQUEST_TIMEOUT_MS,
          },
          take: analytics.take,
          takeJson: analytics.takeJson,
          saltOf: analytics.saltOf,
          countAnswered: metrics.countAnswered,
          log,
        });
  if (eventsListener) log.info("analytics events port listening", { port: env.EVENTS_PORT, host });
  const stopJobs = startPeriodicJobs(log, [
    { name: "rate-limit sweep", everyMs: 600_000, run: () => pruneRateLimitHits(database.db) },
    // Retention is counted in months, so an hour late is never late; copies take turns.
    {
      name: "lead retention",
      everyMs: 3_600_000,
      run: () => applyRetention(database.db, { dataDir, log }),
    },
    {
      name: "analytics rollup and retention",
      everyMs: 3_600_000,
      run: async () => {
        await rollUpDays(database.db);
        await pruneAnalytics(database.db);
      },
    },
    // Each person's morning email of follow-ups, from 8:00 in their time zone.
    {
      name: "follow-up emails",
      everyMs: 600_000,
      run: async () => {
        const queued = await queueFollowUpDigests(database.db, { siteUrl: env.SITE_URL });
        if (queued > 0) kickMail();
      },
    },
    {
      name: "sign-in sweep",
      everyMs: 3_600_000,
      run: async () => {
        await pruneSessions(database.db);
        await pruneSignInTokens(database.db);
      },
    },
  ]);
  const releaseMark = options.mode === "production" ? markInUse(options.releaseDir) : () => {};

  let shuttingDown = false;
  const app = createApp({
    ...(options.mode === "production"
      ? {
          mode: "production",
          releaseDir: options.releaseDir,
          buildRoot: options.buildRoot,
        }
      : { mode: "development", viteMiddleware: options.viteMiddleware }),
    app: context,
    pages,
    getBuild: options.getBuild,
    metrics,
    analytics,
    isShuttingDown: () => shuttingDown,
  });

  const server = await listen(app, env.PORT, host, {
    headersMs: env.HEADERS_TIMEOUT_MS,
    requestMs: env.REQUEST_TIMEOUT_MS,
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = `http://localhost:${port}`;
  log.info("server listening", {
    url,
    host,
    siteUrl: env.SITE_URL,
    nodeEnv: env.NODE_ENV ?? null,
  });
  for (const warning of configurationWarnings({ ...env, HOST: host })) {
    log.warn(warning, { siteUrl: env.SITE_URL, host });
  }
  // Posts whose HTML another sanitiser (or an SQL client) made: made again now, not when a
  // reader first asks for them. A refusal (too slow, too deep) leaves that row to its page,
  // which answers 503 and logs why.
  refreshPostHtml(database.db, context.renderer).then(
    (made) => made > 0 && log.info("post HTML made again", { posts: made }),
    (error) => log.warn("could not make post HTML again", { error }),
  );

  const drain = gracefulShutdown(server, log, async () => {
    await stopJobs();
    await outbox.stop();
    await eventsListener?.stop();
    await analytics.close();
    await context.renderer.close();
    await database.close();
    releaseMark();
  });
  return {
    server,
    url,
    shutdown(reason) {
      shuttingDown = true;
      return drain(reason);
    },
  };
}

/** What is allowed but probably a mistake in the configuration, said once at start. */
export function configurationWarnings(
  env: Pick<Env, "SITE_URL" | "TRUST_PROXY" | "HOST">,
): string[] {
  const warnings: string[] = [];
  const everyInterface = env.HOST === undefined || ["0.0.0.0", "::", "[::]"].includes(env.HOST);
  if (typeof env.TRUST_PROXY === "number" && everyInterface) {
    // A hop count trusts whoever connects: a client that reaches this copy directly, not
    // through the proxy, chooses its own address (and rate limits) in X-Forwarded-For.
    warnings.push(
      `TRUST_PROXY is a hop count (${env.TRUST_PROXY}) and the server listens on every interface: a client that reaches it directly, not through the proxy, can choose the address it is seen from. Bind it to the interface the proxy uses (HOST=127.0.0.1, or a private address) or name the proxy's addresses in TRUST_PROXY instead (127.0.0.1, 10.0.0.0/8).`,
    );
  }
  if (env.SITE_URL.startsWith("https:") && env.TRUST_PROXY === false) {
    // This server speaks plain HTTP, so with an https address a proxy in front ends TLS.
    // Untrusted, its X-Forwarded-Proto is ignored and every request looks like plain HTTP.
    warnings.push(
      "SITE_URL is https but TRUST_PROXY is false: requests cannot be told to have come over HTTPS, so the back office's session cookie goes without Secure and no Strict-Transport-Security is sent. Set TRUST_PROXY (1 behind one nginx).",
    );
  }
  return warnings;
}
