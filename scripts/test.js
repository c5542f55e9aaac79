// `npm test`: every test, browser journeys included, against one production build.
//   1. builds the site into build-test/ for the test origin (npm start's build/ is untouched)
//   2. Vitest: unit, integration (PGlite; also Postgres when TEST_DATABASE_URL is set)
//   3. Playwright: browser journeys in Debian's Chromium against the built server
// and ends with one summary line: "tests: N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.E2E_PORT || "4173";
const reports = mkdtempSync(path.join(tmpdir(), "northstory-reports-"));
const env = {
  ...process.env,
  BUILD_DIR: process.env.BUILD_DIR || "build-test",
  E2E_PORT: port,
  SITE_URL: `http://localhost:${port}`,
};

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.log("Chromium is missing; installing Debian's chromium package...");
  const install = spawnSync("sh", ["-c", "apt-get update -qq && apt-get install -y -qq chromium"], {
    stdio: "inherit",
  });
  if (install.status !== 0 || !existsSync(chromium)) {
    console.error("Could not install Chromium. Install it with: apt-get install -y chromium");
    process.exit(1);
  }
}
if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: database tests run on embedded PGlite only.");
}

const bin = (pkg, file) => path.join(root, "node_modules", pkg, file);
function run(label, args, extraEnv = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...env, ...extraEnv },
  });
  console.log(
    `=== ${label}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
  );
  return result.status === 0;
}

const built = run("build", [path.join(root, "scripts/build.ts")]);
if (!built) process.exit(1);
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");
const unitOk = run("vitest", [
  bin("vitest", "vitest.mjs"),
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
const e2eOk = run(
  "playwright",
  [bin("@playwright/test", "cli.js"), "test", "--reporter=list,json"],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  },
);

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const v = JSON.parse(readFileSync(vitestReport, "utf8"));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
} catch {
  failed += 1;
}
try {
  const p = JSON.parse(readFileSync(playwrightReport, "utf8"));
  passed += p.stats.expected + (p.stats.flaky ?? 0);
  failed += p.stats.unexpected;
  skipped += p.stats.skipped;
} catch {
  failed += 1;
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(unitOk && e2eOk && failed === 0 ? 0 : 1);
