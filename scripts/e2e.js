// Browser journeys alone: brings the test build (build-test/, or BUILD_DIR) up to date when
// the sources changed, then runs Playwright, whose global setup starts one production
// server of that build for every journey (playwright.config.ts). Extra arguments go to
// Playwright (a spec file, --grep …); --no-build skips the build check.
//   node scripts/e2e.js                                  every journey
//   node scripts/e2e.js tests/e2e/blog.spec.ts           one file, on a server of its own
//   E2E_BASE_URL=http://localhost:4173 npm run test:e2e -- --no-build tests/e2e/blog.spec.ts
//                                                        against a server already running
//                                                        (started by hand; nothing is built
//                                                        or started)
// A selection (files or --grep) runs without the projects' ordering (--no-deps): otherwise
// the journeys that publish posts, which run after all the others, would run with it.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { testBuildDir } from "../tests/support/build.ts";
import { chromiumMissing } from "../tests/support/chromium.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env, BUILD_DIR: testBuildDir };

const missing = chromiumMissing();
if (missing) {
  console.error(missing);
  process.exit(1);
}

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const args = process.argv.slice(2).filter((arg) => arg !== "--no-build");
// A server already running serves its own build: there is nothing to build for it.
if (!process.argv.includes("--no-build") && !process.env.E2E_BASE_URL) {
  run([path.join(root, "scripts/build.ts"), "--if-stale"]);
}
// Playwright's options that take a value as the next argument.
const valued = new Set(
  "-c --config -g --grep --grep-invert -j --workers --reporter --project --retries --timeout --output --shard --max-failures --repeat-each --global-timeout --trace --tsconfig".split(
    " ",
  ),
);
const selects = args.some(
  (arg, index) =>
    /^(-g|--grep(-invert)?)(=|$)/.test(arg) ||
    (!arg.startsWith("-") && !valued.has(args[index - 1] ?? "")),
);
run([
  path.join(root, "node_modules/@playwright/test/cli.js"),
  "test",
  ...(selects && !args.includes("--no-deps") ? ["--no-deps"] : []),
  ...args,
]);
