import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { contentSecurityPolicy } from "#app/.server/security.ts";

/** A rendered page ready to be served many times: compressed once, its scripts allowed by hash. */
export type FinishedPage = {
  status: number;
  /** Headers of the render worth passing on (a redirect's Location, a 503's Retry-After). */
  headers: Record<string, string>;
  body: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
  csp: string;
  /** The document title, for the page's link-preview image. */
  title: string | undefined;
  /** Bytes held in memory, for bounding caches. */
  size: number;
};

const scriptTag = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const passedHeaders = ["location", "retry-after"];

const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

const decodeEntities = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * Turns a page rendered with a one-time `nonce` into one that can be served to everyone.
 * Only the scripts the renderer emitted carry that nonce: they are allowed by hash and the
 * nonce is dropped. Any other inline script (say, one that slipped through the sanitiser
 * inside a post) is not allowed, so it cannot run.
 */
export function finishPage(options: {
  status: number;
  headers: Headers;
  html: string;
  nonce: string;
  brotliQuality?: number;
}): FinishedPage {
  const marker = ` nonce="${options.nonce}"`;
  const hashes = new Set<string>();
  const html = options.html.replace(scriptTag, (tag, attributes: string, content: string) => {
    if (!attributes.includes(marker)) return tag;
    // Data blocks (JSON-LD) never run, so only scripts need a hash.
    if (!/\bsrc=|type="application\/ld\+json"/.test(attributes)) hashes.add(sha256(content));
    return `<script${attributes.replace(marker, "")}>${content}</script>`;
  });
  const body = Buffer.from(html, "utf8");
  const gzip = gzipSync(body, { level: 9 });
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: options.brotliQuality ?? 10 },
  });
  const headers: Record<string, string> = {};
  for (const name of passedHeaders) {
    const value = options.headers.get(name);
    if (value) headers[name] = value;
  }
  const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
  return {
    status: options.status,
    headers,
    body,
    gzip,
    brotli,
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    csp: contentSecurityPolicy([...hashes]),
    title: title === undefined ? undefined : decodeEntities(title),
    size: body.length + gzip.length + brotli.length,
  };
}
