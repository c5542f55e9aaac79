// `npm test`: every test, browser journeys included, against one production build.
//   node scripts/test.js [unit] [integration] [e2e] [slow] [-- files or runner options]
// Lanes (all four by default):
//   unit         Vitest, the sources alone (no build, no services)
//   integration  Vitest: the built server, real databases (PGlite; Postgres too when
//                TEST_DATABASE_URL is set), SMTP and webhooks on loopback
//   e2e          Playwright: browser journeys in Debian's Chromium against one built server
//   slow         what takes minutes and rarely changes: the accessibility and first-paint
//                sweeps over every page template, nginx in front of two copies, rebuilding
//                releases, the XSS corpus in a browser, the Nu Html Checker
// The site is built into build-test/ first (only when the sources changed; npm start's
// build/ is untouched). The integration, e2e and slow lanes then run one after another,
// or side by side on more than two cores (see below). Anything after the lane names (a test file, `-t name`, `--grep text`) goes to the
// runners of the lanes asked for.
// Every run keeps each runner's JSON report under test-results/ and ends with the 15
// slowest test files and tests, the skipped tests, and one line:
// "tests: N passed, N failed, N skipped".
// With CI set, a missing service (Postgres, nginx, Chromium, Java) fails the run at once,
// as does a skipped test not listed with its reason in tests/allowed-skips.json.
// It installs nothing: `npm run test:setup` installs the system packages once per machine.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumMissing } from "../tests/support/chromium.ts";
import { nginxBinary } from "../tests/support/nginx.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const lanes = ["unit", "integration", "e2e", "slow"];
const args = process.argv.slice(2).filter((arg) => arg !== "--");
const asked = args.filter((arg) => lanes.includes(arg));
const passed_through = args.filter((arg) => !lanes.includes(arg));
const wants = (lane) => asked.length === 0 || asked.includes(lane);
// A file named for several lanes is in only one of them: the others find none, and say so.
const lenient = passed_through.length > 0 && asked.length !== 1;
const reports = path.join(root, "test-results");
mkdirSync(reports, { recursive: true });
const env = { ...process.env, BUILD_DIR: process.env.BUILD_DIR || "build-test" };
const ci = Boolean(process.env.CI);

// What the lanes need from the machine. Without CI a missing one skips the tests that need
// it (and they are counted as skipped); in CI it fails the run before anything starts.
const needsServices = wants("integration") || wants("e2e") || wants("slow");
if (needsServices) {
  const missing = [];
  const chromium = chromiumMissing();
  if (chromium) missing.push(chromium);
  if (!process.env.TEST_DATABASE_URL) {
    missing.push(
      "TEST_DATABASE_URL is not set: the Postgres variants of the database tests are skipped.",
    );
  }
  if (!nginxBinary) missing.push("nginx is not installed: the tests behind nginx are skipped.");
  if (spawnSync("java", ["-version"]).status !== 0) {
    missing.push("Java is not installed: the Nu Html Checker test is skipped.");
  }
  for (const line of missing) console.log(line);
  if (chromium || (ci && missing.length > 0)) {
    if (ci) console.error("CI needs every service: run `npm run test:setup` and start Postgres.");
    process.exit(1);
  }
}

const bin = (pkg, file) => path.join(root, "node_modules", pkg, file);

/** Runs a lane's command; with `logFile`, its output goes there instead of the terminal. */
function run(label, command, { extraEnv = {}, logFile } = {}) {
  const started = Date.now();
  const log = logFile ? createWriteStream(logFile) : undefined;
  const say = (line) => (log ? log.write(`${line}\n`) : console.log(line));
  say(`\n=== ${label} ===`);
  const child = spawn(process.execPath, command, {
    cwd: root,
    stdio: log ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...env, ...extraEnv },
  });
  if (log) {
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
  }
  return new Promise((resolve) => {
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      say(`=== ${label}: ${code === 0 ? "ok" : "FAILED"} in ${seconds} s ===`);
      if (log) log.end(() => resolve(code === 0));
      else resolve(code === 0);
    });
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
// Names of failed tests, repeated after the summary line so the end of a long log says
// what failed without scrolling back through it.
const failures = [];
const skips = [];
// Where the time went: [label, milliseconds].
const fileTimes = [];
const testTimes = [];

