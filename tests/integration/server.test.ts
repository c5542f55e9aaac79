import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import {
  brotliCompressSync,
  brotliDecompressSync,
  gunzipSync,
  constants as zlibConstants,
} from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { testBuildDir } from "../support/build.ts";
import { migratedDataDirectory } from "../support/database-template.ts";
import { keepAliveLoad } from "../support/keep-alive-load.ts";
import { startBuiltServer } from "../support/server.ts";
import { type SharedServer, sharedServer, sharedServerEnv } from "../support/shared-server.ts";
import { waitFor } from "../support/wait-for.ts";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * A browser's revalidation: If-None-Match alone. (fetch() would add Cache-Control: no-cache,
 * which rightly makes the server answer in full.)
 */
function revalidate(url: string, etag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "if-none-match": etag } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on("error", reject);
  });
}

function expectSecurityHeaders(headers: Headers, where: string) {
  expect(headers.get("x-content-type-options"), where).toBe("nosniff");
  // Scripts and stylesheets carry only the headers that apply to them (see the next test).
  if (!/\.(js|css)$/.test(where)) {
    expect(headers.get("referrer-policy"), where).toBe("strict-origin-when-cross-origin");
  }
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp, where).toMatch(/frame-ancestors 'none'/);
  expect(csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "", where).not.toContain(
    "unsafe-inline",
  );
  if (/default-src 'self'/.test(csp)) {
    expect(csp, where).toContain("object-src 'none'");
    expect(csp, where).toContain("base-uri 'self'");
  }
}

// The shared server keeps blog pages this long (instead of their declared 10 seconds).
const keepSeconds = Number(sharedServerEnv.PAGE_KEEP_SECONDS);

