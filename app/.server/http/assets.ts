import { existsSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { strictPolicy } from "#app/.server/http/security-headers.ts";
import { listReleases } from "#app/.server/releases.ts";

const assetName = /^\/[\w.-]+$/;
const scriptOrStylesheet = /\.(js|css)$/;

/**
 * Headers that only mean something on a document (what it may run, frame, embed, send as
 * referrer, use of the device): a script or stylesheet is never one, and a page loads about
 * ten of them, so they go (the policy alone is about 100 bytes a file). A browser applies a
 * Content-Security-Policy from a script's response only when the script starts a worker, and
 * the site starts none; opened by itself, a script or stylesheet shows as text. `nosniff`
 * stays: it is what stops a script or stylesheet being taken for anything else.
 */
const documentOnlyHeaders = [
  "Content-Security-Policy",
  "Referrer-Policy",
  "X-Frame-Options",
  "Cross-Origin-Opener-Policy",
  "Permissions-Policy",
];

function assetMiddleware(assetsDir: string, fallthrough: boolean): RequestHandler {
  const serve = expressStaticGzip(assetsDir, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    // A hashed name never changes content: no validators, no revalidation.
    serveStatic: {
      immutable: true,
      maxAge: "1y",
      index: false,
      redirect: false,
      fallthrough,
      etag: false,
      lastModified: false,
    },
  }) as RequestHandler;
  return (req, res, next) => {
    if (scriptOrStylesheet.test(req.path)) {
      for (const name of documentOnlyHeaders) res.removeHeader(name);
    }
    serve(req, res, next);
  };
}

/**
 * Hashed assets (mounted at /assets): this copy's release first, with the `.br`/`.gz` files
 * the build wrote; then any other release still on disk, so that a page served by an earlier
 * (or later) build still loads its scripts after a deploy. Unknown names answer 404.
 */
// A name unknown here may exist on a copy running another release: nothing caches the 404.
function notFound(res: Parameters<RequestHandler>[1]) {
  res.setHeader("Cache-Control", "no-store");
  // Taken off above for a script that was to be served; this answer is a document of its own.
  res.setHeader("Content-Security-Policy", strictPolicy);
  res.status(404).type("text/plain").send("Not found.");
}

export function serveAssets(releaseDir: string, buildRoot: string): RequestHandler[] {
  const own = assetMiddleware(path.join(releaseDir, "client", "assets"), true);
  const others = new Map<string, RequestHandler>();
  const fallback: RequestHandler = (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !assetName.test(req.path)) {
      notFound(res);
      return;
    }
    const release = listReleases(buildRoot).find(
      (dir) => dir !== releaseDir && existsSync(path.join(dir, "client", "assets", req.path)),
    );
    if (!release) {
      notFound(res);
      return;
    }
    let middleware = others.get(release);
    if (!middleware) {
      middleware = assetMiddleware(path.join(release, "client", "assets"), false);
      others.set(release, middleware);
    }
    middleware(req, res, next);
  };
  return [own, fallback];
}
