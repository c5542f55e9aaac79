// Shared by the benchmarks: build the site (when its sources changed), seed one published
// database post into a fresh embedded database, and start the production server on it.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/.server/db/client.ts";
import { startNginx } from "../tests/support/nginx.ts";
import { startBuiltServer } from "../tests/support/server.ts";

const root = path.resolve(import.meta.dirname, "..");
export const log = (message: string) => console.error(`› ${message}`);

export type BenchPost = { slug: string; title: string; excerpt: string; content: string };

export async function startBenchSite(options: {
  port: number;
  buildDir: string;
  build: boolean;
  post: BenchPost;
  env?: Record<string, string>;
  /** A Postgres database to run on (already created, empty); the embedded one without. */
  databaseUrl?: string;
}) {
  const origin = `http://localhost:${options.port}`;
  if (options.build) {
    log(`building into ${options.buildDir}`);
    const built = spawnSync(process.execPath, [path.join(root, "scripts/build.ts"), "--if-stale"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, BUILD_DIR: options.buildDir },
    });
    if (built.status !== 0) process.exit(1);
  }
  log("seeding a database post");
  const dataDir = mkdtempSync(path.join(tmpdir(), "northstory-bench-"));
  const seed = openDatabase(
    options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir },
  );
  await seed.migrate();
  const { slug, title, excerpt, content } = options.post;
  await seed.db.execute(sql`
    insert into blog_posts (title, slug, excerpt, content, date, author, published, tags)
    values (${title}, ${slug}, ${excerpt}, ${content}, '2026-11-10', 'The Northstory Team', true, '{founder-led-content}')`);
  await seed.close();
  log("starting the production server");
  const server = await startBuiltServer({
    BUILD_DIR: options.buildDir,
    PORT: String(options.port),
    DATA_DIR: dataDir,
    SITE_URL: origin,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  // A benchmark that fails half-way must not leave a server holding its port, and no run
  // leaves its database (about 40 MB) in the temporary folder (read it before then).
  process.on("exit", () => {
    server.process.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { origin, dataDir, pid: server.process.pid ?? 0, stop: () => server.stop() };
}

/** A built static site served the way a static host would (nginx, gzip on), for comparison. */
export async function serveStaticWithNginx(directory: string) {
  const root = path.resolve(directory);
  log(`serving ${root} with nginx`);
  return startNginx(`server {
    listen 127.0.0.1:{{port}};
    root ${root};
    index index.html;
    gzip on;
    gzip_types text/css application/javascript image/svg+xml;
  }`);
}

/**
 * The site as it was at a git ref (a commit, a branch, `HEAD~1`), built into a temporary
 * worktree that uses this checkout's dependencies (and is served by this checkout's
 * `server.js`, which loads the build). The worktree is removed when the process exits,
 * however it exits. A commit that does not build stops the benchmark
 * with a message naming it (a ref that is no commit is refused earlier, in bench-options.ts).
 */
export function buildAtRef(ref: string, commit: string) {
  const git = (...args: string[]) => spawnSync("git", args, { cwd: root, encoding: "utf8" });
  const dir = mkdtempSync(path.join(tmpdir(), "northstory-against-"));
  const added = git("worktree", "add", "--detach", dir, commit);
  if (added.status !== 0) {
    console.error(`git could not check ${ref} out: ${added.stderr.trim()}`);
    process.exit(1);
  }
  process.on("exit", () => git("worktree", "remove", "--force", dir));
  // Ctrl+C (during the build, say) ends the process through the exit handlers too: by
  // default Node would end it without running them.
  process.once("SIGINT", () => process.exit(130));
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  log(`building ${ref} into ${dir}`);
  const built = spawnSync(process.execPath, [path.join(dir, "scripts/build.ts")], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BUILD_DIR: "build-bench" },
  });
  if (built.signal) process.exit(130);
  if (built.status !== 0) {
    console.error(`${ref} did not build.`);
    process.exit(1);
  }
  return { buildDir: path.join(dir, "build-bench") };
}

/**
 * A zero-JavaScript twin of each of our pages: the document our server sends for the route,
 * with every script taken out (JSON-LD, which is data, stays), compressed with Brotli 11 as
 * ours are and served with a static host's headers. Everything else (images, icons) comes
 * from our server through this one. Measured against the page itself, it answers "how much
 * later than a static page of the same content do we paint?" on every route, where the peer
 * site can only answer it for the three pages it has.
 */
export async function serveZeroJavaScriptTwins(origin: string, routes: string[]) {
  const twins = new Map<string, { body: Buffer; etag: string }>();
  for (const route of routes) {
    const page = await fetch(`${origin}${route}`, { redirect: "manual" });
    if (page.status !== 200) {
      console.error(`${route} answered ${page.status}: no twin of a page that is not there.`);
      process.exit(1);
    }
    const html = await page.text();
    const body = brotliCompressSync(withoutScripts(html), {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
    });
    twins.set(route, { body, etag: `"${createHash("sha1").update(body).digest("hex")}"` });
  }
  const lastModified = new Date().toUTCString();
  const server = createServer((request, response) => {
    const twin = twins.get(request.url ?? "");
    if (twin && request.method === "GET") {
      response.writeHead(200, {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Encoding": "br",
        "Content-Length": twin.body.length,
        "Last-Modified": lastModified,
        ETag: twin.etag,
        Vary: "Accept-Encoding",
      });
      response.end(twin.body);
      return;
    }
    const upstream = httpRequest(
      `${origin}${request.url}`,
      { method: request.method, headers: { ...request.headers, host: new URL(origin).host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The browser keeps its connections open: without this, close() waits for them.
        server.closeAllConnections();
      }),
  };
}

/**
 * The document without its scripts. React writes every script's text escaped, so no script
 * holds a literal `</script>`, and JSON-LD (`type="application/ld+json"`) is kept.
 */
export function withoutScripts(html: string) {
  return html.replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, "");
}
