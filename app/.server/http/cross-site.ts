import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that another web site made a visitor's browser send
 * (a form-encoded POST needs no CORS permission). Browsers say where a request comes from
 * in `Sec-Fetch-Site` and `Origin`; a request without either (curl, a server, an old
 * browser) is not a cross-site browser request and goes on, as do same-origin ones.
 */
export function refuseCrossSiteRequests(siteOrigin: string): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const crossSite =
      fetchSite === "cross-site" ||
      // An opaque origin ("null": a sandboxed frame, a redirect across sites) names no page
      // of this site, whatever Sec-Fetch-Site says; React Router refused it anyway, with a
      // bare 400 and a stack in the log.
      (origin !== undefined && origin !== ownOrigin && origin !== siteOrigin);
    if (!crossSite) return next();
    res.setHeader("Cache-Control", "no-store");
    if (req.path.startsWith("/admin")) res.setHeader("X-Robots-Tag", "noindex, nofollow");
    res.status(403).type("text/plain; charset=utf-8");
    res.send("This request must come from a page of this site.");
  };
}
