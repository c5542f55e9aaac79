import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response } from "express";
import {
  createRequestHandler as createRouterHandler,
  matchRoutes,
  type RouteObject,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { readBody } from "#app/.server/http/read-body.ts";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "#app/.server/media/images.ts";

/** Every form of the site fits: the contact form is refused above 32 KB by its own page. */
const FORM_LIMIT = 64 * 1024;
/** A post's text is up to 200,000 characters, sent form-encoded (up to 9 bytes each). */
const POST_EDITOR_LIMIT = 2 * 1024 * 1024;
/** An image upload, with room for the multipart envelope around the file. */
const IMAGE_UPLOAD_LIMIT = MAX_IMAGE_BYTES + 64 * 1024;
const IMAGE_UPLOAD = "/admin/posts/images";

/** The most a request to `path` may send: larger only where an editor's work needs it. */
export function bodyLimitFor(path: string): number {
  const route = path.replace(/\.data$/, "");
  if (route === IMAGE_UPLOAD) return IMAGE_UPLOAD_LIMIT;
  if (route === "/admin/posts" || route.startsWith("/admin/posts/")) return POST_EDITOR_LIMIT;
  return FORM_LIMIT;
}

function refuseTooLarge(req: ExpressRequest, res: Response) {
  // The connection stays open: Node reads and discards the rest of the body (memory stays
  // flat, the 30 s request timeout bounds it), so the client, still sending, gets this
  // answer; closing it at once makes the client's next write fail and the answer is lost.
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Robots-Tag", "noindex");
  res.status(413);
  // The editor's upload reads the upload route's JSON answer.
  if (req.path === IMAGE_UPLOAD) res.json({ ok: false, message: IMAGE_TOO_LARGE });
  else res.type("text/plain; charset=utf-8").send("The request is too large.");
}

function refuseSignedOut(req: ExpressRequest, res: Response) {
  // As for a post that is too large, the rest of the body is read and discarded by Node.
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Robots-Tag", "noindex");
  res.status(401);
  const message = "Your session has ended: sign in again, then send this once more.";
  if (req.path === IMAGE_UPLOAD) res.json({ ok: false, message });
  else res.type("text/plain; charset=utf-8").send(message);
}

function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .flatMap((route) => (route ? [route] : []))
    .map((route) => {
      const children = routeTree(routes, route.id);
      return {
        id: route.id,
        path: route.path,
        caseSensitive: route.caseSensitive,
        ...(route.index ? { index: true } : { children }),
      } as RouteObject;
    });
}

const routeTrees = new WeakMap<ServerBuild, RouteObject[]>();

/**
 * The methods the route at `path` answers: GET and HEAD when it has a page or a loader,
 * POST when it has an action. A route without either for a method got React Router's own
 * answer (a 405 or 400 with a stack in the log and "Unexpected Server Error" as its body).
 */
function allowedMethods(build: ServerBuild, path: string) {
  // A page's data is asked for at its path plus ".data"; a path ending in "/" (the home
  // page) at "/_.data".
  const pathname = path.replace(/(?:\/_)?\.data$/, "") || "/";
  let tree = routeTrees.get(build);
  if (!tree) {
    tree = routeTree(build.routes);
    routeTrees.set(build, tree);
  }
  const leaf = matchRoutes(tree, pathname)?.at(-1)?.route;
  const module = leaf?.id ? build.routes[leaf.id]?.module : undefined;
  if (!module) return null;
  const page = module.default !== undefined;
  const methods = [
    ...(page || module.loader ? ["GET", "HEAD"] : []),
    ...(module.action ? ["POST"] : []),
  ];
  return { methods, page };
}

function refuseMethod(res: Response, allow: string[]) {
  res.setHeader("Allow", allow.join(", "));
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Robots-Tag", "noindex");
  res.status(405).type("text/plain; charset=utf-8").send("Method not allowed.");
}

function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * React Router behind Express, as @react-router/express does it, except that a request's
 * body is read first, within its limit (bodyLimitFor): an action never meets an unbounded
 * stream, and an oversized post is refused with 413 before any route runs. The host is the
 * one the request guards checked (Host, or a trusted proxy's X-Forwarded-Host).
 */
export function routerHandler(options: {
  build: () => Promise<ServerBuild>;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: Response) => RouterContextProvider;
  /**
   * Whether this request may send more than a form (the post editor, an image): asked
   * before such a body is read, so that someone not signed in as an editor cannot make a
   * copy hold megabytes for every request they send.
   */
  largeBodyAllowed: (req: ExpressRequest) => Promise<boolean>;
}): RequestHandler {
  const handle = createRouterHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const allowed = allowedMethods(await options.build(), req.path);
      const method = req.method === "HEAD" ? "GET" : req.method;
      // A page without a form still renders its own 405 page (below, with Allow); an address
      // that is only data (robots.txt, a JSON endpoint, a page's .data) answers in plain text.
      const document = allowed?.page && !req.path.endsWith(".data");
      if (allowed && !allowed.methods.includes(method) && !document) {
        refuseMethod(res, allowed.methods);
        return;
      }
      let body: Uint8Array<ArrayBuffer> | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        // Beyond a form's size only for someone who may send more: anyone else's post is
        // read as far as a form goes (a page then sends them to sign in, as before).
        const wanted = bodyLimitFor(req.path);
        const mayExceedForm = wanted > FORM_LIMIT && (await options.largeBodyAllowed(req));
        const read = await readBody(req, mayExceedForm ? wanted : Math.min(wanted, FORM_LIMIT));
        if (!read) {
          if (wanted > FORM_LIMIT && !mayExceedForm) refuseSignedOut(req, res);
          else refuseTooLarge(req, res);
          return;
        }
        body = new Uint8Array(read);
      }
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const request = new Request(`${req.protocol}://${req.host}${req.originalUrl}`, {
        method: req.method,
        headers: requestHeaders(req),
        body,
        signal: controller.signal,
      });
      const response = await handle(request, options.getLoadContext(req, res));
      if (res.destroyed || res.writableEnded) {
        await response.body?.cancel();
        return;
      }
      res.statusMessage = response.statusText;
      res.status(response.status);
      // What the route answered replaces a header set before it (the site-wide
      // Referrer-Policy, say, which the back office narrows): one value each, except
      // Set-Cookie, of which there may be several.
      const answered = new Set<string>();
      for (const [name, value] of response.headers.entries()) {
        if (name === "set-cookie" || answered.has(name)) res.append(name, value);
        else res.setHeader(name, value);
        answered.add(name);
      }
      // A page's data (what the browser fetches between pages) is asked for again each time,
      // and stored by no shared cache; a route that says otherwise (no-store) has its way.
      if (req.path.endsWith(".data") && !answered.has("cache-control")) {
        res.setHeader("Cache-Control", "private, no-cache");
      }
      if (response.status === 405 && allowed && !response.headers.has("Allow")) {
        res.setHeader("Allow", allowed.methods.join(", "));
      }
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      if (res.destroyed || res.writableEnded) return;
      next(error);
    }
  };
}
