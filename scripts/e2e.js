// Browser journeys alone: builds when the sources changed, then runs Playwright against the
// production server it starts (playwright.config.ts). Extra arguments go to Playwright
// (a spec file, --grep …); --no-build skips the build check.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumMissing } from "../tests/support/chromium.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const missing = chromiumMissing();
if (missing) {
  console.error(missing);
  process.exit(1);
}

function run(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!process.argv.includes("--no-build")) {
  run([path.join(root, "scripts/build.ts"), "--if-stale"]);
}
run([
  path.join(root, "node_modules/@playwright/test/cli.js"),
  "test",
  ...process.argv.slice(2).filter((arg) => arg !== "--no-build"),
]);
