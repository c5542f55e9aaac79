// Measures the blog on a production build (BUILD_DIR, default build/):
//   1. the JavaScript a visitor's browser loads for /blog (raw, gzip and brotli bytes)
//   2. server time for a database post page, the listing and a prerendered article
//      (autocannon, 200 requests each, one connection, then 10 connections)
// Run with Node 24 (it imports TypeScript modules): npx node scripts/bench-blog.js
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { chromium } from "playwright-core";
import { openDatabase } from "../app/.server/db/client.ts";
import { chromiumLaunchOptions } from "../tests/support/chromium.ts";
import { startBuiltServer } from "../tests/support/server.ts";

const REQUESTS = 200;
const databaseSlug = "bench-database-post";

async function seed(dataDir) {
  const database = openDatabase({ dataDir });
  await database.migrate();
  const paragraphs = Array.from(
    { length: 30 },
    (_, index) =>
      `<h2>Section ${index + 1}</h2><p>Founders who publish every week build trust with the buyers they want. <strong>Consistency</strong> beats brilliance, and <a href="/book-a-call">a short call</a> turns attention into pipeline.</p>`,
  ).join("");
  await database.db.execute(`
    insert into blog_posts (title, slug, excerpt, content, date, published, tags) values
    ('A Database Post for the Benchmark', '${databaseSlug}',
     'A long post stored in the database, rendered per request with its sidebar, metadata and sanitised HTML.',
     '${paragraphs}', '2026-11-21', true, '{linkedin,sales}')`);
  await database.close();
}

async function javascriptFor(url) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      scripts.push(response.body().then((body) => ({ url: response.url(), body })));
    });
    await page.goto(url, { waitUntil: "networkidle" });
    const bodies = await Promise.all(scripts);
    const total = { files: bodies.length, raw: 0, gzip: 0, brotli: 0 };
    for (const { body } of bodies) {
      total.raw += body.length;
      total.gzip += gzipSync(body, { level: 9 }).length;
      total.brotli += brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length;
    }
    return total;
  } finally {
    await browser.close();
  }
}

function timed(url, connections) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, amount: REQUESTS }, (error, result) => {
      if (error) reject(error);
      else resolve(result);
    });
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

const dataDir = mkdtempSync(path.join(tmpdir(), "northstory-bench-"));
await seed(dataDir);
const server = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
try {
  const js = await javascriptFor(`${server.url}/blog`);
  console.log(
    `JavaScript loaded by /blog: ${js.files} files, ${kb(js.raw)} raw, ${kb(js.gzip)} gzip, ${kb(js.brotli)} brotli`,
  );

  const check = await fetch(`${server.url}/blog/${databaseSlug}`);
  if (check.status !== 200) throw new Error(`database post answered ${check.status}`);
  for (const [label, target] of [
    ["database post", `/blog/${databaseSlug}`],
    ["listing /blog", "/blog"],
    ["prerendered article", "/blog/account-based-content"],
  ]) {
    await timed(`${server.url}${target}`, 1); // warm-up
    for (const connections of [1, 10]) {
      const result = await timed(`${server.url}${target}`, connections);
      const { latency } = result;
      console.log(
        `${label.padEnd(20)} ${String(connections).padStart(2)} conn: ${REQUESTS} requests, ` +
          `latency mean ${latency.average.toFixed(1)} ms, p50 ${latency.p50} ms, p99 ${latency.p99} ms, ` +
          `max ${latency.max} ms, non-2xx ${result.non2xx}`,
      );
    }
  }
} finally {
  await server.stop();
}
