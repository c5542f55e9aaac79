import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/support/chromium.ts";
import { temporaryDirectory } from "./tests/support/temporary-directory.ts";

// scripts/e2e.js builds the site for this port first; journeys run against that build.
const port = Number(process.env.E2E_PORT || 4173);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  // Not test-results/ itself: Playwright empties its output folder, and scripts/test.js keeps
  // the runners' reports there.
  outputDir: "test-results/playwright",
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    launchOptions: chromiumLaunchOptions,
    trace: "off",
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "node server.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      BUILD_DIR: process.env.BUILD_DIR || "build",
      DATA_DIR: process.env.E2E_DATA_DIR || temporaryDirectory("e2e"),
      LOG_LEVEL: "warn",
      SITE_URL: baseURL,
      CONTACT_MIN_FILL_MS: "0",
      CONTACT_RATE_LIMIT: "1000",
    },
  },
});
