import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { testBuildRoot } from "../support/build.ts";
import { freePort, startBuiltServer } from "../support/server.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const root = path.resolve(import.meta.dirname, "../..");
const buildRoot = testBuildRoot;

test("one build serves each origin it is started with, in pages, previews, sitemap, feeds and JSON-LD", async () => {
  const releaseBefore = readlinkSync(path.join(buildRoot, "current"));
  const origins = ["https://staging.northstory.example", "https://www.northstory.example"];
  const servers = await Promise.all(
    origins.map((origin) => startBuiltServer({ SITE_URL: origin })),
  );
  try {
    for (const [index, server] of servers.entries()) {
      const origin = origins[index] ?? "";
      const other = origins[1 - index] ?? "";
      const documents = await Promise.all(
        ["/", "/pricing", "/blog", "/blog/writing-hooks-for-executives", "/contact"].map(
          async (page) => (await fetch(`${server.url}${page}`)).text(),
        ),
      );
      for (const html of documents) {
        expect(html).toMatch(new RegExp(`<link rel="canonical" href="${origin}/`));
        expect(html).toContain(`property="og:image" content="${origin}/social/pages/`);
        expect(html).not.toContain(other);
        expect(html).not.toContain("localhost");
      }
      // Structured data too: the home page's Organization, named by an article as publisher.
      for (const html of [documents[0], documents[3]]) {
        expect(html).toContain(`"@id":"${origin}/#organization"`);
      }
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
      expect(sitemap).toContain(`<loc>${origin}/pricing</loc>`);
      expect(sitemap).not.toContain(other);
      const rss = await (await fetch(`${server.url}/rss.xml`)).text();
      expect(rss).toContain(`<link>${origin}/blog</link>`);
      const robots = await (await fetch(`${server.url}/robots.txt`)).text();
      expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
  // Nothing was rebuilt for either origin.
  expect(readlinkSync(path.join(buildRoot, "current"))).toBe(releaseBefore);
}, 90_000);

test("npm run serve without a build says how to make one", () => {
  const result = spawnSync(process.execPath, [path.join(root, "server.js")], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: temporaryDirectory("empty") },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("There is no build in");
  expect(result.stderr).toContain("npm run build");
});

/** A copy of the project that can be changed and rebuilt without touching this checkout. */
function copyOfProject(): string {
  const dir = temporaryDirectory("checkout");
  for (const entry of [
    "app",
    "content",
    "public",
    "drizzle",
    "scripts",
    "server.js",
    "package.json",
    "package-lock.json",
    "vite.config.ts",
    "react-router.config.ts",
    "tsconfig.json",
  ]) {
    cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  // Its build is the test build's release (the same sources), as if `npm run build` had
  // run there: only the rebuild the test is about is built.
  const release = readlinkSync(path.join(buildRoot, "current"));
  cpSync(path.join(buildRoot, release), path.join(dir, "build", release), { recursive: true });
  symlinkSync(release, path.join(dir, "build", "current"));
  return dir;
}

type Copy = { url: string; process: ChildProcess; output: () => string };

/** `npm start` in that checkout, as an operator would run a second copy. */
async function npmStart(checkout: string, timeoutMs = 180_000): Promise<Copy> {
  const port = await freePort();
  let output = "";
  const { NODE_ENV: _testRunner, BUILD_DIR: _build, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(checkout, "scripts/start.js")], {
    cwd: checkout,
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: temporaryDirectory("copy"),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`npm start did not answer:\n${output}`);
    if ((await fetch(`${url}/healthz`).catch(() => null))?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, process: child, output: () => output };
}

async function stop(copy: Copy) {
  if (copy.process.exitCode !== null) return;
  copy.process.kill("SIGTERM");
  await new Promise((resolve) => copy.process.once("exit", resolve));
}

/** The page and every script and stylesheet it references, with their statuses. */
async function pageWithAssets(url: string, page: string) {
  const html = await (await fetch(`${url}${page}`)).text();
  const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
  const statuses = await Promise.all(
    assets.map(async (asset) => [asset, (await fetch(`${url}${asset}`)).status] as const),
  );
  return { html, assets, statuses };
}

test("a copy keeps serving working pages while a second copy rebuilds from the same checkout", async () => {
  const checkout = copyOfProject();
  const first = await npmStart(checkout);
  try {
    expect(first.output()).toContain("The build is up to date");
    const before = await pageWithAssets(first.url, "/");
    expect(before.assets.length).toBeGreaterThan(2);
    expect(before.html).toContain("Make Marketing That People Want");

    // An edit lands in the checkout; a second copy starts and must rebuild.
    const homeCopy = path.join(checkout, "app/content/home.ts");
    writeFileSync(
      homeCopy,
      readFileSync(homeCopy, "utf8").replace(
        "Make Marketing That People Want",
        "Make Marketing That Buyers Want",
      ),
    );
    let rebuilt = false;
    const second = npmStart(checkout).then((copy) => {
      rebuilt = true;
      return copy;
    });
    // While it builds and after, every page of the first copy still loads all its assets.
    const broken: string[] = [];
    while (!rebuilt) {
      const { statuses } = await pageWithAssets(first.url, "/");
      for (const [asset, status] of statuses) if (status !== 200) broken.push(`${asset} ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const next = await second;
    try {
      expect(broken).toEqual([]);
      expect(next.output()).toContain("Building release");
      const after = await pageWithAssets(first.url, "/");
      expect(after.html).toContain("Make Marketing That People Want");
      expect(after.statuses.every(([, status]) => status === 200)).toBe(true);
      const fresh = await pageWithAssets(next.url, "/");
      expect(fresh.html).toContain("Make Marketing That Buyers Want");
      expect(fresh.assets).not.toEqual(before.assets);
      // A browser still holding the first copy's page loads its scripts from the new copy.
      for (const asset of before.assets) {
        expect((await fetch(`${next.url}${asset}`)).status, asset).toBe(200);
      }
      // Nothing changed since: a third copy starts without building.
      const third = await npmStart(checkout);
      expect(third.output()).toContain("The build is up to date");
      await stop(third);
    } finally {
      await stop(next);
    }
  } finally {
    await stop(first);
  }
}, 400_000);
