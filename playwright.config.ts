import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/support/chromium.ts";

// Every journey runs against one production server of the test build (build-test/, or
// BUILD_DIR), which the global setup starts with its mail and webhook channels and stops
// at the end (tests/support/playwright-global-setup.ts); scripts/e2e.js builds first.
// Its address reaches the workers as E2E_BASE_URL: Playwright starts them after the
// global setup, with its environment, and they read this file again.
//
// The inner loop, against a server already running (no build, no server started; one spec
// file then takes well under a minute):
//   PORT=4173 BUILD_DIR=build-test SITE_URL=http://localhost:4173 CONTACT_MIN_FILL_MS=0 \
//     CONTACT_RATE_LIMIT=1000 npm run serve                 (once, in another terminal)
//   E2E_BASE_URL=http://localhost:4173 npm run test:e2e -- --no-build tests/e2e/x.spec.ts
// Journeys that read the server's mail or webhooks (back office, lead sources) need the
// server the lane starts itself: run them without E2E_BASE_URL.

const sweeps = /(accessibility|first-paint)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  // Not test-results/ itself: Playwright empties its output folder, and scripts/test.js keeps
  // the runners' reports there.
  // scripts/test.js names one per lane (the slow lane's sweeps run beside the journeys).
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? "test-results/playwright",
  globalSetup: "./tests/support/playwright-global-setup.ts",
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // A result is the first attempt's: a test that passes only when retried is a failure to
  // fix, not to hide (and in CI a flaky test fails the run).
  retries: 0,
  failOnFlakyTests: Boolean(process.env.CI),
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // The browser's time zone and language are the journeys' own, not the machine's: a
    // developer in Los Angeles runs the same tests as CI (the back office takes its writer's
    // time zone from the browser, and "Publish at (UTC)" would read otherwise). A journey
    // about another zone sets its own (test.use({ timezoneId })).
    timezoneId: "UTC",
    locale: "en-US",
    launchOptions: chromiumLaunchOptions,
    trace: "off",
  },
  projects: [
    // A published post changes the blog's listing, its feeds and sitemap and every
    // article's sidebar, which other journeys compare exactly: the journeys that publish
    // (tagged @publishes) run after all the others have finished (as their teardown, which
    // runs whatever the others' results). The editor's other journeys only make drafts, which
    // no public page shows, and run beside the rest. scripts/e2e.js runs a filtered selection
    // without this ordering.
    {
      name: "chromium",
      use: { browserName: "chromium" },
      testIgnore: sweeps,
      grepInvert: /@publishes/,
      teardown: "publishing",
    },
    {
      name: "publishing",
      use: { browserName: "chromium" },
      testMatch: /back-office-posts\.spec\.ts$/,
      grep: /@publishes/,
    },
    // The sweeps over every page template (axe at two widths, first paint before and after
    // the stylesheet): minutes, and they rarely find something new, so `npm test` runs them
    // in its slow lane, beside the journeys, against a server of their own.
    { name: "sweeps", use: { browserName: "chromium" }, testMatch: sweeps },
  ],
});
