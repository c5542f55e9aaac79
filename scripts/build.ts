// `npm run build`: builds the site into a new release and makes it current.
//   build/releases/<id>/   client assets (+ .br/.gz), the server bundle, migrations
//   build/current          symlink to the release `npm run serve` starts
// A running copy keeps serving its own release; the switch is one atomic rename. Builds
// from several processes wait for each other (a lock in the build folder).
// `--if-stale` (used by `npm start`) builds only when the sources changed since the
// current release. BUILD_DIR names another build folder (tests use build-test).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import lockfile from "proper-lockfile";
import {
  currentLink,
  currentReleaseDir,
  pruneReleases,
  type ReleaseInfo,
  readRelease,
  releasesDir,
} from "../app/.server/releases.ts";

const root = path.resolve(import.meta.dirname, "..");
const buildRoot = path.resolve(root, process.env.BUILD_DIR || "build");
const ifStale = process.argv.includes("--if-stale");

/** Everything the build reads; tests beside the code do not change what is built. */
const inputs = [
  "app",
  "content",
  "public",
  "drizzle",
  "package-lock.json",
  "vite.config.ts",
  "scripts/vite-portraits.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "scripts/build.ts",
];

/** A hash of the sources' contents (not their times: a fresh clone builds the same id). */
function sourceFingerprint(): string {
  const hash = createHash("sha256");
  const visit = (target: string) => {
    if (statSync(target).isDirectory()) {
      for (const name of readdirSync(target).sort()) visit(path.join(target, name));
    } else if (!/\.test\.tsx?$/.test(target)) {
      hash
        .update(`${path.relative(root, target)}\0`)
        .update(readFileSync(target))
        .update("\0");
    }
  };
  for (const input of inputs) {
    const full = path.join(root, input);
    if (existsSync(full)) visit(full);
  }
  return hash.digest("hex");
}

mkdirSync(releasesDir(buildRoot), { recursive: true });
const unlock = await lockfile.lock(buildRoot, {
  lockfilePath: path.join(buildRoot, ".build.lock"),
  realpath: false,
  stale: 30_000,
  update: 5_000,
  retries: { retries: 1_200, minTimeout: 500, maxTimeout: 500 },
  onCompromised(error) {
    console.error(`Lost the build lock (${error.message}); stopping.`);
    process.exit(1);
  },
});
let status = 0;
try {
  const fingerprint = sourceFingerprint();
  const current = currentReleaseDir(buildRoot);
  if (ifStale && current && readRelease(current)?.fingerprint === fingerprint) {
    console.log(`The build is up to date (${path.basename(current)}).`);
  } else {
    status = buildRelease(fingerprint);
  }
} finally {
  await unlock();
}
process.exit(status);

function buildRelease(fingerprint: string): number {
  const started = Date.now();
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "");
  const id = `${stamp}-${fingerprint.slice(0, 10)}`;
  const staging = path.join(releasesDir(buildRoot), `.staging-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  console.log(`Building release ${id}...`);
  const built = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production", NORTHSTORY_RELEASE_DIR: staging },
    },
  );
  if (built.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    return built.status ?? 1;
  }
  // The release carries the migrations it was built with, found beside its server bundle.
  cpSync(path.join(root, "drizzle"), path.join(staging, "drizzle"), { recursive: true });
  const info: ReleaseInfo = { id, fingerprint, builtAt: new Date().toISOString() };
  writeFileSync(path.join(staging, "release.json"), `${JSON.stringify(info, null, 2)}\n`);
  const releaseDir = path.join(releasesDir(buildRoot), id);
  renameSync(staging, releaseDir);

  const link = currentLink(buildRoot);
  const nextLink = path.join(buildRoot, `.current-${process.pid}`);
  rmSync(nextLink, { force: true });
  symlinkSync(path.relative(buildRoot, releaseDir), nextLink);
  renameSync(nextLink, link);
  const pruned = pruneReleases(buildRoot);
  console.log(
    `Release ${id} is current (${((Date.now() - started) / 1000).toFixed(1)} s)${
      pruned.length ? `; removed ${pruned.length} old release(s)` : ""
    }.`,
  );
  return 0;
}
