import { randomBytes } from "node:crypto";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { readSessionToken } from "#app/.server/auth/cookie.ts";
import { canUse } from "#app/.server/auth/roles.ts";
import { readSession } from "#app/.server/auth/sessions.ts";
import { type AppContext, appContext, requestContext } from "#app/.server/context.ts";
import { serveAssets } from "#app/.server/http/assets.ts";
import { browserErrorReports } from "#app/.server/http/browser-errors.ts";
import { normalizeAddress, rateLimitKey } from "#app/.server/http/client-address.ts";
import { refuseCrossSiteRequests } from "#app/.server/http/cross-site.ts";
import { routeEvents, setSecurityHeaders } from "#app/.server/http/events-route.ts";
import { healthRoutes } from "#app/.server/http/health.ts";
import type { Metrics } from "#app/.server/http/metrics.ts";
import { type PageStore, servePages } from "#app/.server/http/pages.ts";
import {
  redirectTrailingSlash,
  refuseMalformedRequests,
  requireHost,
} from "#app/.server/http/request-guards.ts";
import { logRequests, requestIdOf } from "#app/.server/http/request-log.ts";
import { routerHandler } from "#app/.server/http/router.ts";
import { strictPolicy } from "#app/.server/http/security-headers.ts";
import { postCovers, serveSocialImages } from "#app/.server/http/social-images.ts";
import { PER_RESPONSE_BROTLI_QUALITY } from "#app/.server/pages/finish.ts";
import { backOfficePolicy, contentSecurityPolicy } from "#app/.server/security.ts";

export type AppOptions = {
  app: AppContext;
  getBuild: () => Promise<ServerBuild>;
  isShuttingDown: () => boolean;
  /** Counts every request, and answers GET /metrics. */
  metrics: Metrics;
  /** Counts visits to the public pages, and takes the browser's events (POST /events). */
  analytics?: { middleware: express.RequestHandler; receive: express.RequestHandler };
} & (
  | {
      mode: "production";
      /** The release this copy serves, and the folder of all releases (for older assets). */
      releaseDir: string;
      buildRoot: string;
      pages: PageStore;
    }
  | { mode: "development"; viteMiddleware: express.RequestHandler; pages: PageStore }
);

/**
 * The HTTP layer, in the order a request meets it: headers, analytics events, the log,
 * refusal of malformed and cross-site requests, health, canonical redirects, pages kept in
 * memory, assets, and finally React Router for everything rendered per request.
 */
export function createApp(options: AppOptions) {
  const { env, log, report } = options.app;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  app.set("etag", "strong");

  const { metrics } = options;
  app.use(setSecurityHeaders(options.isShuttingDown));
  app.use(metrics.track);
  if (options.analytics) routeEvents(app, env.SITE_URL, options.analytics.receive);
  app.use(logRequests(log));
  app.use(refuseMalformedRequests());
  app.use(healthRoutes({ ...options.app, isShuttingDown: options.isShuttingDown }));
  app.use(metrics.endpoint);
  app.use(requireHost());
  app.use(refuseCrossSiteRequests(env.SITE_URL));
  app.use(redirectTrailingSlash());
  app.use(browserErrorReports(report));
  if (options.analytics) app.use(options.analytics.middleware);

  if (options.mode === "production") {
    app.use(servePages(options.pages));
    app.use("/assets", ...serveAssets(options.releaseDir, options.buildRoot));
  } else {
    app.use(options.viteMiddleware);
  }
  app.use("/social/pages", serveSocialImages(options.pages, postCovers(options.app)));
  // What is compressed here is rendered per request (the contact page with its form token,
  // the examples in a new order, .data answers, the back office): at the same quality as
  // every page sent once (pages/finish.ts). Kept pages are compressed once, at 11.
  app.use(
    compression({
      brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: PER_RESPONSE_BROTLI_QUALITY } },
    }),
  );
  if (options.mode === "production") {
    app.use(
      express.static(path.join(options.releaseDir, "client"), {
        maxAge: "1h",
        index: false,
        redirect: false,
      }),
    );
  }

  app.use(
    routerHandler({
      build: options.getBuild,
      mode: options.mode,
      async largeBodyAllowed(req) {
        // Only the post editor takes more than a form: a session of someone who may write.
        const request = new Request(`${req.protocol}://${req.host}${req.originalUrl}`, {
          headers: { cookie: req.headers.cookie ?? "" },
        });
        const signedIn = await readSession(options.app.database.db, readSessionToken(request));
        return signedIn !== null && canUse(signedIn.user.role, "posts");
      },
      getLoadContext(req, res) {
        const nonce = randomBytes(16).toString("base64");
        res.setHeader(
          "Content-Security-Policy",
          /^\/admin(\/|\.data$|$)/.test(req.path)
            ? backOfficePolicy(nonce, { externalImages: req.path.startsWith("/admin/posts") })
            : contentSecurityPolicy([`'nonce-${nonce}'`]),
        );
        const context = new RouterContextProvider();
        context.set(appContext, options.app);
        context.set(requestContext, {
          origin: env.SITE_URL,
          nonce,
          requestId: requestIdOf(req),
          clientIp: normalizeAddress(req.ip),
          clientKey: rateLimitKey(req.ip),
          document: !req.path.endsWith(".data"),
          documentOnly: new Map(),
        });
        return context;
      },
    }),
  );

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status =
      typeof (error as { status?: unknown }).status === "number"
        ? (error as { status: number }).status
        : 500;
    if (status >= 500) {
      report(error, {
        msg: "request failed",
        source: "server",
        requestId: requestIdOf(req),
        method: req.method,
        path: req.path,
      });
    }
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
