import { defineConfig } from "vitest/config";

export default defineConfig({
  define: { __SITE_URL__: JSON.stringify("http://localhost:3000") },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