// Each lane's workers take their ports from blocks of their own (tests/support/server.ts).
const portBlocks = { unit: 0, integration: 0, e2e: 3, slow: 6, "slow-e2e": 9 };

async function vitest(label, projects, options = {}) {
  const report = path.join(reports, `vitest-${label}.json`);
  const timings = path.join(reports, `vitest-${label}-files.json`);
  rmSync(report, { force: true });
  rmSync(timings, { force: true });
  const ok = await run(
    `vitest ${label}`,
    [
      bin("vitest", "vitest.mjs"),
      "run",
      ...projects.flatMap((project) => ["--project", project]),
      "--reporter=default",
      "--reporter=json",
      "--reporter=./tests/support/vitest-timings-reporter.ts",
      `--outputFile.json=${report}`,
      ...(lenient ? ["--passWithNoTests"] : []),
      ...passed_through,
    ],
    {
      ...options,
      extraEnv: {
        ...options.extraEnv,
        VITEST_TIMINGS_FILE: timings,
        TEST_PORT_BLOCKS_FROM: String(portBlocks[label]),
      },
    },
  );
  try {
    const v = JSON.parse(readFileSync(report, "utf8"));
    totals.passed += v.numPassedTests;
    totals.failed += v.numFailedTests;
    totals.skipped += v.numPendingTests + (v.numTodoTests ?? 0);
    for (const file of v.testResults) {
      const name = path.relative(root, file.name);
      for (const test of file.assertionResults) {
        const label = `${name} › ${test.fullName}`;
        testTimes.push([label, test.duration ?? 0]);
        if (test.status === "failed") failures.push(label);
        if (test.status === "pending" || test.status === "skipped" || test.status === "todo") {
          skips.push(label);
        }
      }
      if (file.status === "failed" && file.assertionResults.length === 0) {
        failures.push(`${name} (${file.message})`);
      }
    }
    for (const row of JSON.parse(readFileSync(timings, "utf8"))) {
      fileTimes.push([row.file, row.ms]);
    }
  } catch {
    totals.failed += 1;
    failures.push(`vitest ${label}: no report (${path.relative(root, report)})`);
  }
  return ok;
}

async function playwright(label, projects, options = {}) {
  const report = path.join(reports, `playwright-${label}.json`);
  rmSync(report, { force: true });
  const ok = await run(
    `playwright ${label}`,
    [
      bin("@playwright/test", "cli.js"),
      "test",
      "--reporter=list,json",
      ...projects.flatMap((project) => ["--project", project]),
      ...(lenient ? ["--pass-with-no-tests"] : []),
      // A selection runs without the projects' ordering (see playwright.config.ts).
      ...(passed_through.length > 0 ? ["--no-deps"] : []),
      ...passed_through,
    ],
    {
      ...options,
      extraEnv: {
        PLAYWRIGHT_JSON_OUTPUT_NAME: report,
        PLAYWRIGHT_OUTPUT_DIR: path.join(reports, `playwright-${label}`),
        TEST_PORT_BLOCKS_FROM: String(portBlocks[label === "slow" ? "slow-e2e" : label]),
      },
    },
  );
  try {
    const p = JSON.parse(readFileSync(report, "utf8"));
    totals.passed += p.stats.expected;
    // A test that passed only when tried again is a failure here: nothing retries in CI.
    totals.failed += p.stats.unexpected + (p.stats.flaky ?? 0);
    totals.skipped += p.stats.skipped;
    const perFile = new Map();
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests) {
          const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
          const name = `tests/e2e/${spec.file} › ${[...titles, spec.title].join(" › ")}`;
          testTimes.push([name, ms]);
          perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + ms);
          if (test.status === "unexpected" || test.status === "flaky") {
            failures.push(`${name} (line ${spec.line}${test.status === "flaky" ? ", flaky" : ""})`);
          }
          if (test.status === "skipped") skips.push(name);
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title].filter(Boolean));
    };
    for (const suite of p.suites) walk(suite, []);
    for (const [file, ms] of perFile) fileTimes.push([`tests/e2e/${file} (tests summed)`, ms]);
  } catch {
    totals.failed += 1;
    failures.push(`playwright ${label}: no report (${path.relative(root, report)})`);
  }
  return ok;
}

let ok = true;
if (wants("unit")) ok = (await vitest("unit", ["unit"])) && ok;
if (wants("integration") || wants("e2e") || wants("slow")) {
  const built = await run("build", [path.join(root, "scripts/build.ts"), "--if-stale"]);
  if (!built) process.exit(1);
}

