import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import type { Server } from "node:http";
import net from "node:net";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import {
  createRequestHandler as createFetchHandler,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { pruneRateLimitHits } from "./contact/store.ts";
import { type AppContext, appContext, requestContext } from "./context.ts";
import { openDatabase } from "./db/client.ts";
import { removePidFile, runningServerPid, writePidFile } from "./db/pid-file.ts";
import { type Env, loadEnv } from "./env.ts";
import { createLogger } from "./log.ts";
import { createMailSender, startOutboxWorker } from "./mail/outbox.ts";
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  hstsHeader,
  strictPolicy,
} from "./security.ts";
import { loadStaticPages, type StaticPage, staticPageFromHtml } from "./static-pages.ts";

export type StartOptions = {
  /** Project root: DATA_DIR is resolved against it. */
  root: string;
  /** Output of `react-router build` (build/ unless BUILD_DIR says otherwise). */
  buildDir: string;
  getBuild: () => Promise<ServerBuild>;
  /** Development only: Vite's middleware serves source assets instead of build/client. */
  devMiddleware?: express.RequestHandler;
  env?: Env;
};

export type RunningServer = {
  server: Server;
  url: string;
  shutdown(reason: string): Promise<void>;
};

const SHUTDOWN_GRACE_MS = 9_000;
const DRAIN_MS = 500;

function acceptsEncoding(req: Request, encoding: string): boolean {
  const header = req.headers["accept-encoding"];
  return (
    typeof header === "string" && header.split(",").some((part) => part.trim().startsWith(encoding))
  );
}

function sendStaticPage(req: Request, res: Response, page: StaticPage) {
  res.setHeader("Content-Security-Policy", page.csp);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
  res.setHeader("ETag", page.etag);
  res.setHeader("Vary", "Accept-Encoding");
  if (req.headers["if-none-match"] === page.etag) {
    res.status(304).end();
    return;
  }
  let body = page.body;
  if (acceptsEncoding(req, "br")) {
    body = page.brotli;
    res.setHeader("Content-Encoding", "br");
  } else if (acceptsEncoding(req, "gzip")) {
    body = page.gzip;
    res.setHeader("Content-Encoding", "gzip");
  }
  res.setHeader("Content-Length", body.length);
  res.status(200).end(req.method === "HEAD" ? undefined : body);
}

/** Serves the build's `.br`/`.gz` copies of hashed assets to browsers that accept them. */
function precompressedAssets(assetsDir: string): express.RequestHandler {
  const available = new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : []);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const encoding =
      acceptsEncoding(req, "br") && available.has(`${name}.br`)
        ? "br"
        : acceptsEncoding(req, "gzip") && available.has(`${name}.gz`)
          ? "gzip"
          : null;
    if (!encoding || name.includes("/")) return next();
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.type(path.extname(name));
    res.sendFile(path.join(assetsDir, `${name}.${encoding === "br" ? "br" : "gz"}`));
  };
}

const POST_CACHE_MS = 10_000;
const POST_CACHE_ENTRIES = 500;

/**
 * Rendered database post pages are kept for a few seconds and served like prerendered
 * pages (compressed once, inline scripts allowed by hash): a post shared on LinkedIn is
 * rendered a few times a minute, not once per visitor. A change made with the editor
 * command or any SQL client shows within POST_CACHE_MS, on every server copy.
 */
function databasePostCache(options: {
  getBuild: StartOptions["getBuild"];
  loadContext: (req: Request, res: Response) => RouterContextProvider;
}): express.RequestHandler {
  const cache = new Map<string, { page: StaticPage; expires: number }>();
  let render: ReturnType<typeof createFetchHandler> | undefined;
  return async (req, res, next) => {
    const hit = cache.get(req.originalUrl);
    if (hit && hit.expires > Date.now()) {
      sendStaticPage(req, res, hit.page);
      return;
    }
    try {
      render ??= createFetchHandler(await options.getBuild(), "production");
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
      const response = await render(
        new globalThis.Request(url, { headers }),
        options.loadContext(req, res),
      );
      const body = Buffer.from(await response.arrayBuffer());
      if (
        response.status !== 200 ||
        !response.headers.get("content-type")?.startsWith("text/html")
      ) {
        // Not found, unavailable or a redirect: answered as rendered, never kept.
        response.headers.forEach((value, name) => {
          if (name !== "content-length") res.setHeader(name, value);
        });
        res.status(response.status).end(req.method === "HEAD" ? undefined : body);
        return;
      }
      const page = staticPageFromHtml(body, 5);
      if (cache.size >= POST_CACHE_ENTRIES) cache.delete(cache.keys().next().value ?? "");
      cache.set(req.originalUrl, { page, expires: Date.now() + POST_CACHE_MS });
      sendStaticPage(req, res, page);
    } catch (error) {
      next(error);
    }
  };
}

