// The headers every answer carries, and the policy of answers that are not HTML pages. Kept
// apart from the pages' policies (security.ts, which reads the site's content for the hosts
// it embeds), so that the events thread (analytics/events-worker.ts) loads only these.

/** For responses that are not HTML pages: nothing may run or be framed. */
export const strictPolicy =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const baseSecurityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

export const hstsHeader = "max-age=31536000; includeSubDomains";
