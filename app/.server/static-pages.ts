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
        const body = readFileSync(full);
        const html = body.toString("utf8");
        pages.set(urlPath, {
          body,
          gzip: gzipSync(body, { level: 9 }),
          brotli: brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 10 },
          }),
          etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
          csp: contentSecurityPolicy(inlineScriptHashes(html)),
        });
      }
    }
  };
  walk(clientDir);
  return pages;
}
