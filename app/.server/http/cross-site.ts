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

/**
 * For downloads of back-office data (the lead and analytics CSVs): a file another site's page made a
 * signed-in browser fetch, by a link or a hidden frame, is refused. Only a request from a
 * page of this site (`Sec-Fetch-Site: same-origin`) or one the person made themselves (a
 * typed address or a bookmark: `none`) gets the file; a client that sends no such header
 * (curl, a script with the cookie) is not a browser led by another site and gets it too.
 */
export function refuseCrossSiteDownload(request: Request): void {
  const site = request.headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") {
    throw new Response("Download this from the back office itself: open it and use its link.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
