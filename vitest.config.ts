import { defineConfig } from "vitest/config";
import { portraits } from "./scripts/vite-portraits.ts";

// Three projects (scripts/test.js runs each as a lane):
// - `unit` needs nothing but the sources and runs in seconds (npm run test:unit);
// - `integration` drives the built server, real databases and SMTP on loopback
//   (npm run test:integration, which builds first);
// - `slow`, the integration files that take minutes and rarely change: nginx in front of
//   two copies, rebuilding releases, the XSS corpus in a browser and through the post
//   editor, text that would hold the renderer for a minute, the Nu Html Checker
//   (npm run test:slow, beside the others in npm test).
const slowFiles = [
  "tests/integration/proxy.test.ts",
  "tests/integration/releases.test.ts",
  "tests/integration/sanitize-corpus.test.ts",
  "tests/integration/back-office-posts-limits.test.ts",
  "tests/integration/html-validity.test.ts",
];

const integration = {
  // The build they drive (build-test/) and the migrated database template, once per run.
  globalSetup: ["tests/support/vitest-global-setup.ts"],
  testTimeout: 120_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  // The site's content names the portraits drawn at build time (`virtual:portraits`).
  plugins: [portraits()],
  test: {
    environment: "node",
    pool: "forks",
    // Removes the temporary directories each test file made (tests/support/temporary-directory.ts).
    setupFiles: ["tests/support/vitest-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/support/**/*.test.ts"],
          testTimeout: 10_000,
          // Both cores: Vitest would take one on a two-core machine.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: slowFiles,
          // Two files at a time even on two cores (Vitest's default there is one): these
          // tests mostly wait on the servers, CLIs and browsers they start, each in its own
          // process, port, data directory and database.
          maxWorkers: 2,
          ...integration,
          globalSetup: [...integration.globalSetup, "tests/support/vitest-shared-server.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "slow",
          include: slowFiles,
          // One file at a time beside the other lanes (more than two cores); two at a time
          // when the lanes take turns (scripts/test.js sets TEST_SLOW_WORKERS).
          maxWorkers: Number(process.env.TEST_SLOW_WORKERS || 1),
          ...integration,
        },
      },
    ],
  },
});