/** Builds the Express app; separated from listening so tests can mount it directly. */
export function createApp(options: {
  buildDir: string;
  getBuild: StartOptions["getBuild"];
  devMiddleware?: express.RequestHandler;
  app: AppContext;
  isShuttingDown: () => boolean;
}) {
  const { env, database, log } = options.app;
  const clientDir = path.join(options.buildDir, "client");
  const staticPages = options.devMiddleware
    ? new Map<string, StaticPage>()
    : loadStaticPages(clientDir);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  app.set("etag", "strong");

  app.use((req, res, next) => {
    const started = performance.now();
    res.on("finish", () => {
      log.info("request", {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    for (const [name, value] of Object.entries(baseSecurityHeaders)) res.setHeader(name, value);
    res.setHeader("Content-Security-Policy", strictPolicy);
    if (req.secure) res.setHeader("Strict-Transport-Security", hstsHeader);
    // Keep-alive clients learn to reconnect elsewhere while this copy drains.
    if (options.isShuttingDown()) res.setHeader("Connection", "close");
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });

  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (options.isShuttingDown()) {
      res.status(503).json({ status: "shutting down" });
      return;
    }
    try {
      await database.ping(900);
      res.json({ status: "ready", database: database.kind });
    } catch (error) {
      log.warn("readiness check failed", { error });
      res.status(503).json({ status: "database unavailable" });
    }
  });

  // One URL per page: "/pricing/" and "/pricing" must not be two canonical pages.
  app.use((req, res, next) => {
    if (
      (req.method === "GET" || req.method === "HEAD") &&
      req.path.length > 1 &&
      req.path.endsWith("/")
    ) {
      const query = req.originalUrl.slice(req.path.length);
      res.redirect(301, `${req.path.replace(/\/+$/, "") || "/"}${query}`);
      return;
    }
    next();
  });

  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const page = staticPages.get(req.path);
    if (!page) return next();
    sendStaticPage(req, res, page);
  });

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else {
    app.use("/assets", precompressedAssets(path.join(clientDir, "assets")));
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        redirect: false,
        fallthrough: false,
      }),
    );
  }

  app.use(compression());
  if (!options.devMiddleware) {
    app.use(
      express.static(clientDir, {
        maxAge: "1h",
        index: false,
        redirect: false,
      }),
    );
  }

  const loadContext = (req: Request, res: Response) => {
    const nonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`]));
    const context = new RouterContextProvider();
    context.set(appContext, options.app);
    context.set(requestContext, { nonce, clientIp: req.ip ?? "unknown" });
    return context;
  };
  if (!options.devMiddleware) {
    // Database posts (static articles were served above); ".data" requests pass by.
    app.get(/^\/blog\/[^/.]+$/, databasePostCache({ getBuild: options.getBuild, loadContext }));
  }
  app.use(
    createRequestHandler({
      build: options.getBuild,
      mode: options.devMiddleware ? "development" : "production",
      getLoadContext: loadContext,
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status =
      typeof (error as { status?: unknown }).status === "number"
        ? (error as { status: number }).status
        : 500;
    if (status >= 500) log.error("request failed", { path: req.path, error });
    if (res.headersSent) {
      res.end();
      return;
    }
    res.setHeader("Content-Security-Policy", strictPolicy);
    res.setHeader("Cache-Control", "no-store");
    res.status(status).type("text/plain; charset=utf-8");
    res.send(
      status === 404
        ? "Not found."
        : status < 500
          ? "The request could not be processed."
          : "Something went wrong on our side. Please try again in a moment.",
    );
  });

  return app;
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const env = options.env ?? loadEnv();
  const log = createLogger(env.LOG_LEVEL);
  const dataDir = path.resolve(options.root, env.DATA_DIR);
  if (!env.DATABASE_URL) {
    const other = runningServerPid(dataDir);
    if (other) {
      throw new Error(
        `Another server (pid ${other}) is using the embedded database in ${dataDir}. Stop it, choose another DATA_DIR, or set DATABASE_URL.`,
      );
    }
  }
  const database = env.DATABASE_URL
    ? openDatabase({
        databaseUrl: env.DATABASE_URL,
        onError: (error) => log.warn("database connection error", { error }),
      })
    : openDatabase({ dataDir });
  await database.migrate();
  if (database.kind === "pglite") writePidFile(dataDir);
  log.info("database ready", { driver: database.kind });

  const outbox = startOutboxWorker({
    db: database.db,
    sender: createMailSender({ smtpUrl: env.SMTP_URL, dataDir }),
    from: env.MAIL_FROM,
    to: env.CONTACT_TO,
    log,
    intervalMs: env.MAIL_POLL_MS,
    policy: {
      baseMs: env.MAIL_RETRY_BASE_MS,
      maxMs: env.MAIL_RETRY_MAX_MS,
      giveUpAfterMs: env.MAIL_GIVE_UP_HOURS * 3_600_000,
      leaseMs: 2 * 60_000,
    },
  });

  // Off the request path: one cheap sweep every 10 minutes per copy.
  const sweep = setInterval(() => {
    pruneRateLimitHits(database.db).catch((error) =>
      log.warn("rate-limit sweep failed", { error }),
    );
  }, 600_000);
  sweep.unref();

  let shuttingDown = false;
  const context: AppContext = { env, database, log, kickMail: outbox.kick };
  const app = createApp({
    buildDir: options.buildDir,
    getBuild: options.getBuild,
    devMiddleware: options.devMiddleware,
    app: context,
    isShuttingDown: () => shuttingDown,
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(env.PORT, env.HOST, () => resolve(listening));
    listening.once("error", reject);
  });
  server.keepAliveTimeout = 5_000;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = `http://localhost:${port}`;
  log.info("server listening", { url, siteUrl: env.SITE_URL });

  let closing: Promise<void> | undefined;
  const shutdown = (reason: string) => {
    closing ??= (async () => {
      shuttingDown = true;
      log.info("shutting down", { reason });
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      force.unref();
      // Stop accepting connections without http.Server#close, which would also cut idle
      // keep-alive connections that may carry a request already on its way. During the
      // drain window those requests are still served, answered with "Connection: close".
      const closed = new Promise<void>((resolve) =>
        net.Server.prototype.close.call(server, () => resolve()),
      );
      await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
      server.closeIdleConnections();
      const idleSweeper = setInterval(() => server.closeIdleConnections(), 100);
      await closed;
      clearInterval(idleSweeper);
      clearTimeout(force);
      clearInterval(sweep);
      await outbox.stop();
      await database.close();
      if (database.kind === "pglite") removePidFile(dataDir);
      log.info("shutdown complete");
    })();
    return closing;
  };

  return { server, url, shutdown };
}