// On more than two cores the lanes after the build run side by side: they often wait (on
// servers, browsers and timers), so together they finish in about the time of the longest.
// Only the integration lane then writes to the terminal as it goes; the others' output is
// kept in test-results/<lane>.log and printed when all end. On two cores they run one after
// another: side by side there (measured: 17 min 20 s against about 17 min in a row) they
// took no less time, used more CPU and made timing-sensitive tests fail.
// TEST_LANES_TOGETHER=1 or =0 decides instead.
const together =
  process.env.TEST_LANES_TOGETHER !== undefined
    ? process.env.TEST_LANES_TOGETHER === "1"
    : availableParallelism() > 2;
const logOf = (lane) => (together ? { logFile: path.join(reports, `${lane}.log`) } : {});
const laneRuns = [];
if (wants("integration")) {
  // A file named on the command line may be in either Vitest project.
  const projects =
    passed_through.length > 0 && !wants("slow") ? ["integration", "slow"] : ["integration"];
  laneRuns.push({ log: undefined, run: () => vitest("integration", projects) });
}
if (wants("e2e")) {
  const journeys = ["chromium", "publishing"];
  const projects = passed_through.length > 0 && !wants("slow") ? [...journeys, "sweeps"] : journeys;
  const options = laneRuns.length > 0 ? logOf("e2e") : {};
  laneRuns.push({ log: options.logFile, run: () => playwright("e2e", projects, options) });
}
if (wants("slow")) {
  const options = laneRuns.length > 0 ? logOf("slow") : {};
  const slowE2e = options.logFile ? { logFile: `${options.logFile}.e2e` } : {};
  laneRuns.push({
    log: options.logFile,
    run: async () => {
      // Taking turns, the slow files have both cores (measured: 157 s one at a time).
      const integration = await vitest("slow", ["slow"], {
        ...options,
        extraEnv: { TEST_SLOW_WORKERS: together ? "1" : "2" },
      });
      const browser = await playwright("slow", ["sweeps"], slowE2e);
      return integration && browser;
    },
  });
}
const results = together
  ? await Promise.all(laneRuns.map((lane) => lane.run()))
  : await laneRuns.reduce(
      async (done, lane) => [...(await done), await lane.run()],
      Promise.resolve([]),
    );
ok = results.every(Boolean) && ok;
for (const lane of laneRuns) {
  for (const log of lane.log ? [lane.log, `${lane.log}.e2e`] : []) {
    if (existsSync(log)) process.stdout.write(readFileSync(log, "utf8"));
  }
}

const slowest = (rows) =>
  rows
    .toSorted((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([label, ms]) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${label}`)
    .join("\n");
if (fileTimes.length > 0) {
  console.log(`\nSlowest test files:\n${slowest(fileTimes)}`);
  console.log(`\nSlowest tests:\n${slowest(testTimes)}`);
  console.log(`\nReports: ${path.relative(root, reports)}/`);
}

// Skips: each listed with its reason in tests/allowed-skips.json, or (in CI) a failure.
const allowed = JSON.parse(readFileSync(path.join(root, "tests/allowed-skips.json"), "utf8")).skips;
const reasonFor = (name) => allowed.find((entry) => name.includes(entry.test))?.reason;
const unlisted = skips.filter((name) => !reasonFor(name));
if (skips.length > 0) {
  const byFile = new Map();
  for (const name of skips) {
    const file = name.split(" › ")[0];
    byFile.set(file, (byFile.get(file) ?? 0) + 1);
  }
  console.log("\nSkipped:");
  for (const [file, count] of byFile) console.log(`  ${String(count).padStart(3)}  ${file}`);
  for (const name of skips) {
    const reason = reasonFor(name);
    if (reason) console.log(`  allowed: ${name} (${reason})`);
  }
}
if (ci && unlisted.length > 0) {
  for (const name of unlisted) failures.push(`skipped without a listed reason: ${name}`);
}

const ran = totals.passed + totals.failed + totals.skipped;
if (ran === 0) failures.push(`no test matched ${passed_through.join(" ")}`);
console.log("");
for (const name of failures) console.log(`failed: ${name}`);
// The last line, alone: what CI reads.
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 && failures.length === 0 ? 0 : 1);
