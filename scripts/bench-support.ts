// Shared by the benchmarks: build the site (when its sources changed), seed one published
// database post into a fresh embedded database, and start the production server on it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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
  const seed = openDatabase({ dataDir });
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
    ...options.env,
  });
  return { origin, stop: () => server.stop() };
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
 * `server.js`, which loads the build); `remove` deletes the worktree. A ref that
 * git does not know, or that does not build, stops the benchmark with git's or the build's
 * own message.
 */
export async function buildAtRef(ref: string) {
  const git = (...args: string[]) => {
    const result = spawnSync("git", args, { cwd: root, encoding: "utf8" });
    if (result.status !== 0) {
      console.error(`git ${args.join(" ")} failed: ${result.stderr.trim()}`);
      process.exit(1);
    }
  };
  const dir = mkdtempSync(path.join(tmpdir(), "northstory-against-"));
  git("worktree", "add", "--detach", dir, ref);
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  log(`building ${ref} into ${dir}`);
  const built = spawnSync(process.execPath, [path.join(dir, "scripts/build.ts")], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BUILD_DIR: "build-bench" },
  });
  const remove = async () => git("worktree", "remove", "--force", dir);
  if (built.status !== 0) {
    await remove();
    console.error(`${ref} did not build.`);
    process.exit(1);
  }
  return { buildDir: path.join(dir, "build-bench"), remove };
}
