import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const compressible = /\.(js|css|svg|json|txt|xml|html)$/;

/**
 * Writes `.br` and `.gz` next to every compressible hashed asset at build time, so the
 * server never compresses them per request.
 */
export function precompressAssets(assetsDir: string): number {
  let count = 0;
  for (const name of readdirSync(assetsDir)) {
    if (!compressible.test(name)) continue;
    const file = path.join(assetsDir, name);
    const body = readFileSync(file);
    if (body.length < 512) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}
