import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { contentSecurityPolicy, inlineScriptHashes } from "./security.ts";

export type StaticPage = {
  body: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
  csp: string;
};

/** A finished page ready to serve many times: compressed once, its inline scripts allowed by hash. */
export function staticPageFromHtml(body: Buffer, brotliQuality = 10): StaticPage {
  return {
    body,
    gzip: gzipSync(body, { level: 9 }),
    brotli: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality },
    }),
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    csp: contentSecurityPolicy(inlineScriptHashes(body.toString("utf8"))),
  };
}

/**
 * Loads every prerendered `index.html` under the client build into memory, compressed
 * once, with the CSP hashes of its inline scripts. Keyed by URL path without a trailing
 * slash ("/", "/pricing", "/blog/some-post").
 */
export function loadStaticPages(clientDir: string): Map<string, StaticPage> {
  const pages = new Map<string, StaticPage>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "assets") walk(full);
      } else if (entry.name === "index.html") {
        const relative = path.relative(clientDir, path.dirname(full)).split(path.sep).join("/");
        const urlPath = relative === "" ? "/" : `/${relative}`;
        pages.set(urlPath, staticPageFromHtml(readFileSync(full)));
      }
    }
  };
  walk(clientDir);
  return pages;
}
