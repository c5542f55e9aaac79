// Browser journeys: build the site for the test origin, then run Playwright against the
// production server it starts (playwright.config.ts). Extra arguments go to Playwright.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.E2E_PORT || "4173";
const env = { ...process.env, SITE_URL: `http://localhost:${port}`, E2E_PORT: port };

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it with 'apt-get install -y chromium'.`,
  );
  process.exit(1);
}

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!process.argv.includes("--no-build")) {
  run([path.join(root, "scripts/build.ts")]);
}
run([
  path.join(root, "node_modules/@playwright/test/cli.js"),
  "test",
  ...process.argv.slice(2).filter((arg) => arg !== "--no-build"),
]);
