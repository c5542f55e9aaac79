import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import { contentSecurityPolicy } from "#app/.server/security.ts";

/** A rendered page ready to be served many times: compressed once, its scripts allowed by hash. */
export type FinishedPage = {
  status: number;
  /** Headers of the render worth passing on (a redirect's Location, a 503's Retry-After). */
  headers: Record<string, string>;
  body: Buffer;
  /**
   * Whether the page may be sent many times (a 200): its compressed copies are then made
   * once, at the best quality, and kept by content (see encodePage).
   */
  kept: boolean;
  etag: string;
  csp: string;
  /** The document title, for the page's link-preview image. */
  title: string | undefined;
  /** Bytes held in memory, for bounding caches. */
  size: number;
};

/**
 * Brotli's best quality: a page is compressed once and sent many times, and every byte
 * counts for the first round trip (about 14.6 KB on a new connection). It costs some 70 ms
 * for an article, so the compressed copies are kept by content: a shared page rendered
 * again every few seconds with the same HTML is not compressed again. They are made when a
 * page is first asked for in that encoding, off the main thread (zlib's thread pool),
 * while that first answer goes out at the per-response quality: a start renders every
 * static page, and compressing all of them there (1.3 s of CPU) delayed every start,
 * mostly for pages and encodings nobody had asked for yet.
 */
const BROTLI_QUALITY = 11;
/**
 * For what is rendered for one response (a 404, the contact page), here and in the
 * compression middleware: Brotli 6 sends the contact page 780 bytes (7%) smaller than the
 * middleware's default of 4 for the same 0.7 ms. Brotli 11 and gzip 9, worth it for a page
 * sent many times, took several times as long as the render itself on a 404 that anyone
 * can ask for under a new name on every request.
 */
export const PER_RESPONSE_BROTLI_QUALITY = 6;
/** Smaller answers go uncompressed, as the compression middleware does by default. */
const MIN_COMPRESSED_BYTES = 1024;
type Encoding = "br" | "gzip";
type Copies = { br?: Buffer; gzip?: Buffer; making: Map<Encoding, Promise<void>> };
const compressedCopies = new LRUCache<string, Copies>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (copies) => (copies.br?.length ?? 0) + (copies.gzip?.length ?? 0) + 1,
});

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
 * inside a post) is not allowed, so it cannot run. React also writes the nonce on other
 * tags (the icon and feed `<link>`s); it goes from those too, so that the same content
 * rendered again is the same bytes, with the same ETag (a 304 for whoever holds it).
 */
export function finishPage(options: {
  status: number;
  headers: Headers;
  html: string;
  nonce: string;
}): FinishedPage {
  const marker = ` nonce="${options.nonce}"`;
  const hashes = new Set<string>();
  const html = options.html
    .replace(scriptTag, (tag, attributes: string, content: string) => {
      if (!attributes.includes(marker)) return tag;
      // Data blocks (JSON-LD) never run, so only scripts need a hash.
      if (!/\bsrc=|type="application\/ld\+json"/.test(attributes)) hashes.add(sha256(content));
      return `<script${attributes.replace(marker, "")}>${content}</script>`;
    })
    // The nonce is random, so nothing but the renderer's own attributes can hold it.
    .replaceAll(marker, "");
  const body = Buffer.from(html, "utf8");
  const digest = createHash("sha1").update(body).digest("base64url");
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
    // Only a 200 is ever kept (a static page must answer 200, a shared page is kept only
    // then): anything else is sent once, so it is compressed as it is sent, cheaply, and
    // never takes a kept page's place among the compressed copies.
    kept: options.status === 200,
    etag: `"${digest}"`,
    csp: contentSecurityPolicy([...hashes]),
    title: title === undefined ? undefined : decodeEntities(title),
    // The compressed copies are counted where they are kept (compressedCopies).
    size: body.length,
  };
}

const brotliOptions = (body: Buffer, quality: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});

const brotliLater = promisify(brotliCompress);
const gzipLater = promisify(gzip);

const copiesKey = (page: FinishedPage) => page.etag;

/** The kept copy of a page in this encoding, if made; if not, starts making it. */
function keptCopy(page: FinishedPage, encoding: Encoding): Buffer | undefined {
  const key = copiesKey(page);
  let copies = compressedCopies.get(key);
  if (!copies) {
    copies = { making: new Map() };
    compressedCopies.set(key, copies);
  }
  const made = copies[encoding];
  if (made) return made;
  if (!copies.making.has(encoding)) {
    const entry = copies;
    const making = (
      encoding === "br"
        ? brotliLater(page.body, brotliOptions(page.body, BROTLI_QUALITY))
        : gzipLater(page.body, { level: 9 })
    ).then(
      (compressed) => {
        entry[encoding] = compressed;
        entry.making.delete(encoding);
        // Counted again with its new size; gone already if the cache let it go.
        if (compressedCopies.peek(key) === entry) compressedCopies.set(key, entry);
      },
      () => {
        entry.making.delete(encoding);
      },
    );
    copies.making.set(encoding, making);
  }
  return undefined;
}

/**
 * Resolves once the kept copies of a page asked for so far are made (for tests, which
 * check what the next visitor gets).
 */
export async function keptCopiesMade(page: FinishedPage): Promise<void> {
  await Promise.all(compressedCopies.get(copiesKey(page))?.making.values() ?? []);
}

/**
 * The bytes to send in the encoding the browser prefers: a kept page's own copy, or for a
 * page sent once, that encoding alone, made now at the per-response level.
 */
export function encodePage(
  page: FinishedPage,
  preferred: "br" | "gzip" | "identity" | undefined,
): { encoding: "br" | "gzip" | undefined; body: Buffer } {
  if (preferred !== "br" && preferred !== "gzip") return { encoding: undefined, body: page.body };
  const kept = page.kept ? keptCopy(page, preferred) : undefined;
  if (kept) return { encoding: preferred, body: kept };
  if (page.body.length < MIN_COMPRESSED_BYTES) return { encoding: undefined, body: page.body };
  return {
    encoding: preferred,
    body:
      preferred === "br"
        ? brotliCompressSync(page.body, brotliOptions(page.body, PER_RESPONSE_BROTLI_QUALITY))
        : gzipSync(page.body),
  };
}
