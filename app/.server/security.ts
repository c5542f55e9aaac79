import { createHash } from "node:crypto";
import { site } from "#app/content/site.ts";

const origin = (url: string) => new URL(url).origin;

/**
 * Hosts the site embeds, only when the visitor asks (videos, LinkedIn posts, the map, the
 * scheduler): every embed shows a local preview first. Nothing else may be framed.
 */
export const frameHosts = [
  "https://www.youtube-nocookie.com",
  "https://www.linkedin.com",
  "https://www.google.com",
  origin(site.urls.scheduler),
];

/**
 * The scheduler widget is the one third-party script (on /book-a-call). It is allowed
 * site-wide because a client-side navigation keeps the first page's policy.
 */
const scriptHosts = [origin(site.urls.schedulerScript)];

export function contentSecurityPolicy(scriptSources: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptSources, ...scriptHosts].join(" ")}`,
    // React writes style attributes (progress bars, transitions); scripts stay locked.
    "style-src 'self' 'unsafe-inline'",
    // Editors may place https images in database posts (the sanitiser allows <img src>).
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frameHosts.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The back office's own policy, stricter than the public one: scripts and style elements
 * only from this site or carrying the response's nonce (no scheduler host, no inline
 * styles), nothing framed, images from this site (and uploads being previewed), except in
 * the post editor, whose preview shows a post's https images as readers will see them.
 */
export function backOfficePolicy(nonce: string, options: { externalImages: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src 'self' data: blob:${options.externalImages ? " https:" : ""}`,
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** CSP sources for every inline script of a prerendered page (they cannot carry a nonce). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(inlineScript)) {
    const body = match[1] ?? "";
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