describe("the production server", () => {
  let server: SharedServer;
  beforeAll(async () => {
    server = await sharedServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("every kind of response carries the security headers", async () => {
    // A hashed script or stylesheet carries only the headers a file uses ("a hashed script
    // is kept for a year…" below); an unknown one is answered like any other address.
    const cases: [string, RequestInit?][] = [
      ["/"],
      ["/contact"],
      ["/no-such-page"],
      ["/assets/missing-0000.js"],
      ["/favicon.svg"],
      ["/healthz"],
      ["/readyz"],
      ["/contact/"],
      ["/contact", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }],
    ];
    for (const [urlPath, init] of cases) {
      const response = await fetch(`${server.url}${urlPath}`, { redirect: "manual", ...init });
      expectSecurityHeaders(response.headers, urlPath);
    }
  });

  test("every route in the sitemap, and the feeds, carry the security headers", async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1] ?? "").pathname,
    );
    expect(paths.length).toBeGreaterThan(60);
    for (const urlPath of [
      ...paths,
      "/rss.xml",
      "/sitemap.xml",
      "/robots.txt",
      "/about/contact",
      "/founder-brand-case-studies",
    ]) {
      const response = await fetch(`${server.url}${urlPath}`, { redirect: "manual" });
      expect(response.status, urlPath).toBeLessThan(400);
      expectSecurityHeaders(response.headers, urlPath);
    }
  });

  test("a prerendered page's CSP allows exactly its own inline scripts by hash", async () => {
    const response = await fetch(`${server.url}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    const html = await response.text();
    // Scripts only: JSON-LD data blocks never run and need no hash.
    const inline = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ].map((m) => m[1] ?? "");
    expect(inline.length).toBeGreaterThan(0);
    for (const body of inline) {
      const hash = createHash("sha256").update(body).digest("base64");
      expect(csp).toContain(`'sha256-${hash}'`);
    }
  });

  test("a server-rendered page's inline scripts carry the nonce named in its CSP", async () => {
    const response = await fetch(`${server.url}/no-such-page`);
    const nonce = response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  test("unknown paths answer 404 with the not-found page; the home page answers 200 with its content", async () => {
    const missing = await fetch(`${server.url}/anything-unknown`);
    expect(missing.status).toBe(404);
    const text = await missing.text();
    expect(text).toContain("Oops! Page not found");
    expect(text).toContain("The page you&#x27;re looking for doesn&#x27;t exist.");
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("Make Marketing That People Want");
    expect(html).toContain('<link rel="canonical"');
    expect(html).toContain('property="og:image"');
    expect(html).toContain('name="twitter:card"');
  });

  test("hashed assets are cached for a year; pages revalidate and answer 304 when unchanged", async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const etag = home.headers.get("etag") ?? "";
    expect(await revalidate(`${server.url}/`, etag)).toBe(304);
    const asset = (await home.text()).match(/\/assets\/[^"]+\.js/)?.[0];
    const cached = await fetch(`${server.url}${asset}`);
    expect(cached.headers.get("cache-control")).toContain("immutable");
    expect(cached.headers.get("cache-control")).toContain("max-age=31536000");
  });

  test("an article rendered again with the same content keeps its ETag: the browser's copy gets a 304", async () => {
    // Articles are kept for a few seconds and then rendered again, each time with a new
    // nonce. What a browser or CDN revalidates after that must still be the same page.
    const article = `${server.url}/blog/year-one-of-founder-led-marketing`;
    const first = await fetch(article);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag") ?? "";
    await new Promise((resolve) => setTimeout(resolve, keepSeconds * 1000 + 500));
    expect(await revalidate(article, etag)).toBe(304);
    const again = await fetch(article);
    expect(again.headers.get("etag")).toBe(etag);
  });

  test("a hashed script is kept for a year and carries no header meant for documents", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    const response = await fetch(`${server.url}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    for (const name of [
      "content-security-policy",
      "referrer-policy",
      "x-frame-options",
      "cross-origin-opener-policy",
      "permissions-policy",
      "etag",
      "last-modified",
    ]) {
      expect(response.headers.get(name), name).toBeNull();
    }
    // A document still gets them all, and so does any other answer (an image, a 404).
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get("content-security-policy")).toContain("script-src");
    const missing = await fetch(`${server.url}/assets/missing-0000.js`);
    expect(missing.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("permissions-policy")).toContain("camera=()");
    // Only features browsers know: Chrome reports an unknown one (FLoC's "interest-cohort",
    // withdrawn in 2022) as an error in the console of every page.
    expect(page.headers.get("permissions-policy")).not.toContain("interest-cohort");
  });

  test("pages and assets are compressed as the browser accepts, and never in a refused encoding", async () => {
    const encodingOf = async (urlPath: string, accept: string) => {
      const response = await new Promise<http.IncomingMessage>((resolve) =>
        http.get(`${server.url}${urlPath}`, { headers: { "accept-encoding": accept } }, resolve),
      );
      response.resume();
      return response.headers["content-encoding"] ?? "identity";
    };
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0] ?? "";
    for (const urlPath of ["/", "/blog", asset]) {
      expect(await encodingOf(urlPath, "br, gzip"), urlPath).toBe("br");
      // What Chrome and Firefox send: gzip is listed first, but Brotli is smaller, so it wins.
      expect(await encodingOf(urlPath, "gzip, deflate, br, zstd"), urlPath).toBe("br");
      expect(await encodingOf(urlPath, "br;q=0, gzip"), urlPath).toBe("gzip");
      expect(await encodingOf(urlPath, "gzip;q=0, br;q=0"), urlPath).toBe("identity");
      expect(await encodingOf(urlPath, "identity"), urlPath).toBe("identity");
    }
    // A page honours the browser's weights when it gives them.
    expect(await encodingOf("/", "gzip;q=1, br;q=0.5")).toBe("gzip");
  });

  test("an unknown article's 404 costs what any page sent once costs: compressed as it is sent, at the per-visit level", async () => {
    // Anyone can ask for a new unknown article on every request (a query string passes any
    // CDN). Brotli 11 and gzip 9, worth it for a page kept and sent many times, made each of
    // these 404s cost three times an unknown page's. It is sent once: Brotli 6, as the
    // contact page is.
    const fetchRaw = (urlPath: string, accept: string) =>
      new Promise<{ status: number; encoding: string; body: Buffer }>((resolve, reject) => {
        http
          .get(
            `${server.url}${urlPath}`,
            { headers: { "accept-encoding": accept } },
            (response) => {
              const chunks: Buffer[] = [];
              response.on("data", (chunk: Buffer) => chunks.push(chunk));
              response.on("end", () =>
                resolve({
                  status: response.statusCode ?? 0,
                  encoding: response.headers["content-encoding"] ?? "identity",
                  body: Buffer.concat(chunks),
                }),
              );
            },
          )
          .on("error", reject);
      });
    const sent = await fetchRaw("/blog/no-such-article-anywhere", "gzip, deflate, br, zstd");
    expect([sent.status, sent.encoding]).toEqual([404, "br"]);
    const html = brotliDecompressSync(sent.body);
    expect(html.toString()).toContain("<title>");
    const atQuality = (quality: number) =>
      brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } })
        .length;
    expect(sent.body.length).toBeGreaterThan(atQuality(6) * 0.98);
    expect(sent.body.length).toBeLessThan(atQuality(6) * 1.02);
    // The other encodings still answer, whole.
    const gzipped = await fetchRaw("/blog/no-such-article-anywhere", "gzip");
    expect(gzipped.encoding).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toContain("<title>");
    const plain = await fetchRaw("/blog/no-such-article-anywhere", "identity");
    expect([plain.status, plain.encoding]).toEqual([404, "identity"]);
    expect(plain.body.toString()).toContain("<title>");
  });

  test("a page's link-preview image is drawn from its title; a name no public page has answers a plain 404 without rendering a page", async () => {
    for (const name of ["contact", "pricing", "blog--year-one-of-founder-led-marketing"]) {
      const image = await fetch(`${server.url}/social/pages/${name}.png`);
      expect(image.status, name).toBe(200);
      expect(image.headers.get("content-type"), name).toBe("image/png");
    }
    for (const name of ["no-such-page", "blog--no-such-article", "admin--leads", "Not_A_Name"]) {
      const missing = await fetch(`${server.url}/social/pages/${name}.png?v=1`);
      expect(missing.status, name).toBe(404);
      expect(missing.headers.get("content-type"), name).toMatch(/^text\/plain/);
      // Not kept anywhere: a post published later under that name gets its image at once.
      expect(missing.headers.get("cache-control"), name).toBe("no-store");
      expect(await missing.text(), name).toBe("Not found.");
    }
  });

  test("a trailing slash redirects permanently to the one canonical URL", async () => {
    const response = await fetch(`${server.url}/contact/?ref=x`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/contact?ref=x");
  });

  test("behind a trusted HTTPS proxy, responses ask browsers to stay on HTTPS", async () => {
    const plain = await fetch(`${server.url}/`);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const proxied = await fetch(`${server.url}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(proxied.headers.get("strict-transport-security")).toContain("max-age=");
  });

  test("health and readiness answer", async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: "ready",
      database: "pglite",
      migrations: { applied: expect.any(Number), expected: expect.any(Number) },
      mail: { queued: 0, failed: 0, oldestQueuedSeconds: null },
    });
  });
});

test.each([
  ["PORT", "eighty"],
  ["DATABASE_URL", "mysql://db.example/site"],
  ["SITE_URL", "northstory.example"],
])("the server refuses to start with a bad %s and names it", (name, value) => {
  const result = spawnSync(process.execPath, [path.join(root, "server.js")], {
    cwd: root,
    env: { ...process.env, [name]: value, BUILD_DIR: testBuildDir },
    encoding: "utf8",
    // Seconds on a quiet machine; a loaded one took over 20.
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(`${name}:`);
  expect(result.stderr).not.toMatch(/\n\s+at /);
});

test.each([
  ["a malformed DATABASE_URL", "mysql://dbuser:S3cretDbPass@db.example/site"],
  ["an unreachable database", "postgres://dbuser:S3cretDbPass@127.0.0.1:9/site"],
])("%s stops the server with a message naming DATABASE_URL, without its password", (_, url) => {
  const result = spawnSync(process.execPath, [path.join(root, "server.js")], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, BUILD_DIR: testBuildDir },
    encoding: "utf8",
    // Seconds on a quiet machine; a loaded one took over 20.
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("DATABASE_URL: ");
  expect(result.stderr).toContain("dbuser:***@");
  expect(result.stderr + result.stdout).not.toContain("S3cretDbPass");
  expect(result.stderr).not.toMatch(/\n\s+at /);
});

test("an https SITE_URL with no trusted proxy is warned about at start, naming TRUST_PROXY", async () => {
  // The server speaks plain HTTP: with an https address, something in front ends TLS, and
  // unless that proxy is trusted every request looks like plain HTTP (no Secure cookie, no
  // HSTS). It may be deliberate (a proxy that sends no X-Forwarded-Proto), so it warns.
  const untrusted = await startBuiltServer({ SITE_URL: "https://northstory.example" });
  await untrusted.stop();
  const warnings = untrusted
    .output()
    .split("\n")
    .filter((line) => line.includes("TRUST_PROXY"));
  expect(warnings).toHaveLength(1);
  expect(JSON.parse(warnings[0] ?? "{}")).toMatchObject({ level: "warn" });
  expect(warnings[0]).toContain("Secure");

  // Trusting the proxy (which then says the request came over HTTPS) silences it:
  // app/.server/server.test.ts.
});

test("on SIGTERM the server finishes every request in flight and exits 0 within 10 seconds", async () => {
  const server = await startBuiltServer();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 60 });
  const get = (urlPath: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(`${server.url}${urlPath}`, { agent }, (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        })
        .on("error", reject);
    });
  // Open 60 connections (accepted by the server), then send one request on each and stop
  // the server while they are being answered.
  await Promise.all(Array.from({ length: 60 }, () => get("/healthz")));
  const inFlight = Array.from({ length: 60 }, (_, i) => get(i % 2 ? "/contact" : "/no-such-page"));
  const started = Date.now();
  const exit = server.stop("SIGTERM");
  const statuses = await Promise.all(inFlight);
  expect(statuses.filter((s) => s !== 200 && s !== 404)).toEqual([]);
  expect(await exit).toBe(0);
  expect(Date.now() - started).toBeLessThan(10_000);
  agent.destroy();
  // Nothing is listening any more.
  await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
});

test("under sustained load, SIGTERM answers every accepted request and the server exits 0", async () => {
  const server = await startBuiltServer();
  // Pages kept in memory, a shared page and one rendered for every visit.
  const pages = ["/pricing", "/blog", "/contact"];
  const load = keepAliveLoad(server.url, (n) => pages[n % pages.length] ?? "/", 20);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const exit = server.stop("SIGTERM");
  expect(await exit).toBe(0);
  // Every loop has met the closed listener by now; stop any that has not.
  load.stop();
  await load.done;
  expect(load.counts.dropped).toEqual([]);
  expect(load.counts.other).toBe(0);
  // Load, not speed (npm run bench:server measures that): requests were being answered
  // when the signal came.
  expect(load.counts.ok).toBeGreaterThan(50);
}, 60_000);

test("a request begun before SIGTERM and answered after it is told to close its connection", async () => {
  const server = await startBuiltServer({ LOG_LEVEL: "info" });
  const socket = net.connect(server.port, "127.0.0.1");
  await once(socket, "connect");
  let answer = "";
  socket.setEncoding("utf8").on("data", (chunk: string) => {
    answer += chunk;
  });
  const ended = once(socket, "close");
  const body = "name=Ada";
  // The headers now (the app sees the request begin), the body only once the copy drains.
  await new Promise((resolve) =>
    socket.write(
      `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
      resolve,
    ),
  );
  // A request on another connection, sent after those headers reached the copy's socket and
  // answered: the copy's event loop has read them by then (whatever the machine's speed),
  // and the signal, which comes later, finds that request begun.
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  const exit = server.stop("SIGTERM");
  await waitFor(() => server.output().includes("shutting down"), {
    what: "the copy to start draining",
    seen: () => server.output(),
  });
  socket.write(body);
  await ended;
  // Answered, and a keep-alive client is told not to send its next request here.
  expect(answer).toMatch(/^HTTP\/1\.1 [2-4]\d\d /);
  expect(answer).toMatch(/\r\nConnection: close\r\n/i);
  expect(await exit).toBe(0);
});

test("a database post page is rendered once and then served from the short-lived cache", async () => {
  const { openDatabase } = await import("#app/.server/db/client.ts");
  const dataDir = await migratedDataDirectory("cache");
  const seed = openDatabase({ dataDir });
  await seed.db.execute(
    sql`insert into blog_posts (title, slug, excerpt, content, date, published) values ('Cached', 'cached-post', 'A cached database post.', '<p>Hello</p>', '2026-11-01', true)`,
  );
  await seed.close();
  const server = await startBuiltServer({ DATA_DIR: dataDir });
  try {
    const first = await fetch(`${server.url}/blog/cached-post`);
    const second = await fetch(`${server.url}/blog/cached-post`);
    expect([first.status, second.status]).toEqual([200, 200]);
    const html = await second.text();
    expect(html).toContain("Cached");
    const csp = second.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/'sha256-/);
    const etag = second.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    expect(await revalidate(`${server.url}/blog/cached-post`, etag)).toBe(304);
    expect((await fetch(`${server.url}/blog/no-such-database-post`)).status).toBe(404);
  } finally {
    await server.stop();
  }
});
