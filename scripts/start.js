// `npm start`: builds when the build is missing or stale, then runs the production server.
// A build is stale when any source file changed or SITE_URL differs from the one it baked in.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Settings from a local .env file; variables already set in the environment win.
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
const stampFile = path.join(buildDir, ".stamp");
const inputs = [
  "app",
  "content",
  "public",
  "drizzle",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function fingerprint() {
  const hash = createHash("sha1");
  const visit = (target) => {
    const stats = statSync(target);
    if (stats.isDirectory()) {
      for (const name of readdirSync(target).sort()) visit(path.join(target, name));
    } else {
      hash.update(`${path.relative(root, target)}:${stats.size}:${stats.mtimeMs}\n`);
    }
  };
  for (const input of inputs) {
    const full = path.join(root, input);
    if (existsSync(full)) visit(full);
  }
  const port = process.env.PORT || "3000";
  hash.update(`SITE_URL=${process.env.SITE_URL || `http://localhost:${port}`}`);
  return hash.digest("hex");
}

const wanted = fingerprint();
const current = existsSync(stampFile) ? readFileSync(stampFile, "utf8") : "";
if (current !== wanted || !existsSync(path.join(buildDir, "server/index.js"))) {
  console.log("Building the site (first start or sources changed)...");
  const result = spawnSync(process.execPath, [path.join(root, "scripts/build.ts")], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, wanted);
}

await import("../server.js");
