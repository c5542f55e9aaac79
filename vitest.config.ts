import { defineConfig } from "vitest/config";

// Two projects: `unit` needs nothing but the sources and runs in seconds (npm run
// test:unit); `integration` drives the built server, real databases and SMTP on loopback
// (npm run test:integration, which builds first).
export default defineConfig({
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
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/vitest-global-setup.ts"],
          // Two files at a time even on two cores (Vitest's default there is one): these
          // tests mostly wait on the servers, CLIs and browsers they start, each in its own
          // process, port, data directory and database.
          maxWorkers: 2,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
