import type { RequestHandler } from "express";

/** The methods the site answers; anything else (TRACE, PUT, made-up verbs) gets 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;
const allowed = new Set<string>(ALLOWED_METHODS);

// A host name, IPv4 or bracketed IPv6 address, and an optional port: what a Host header holds.
const hostHeader =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * A host the router can build its URL from: the shape above, and what a URL accepts (a port
 * up to 65535, an IPv4 address of four numbers up to 255, a well-formed IPv6 address).
 * "localhost:99999" or "999.1.1.1" have the shape and used to reach the router, which
 * answered 500 and logged an error for every such request.
 */
function validHost(host: string): boolean {
  if (!hostHeader.test(host)) return false;
  try {
    return new URL(`http://${host}/`).host.length > 0;
  } catch {
    return false;
  }
}

/**
 * A path segment that is "." or "..", written plainly or percent-encoded ("/blog/%2e%2e/
 * admin"): browsers resolve them before sending, so only other clients send one, and the
 * server's parts would not agree on which page it names (the router resolves it, the
 * headers chosen by path would not).
 */
const dotSegment = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/** A path that is not valid percent-encoding ("/%ff", "/%zz") names no page on any site. */
function decodable(path: string): boolean {
  try {
    // The result is used: a bare call is dropped by the bundler as free of side effects.
    return decodeURIComponent(path).length >= 0;
  } catch {
    return false;
  }
}

/**
 * Malformed requests are the client's mistake: they get a 4xx and are not logged as errors
 * (a bad Host header or an unsupported method used to reach the router and answer 500).
 */
export function refuseMalformedRequests(): RequestHandler {
  return (req, res, next) => {
    if (!allowed.has(req.method)) {
      res.setHeader("Allow", ALLOWED_METHODS.join(", "));
      res.setHeader("Cache-Control", "no-store");
      res.status(405).type("text/plain; charset=utf-8").send("Method not allowed.");
      return;
    }
    if (req.method === "OPTIONS") {
      // No cross-origin access is offered; say which methods exist and nothing more.
      res.setHeader("Allow", ALLOWED_METHODS.join(", "));
      res.status(204).end();
      return;
    }
    // Only origin-form targets ("/path?query"); an absolute URL in the request line would
    // let the client choose the host the router sees.
    const badTarget =
      !req.originalUrl.startsWith("/") || !decodable(req.path) || dotSegment.test(req.path);
    // The Host header, and the host a trusted proxy forwarded, if any.
    const hosts = [req.get("host"), req.host].filter((value) => value !== undefined);
    // Two Host headers name two sites: HTTP/1.1 says to refuse the request.
    const hostHeaders = req.rawHeaders.filter(
      (value, index) => index % 2 === 0 && value.toLowerCase() === "host",
    ).length;
    if (badTarget || hostHeaders > 1 || hosts.some((host) => !validHost(host))) {
      res.setHeader("Cache-Control", "no-store");
      res.status(400).type("text/plain; charset=utf-8").send("Bad request.");
      return;
    }
    next();
  };
}

/**
 * A request without a Host header (HTTP/1.0 allows it) names no site: the router could not
 * build its URL and answered 500. Placed after the health routes, which load balancers may
 * probe in HTTP/1.0 without a Host.
 */
export function requireHost(): RequestHandler {
  return (req, res, next) => {
    if (req.get("host")) return next();
    res.setHeader("Cache-Control", "no-store");
    res
      .status(400)
      .type("text/plain; charset=utf-8")
      .send("Bad request: the Host header is missing.");
  };
}

/**
 * "/pricing/" answers a permanent redirect to "/pricing": one URL per page. The location is
 * always a path on this site: leading slashes, backslashes and whitespace (which browsers
 * read as "another host" in `//evil.example` or `/\evil.example`) collapse into one "/".
 */
export function redirectTrailingSlash(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path.length <= 1 || !req.path.endsWith("/")) return next();
    const trimmed = req.path.replace(/^[\s/\\]+/, "").replace(/[/\\\s]+$/, "");
    const queryStart = req.originalUrl.indexOf("?");
    const query = queryStart === -1 ? "" : req.originalUrl.slice(queryStart);
    res.redirect(301, `/${trimmed}${query}`);
  };
}
