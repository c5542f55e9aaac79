import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";
import { temporaryDirectory } from "../tests/support/temporary-directory.ts";
import { readBenchPagesOptions } from "./bench-options.ts";
import { withoutScripts } from "./bench-support.ts";

// The benchmark refuses what it cannot measure before it builds or starts anything, with a
// message naming the option, instead of failing with a stack trace minutes later. The
// options are read in process (bench-options.ts); one run of the command itself shows the
// message reaches the terminal with exit code 1.
const root = path.resolve(import.meta.dirname, "..");
const empty = temporaryDirectory("no-site");

const refusal = (args: string[]) => {
  const read = readBenchPagesOptions(args);
  return "error" in read ? read.error : undefined;
};

const worktrees = () =>
  spawnSync("git", ["worktree", "list"], { cwd: root, encoding: "utf8" }).stdout;

test.each([
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
  [
    ["--fast"],
    "Unknown option '--fast'. The options are listed at the top of scripts/bench-pages.ts.",
  ],
])("bench:pages %j is refused with a message naming it", (args, message) => {
  expect(refusal(args)).toBe(message);
});

test("the command says why it refuses, on stderr with exit code 1, before building anything", () => {
  const result = spawnSync(
    process.execPath,
    [path.join(root, "scripts/bench-pages.ts"), "--runs", "three"],
    { cwd: root, encoding: "utf8", timeout: 30_000 },
  );
  expect(result.status).toBe(1);
  expect(result.stderr.trim()).toBe('--runs must be a whole number of at least 1, not "three".');
});

test("a machine without Chromium is told how to get it, before anything is built", () => {
  const missing = path.join(empty, "chromium");
  const read = readBenchPagesOptions(["--only", "/pricing"], { chromiumPath: missing });
  expect("error" in read && read.error).toBe(
    `Chromium is missing (${missing}). Install the test tools once with: npm run test:setup (or set CHROMIUM_PATH).`,
  );
});

test("a --against ref that is no commit is refused, and leaves no worktree behind", () => {
  const before = worktrees();
  expect(refusal(["--against", "no-such-branch", "--no-build"])).toBe(
    "--against no-such-branch: git knows no commit by that name.",
  );
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
