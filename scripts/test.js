// `npm test`: every test, browser journeys included, against one production build.
//   node scripts/test.js [unit] [integration] [e2e]   (default: all three)
//   1. builds the site into build-test/ (only when the sources changed; npm start's
//      build/ is untouched)
//   2. Vitest: unit tests, then integration tests (PGlite; also Postgres when
//      TEST_DATABASE_URL is set; the nginx test when nginx is installed)
//   3. Playwright: browser journeys in Debian's Chromium against the built server
// It keeps each runner's JSON report under test-results/ and ends with the 15 slowest test
// files and tests, then one summary line: "tests: N passed, N failed, N skipped".
// It installs nothing: `npm run test:setup` installs Chromium and nginx once per machine.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumMissing } from "../tests/support/chromium.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stages = process.argv.slice(2);
const wants = (stage) => stages.length === 0 || stages.includes(stage);
const reports = path.join(root, "test-results");
mkdirSync(reports, { recursive: true });
const env = { ...process.env, BUILD_DIR: process.env.BUILD_DIR || "build-test" };

if (wants("e2e") || wants("integration")) {
  const missing = chromiumMissing();
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
  if (!process.env.TEST_DATABASE_URL) {
    console.log("TEST_DATABASE_URL is not set: database tests run on embedded PGlite only.");
  }
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

let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;
// Names of failed tests, repeated after the summary line so the end of a long log says
// what failed without scrolling back through it.
const failures = [];
// Where the time went: [label, milliseconds].
const fileTimes = [];
const testTimes = [];

function vitest(project) {
  const report = path.join(reports, `vitest-${project}.json`);
  rmSync(report, { force: true });
  ok =
    run(`vitest ${project}`, [
      bin("vitest", "vitest.mjs"),
      "run",
      "--project",
      project,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ]) && ok;
  try {
    const v = JSON.parse(readFileSync(report, "utf8"));
    passed += v.numPassedTests;
    failed += v.numFailedTests;
    skipped += v.numPendingTests + (v.numTodoTests ?? 0);
    for (const file of v.testResults) {
      const name = path.relative(root, file.name);
      fileTimes.push([`${project}: ${name}`, file.endTime - file.startTime]);
      for (const test of file.assertionResults) {
        testTimes.push([`${project}: ${name} › ${test.fullName}`, test.duration ?? 0]);
        if (test.status === "failed") failures.push(`${project}: ${name} › ${test.fullName}`);
      }
      if (file.status === "failed" && file.assertionResults.length === 0) {
        failures.push(`${project}: ${name} (${file.message})`);
      }
    }
  } catch {
    failed += 1;
    failures.push(`${project}: no report (${report})`);
  }
}

if (wants("unit")) vitest("unit");
if (wants("integration") || wants("e2e")) {
  if (!run("build", [path.join(root, "scripts/build.ts"), "--if-stale"])) process.exit(1);
}
if (wants("integration")) vitest("integration");
if (wants("e2e")) {
  const report = path.join(reports, "playwright.json");
  rmSync(report, { force: true });
  ok =
    run("playwright", [bin("@playwright/test", "cli.js"), "test", "--reporter=list,json"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    }) && ok;
  try {
    const p = JSON.parse(readFileSync(report, "utf8"));
    passed += p.stats.expected;
    failed += p.stats.unexpected + (p.stats.flaky ?? 0);
    skipped += p.stats.skipped;
    const perFile = new Map();
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests) {
          const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
          const label = `e2e: ${[...titles, spec.title].join(" › ")}`;
          testTimes.push([label, ms]);
          perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + ms);
          if (test.status === "unexpected" || test.status === "flaky") {
            failures.push(
              `${label} (${spec.file}:${spec.line}${test.status === "flaky" ? ", flaky" : ""})`,
            );
          }
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    for (const suite of p.suites) walk(suite, []);
    for (const [file, ms] of perFile) fileTimes.push([`e2e: tests/e2e/${file} (summed)`, ms]);
  } catch {
    failed += 1;
    failures.push(`e2e: no report (${report})`);
  }
}

const slowest = (rows) =>
  rows
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([label, ms]) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${label}`)
    .join("\n");
if (fileTimes.length > 0) {
  console.log(`\nSlowest test files:\n${slowest(fileTimes)}`);
  console.log(`\nSlowest tests:\n${slowest(testTimes)}`);
  console.log(`\nReports: ${path.relative(root, reports)}/`);
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
for (const name of failures) console.log(`failed: ${name}`);
process.exit(ok && failed === 0 ? 0 : 1);
