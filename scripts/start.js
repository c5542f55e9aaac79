// `npm start`: builds when the sources changed since the current release (or when there is
// none), then serves it. The build goes into a new release, so other copies already running
// from this checkout keep serving theirs.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Settings from a local .env file; variables already set in the environment win.
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));

const result = spawnSync(process.execPath, [path.join(root, "scripts/build.ts"), "--if-stale"], {
  cwd: root,
  stdio: "inherit",
});
if (result.status !== 0) process.exit(result.status ?? 1);

await import("../server.js");
