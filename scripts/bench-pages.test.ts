import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";
import { temporaryDirectory } from "../tests/support/temporary-directory.ts";
import { withoutScripts } from "./bench-support.ts";

// The benchmark refuses what it cannot measure before it builds or starts anything, with a
// message naming the option, instead of failing with a stack trace minutes later.
const root = path.resolve(import.meta.dirname, "..");
const empty = temporaryDirectory("no-site");

function bench(...args: string[]) {
  return benchWith(process.env, ...args);
}

function benchWith(env: NodeJS.ProcessEnv, ...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(root, "scripts/bench-pages.ts"), ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 30_000,
    env,
  });
  return { status: result.status, stderr: result.stderr };
}

const worktrees = () =>
  spawnSync("git", ["worktree", "list"], { cwd: root, encoding: "utf8" }).stdout;

test.each([
  [["--runs", "three"], '--runs must be a whole number of at least 1, not "three".'],
  [["--runs", "0"], '--runs must be a whole number of at least 1, not "0".'],
  [["--peer", empty], `--peer ${empty}: no index.html there; pass the built site's folder.`],
  [
    ["--peer", empty, "--against", "HEAD"],
    "--peer, --against and --twins measure against different things: pass one of them.",
  ],
  [
    ["--twins", "--against", "HEAD"],
    "--peer, --against and --twins measure against different things: pass one of them.",
  ],
])("bench:pages %j is refused with a message naming it", (args, message) => {
  const { status, stderr } = bench(...args);
  expect(status).toBe(1);
  expect(stderr.trim()).toBe(message);
});

test("a machine without Chromium is told how to get it, before anything is built", () => {
  const missing = path.join(empty, "chromium");
  const { status, stderr } = benchWith(
    { ...process.env, CHROMIUM_PATH: missing },
    "--only",
    "/pricing",
  );
  expect(status).toBe(1);
  expect(stderr.trim()).toBe(
    `Chromium is missing (${missing}). Install the test tools once with: npm run test:setup (or set CHROMIUM_PATH).`,
  );
});

test("a --against ref that is no commit is refused, and leaves no worktree behind", () => {
  const before = worktrees();
  const { status, stderr } = bench("--against", "no-such-branch", "--no-build");
  expect(status).toBe(1);
  expect(stderr.trim()).toBe("--against no-such-branch: git knows no commit by that name.");
  expect(worktrees()).toBe(before);
});

test("a zero-JavaScript twin keeps the page and its JSON-LD, and loses every script", () => {
  const page = [
    '<head><script type="application/ld+json">{"@type":"WebPage"}</script></head>',
    "<body><main><h1>Terms</h1><p>Text <code>&lt;script&gt;</code></p></main>",
    '<script>window.__reactRouterContext = {"a":"\\u003c/script>"};</script>',
    '<script type="module" async="">import("/assets/entry.js");</script></body>',
  ].join("");
  expect(withoutScripts(page)).toBe(
    [
      '<head><script type="application/ld+json">{"@type":"WebPage"}</script></head>',
      "<body><main><h1>Terms</h1><p>Text <code>&lt;script&gt;</code></p></main></body>",
    ].join(""),
  );
});
