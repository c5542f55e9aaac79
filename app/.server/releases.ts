import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

// One build directory holds every release of the site:
//   build/releases/<id>/  a complete build (client assets, server bundle, release.json)
//   build/current         symlink to the release `npm run serve` starts
// A build writes a new release and then switches `current` in one rename, so a running
// copy keeps its own release untouched; each copy marks the release it serves as in use.

export type ReleaseInfo = { id: string; fingerprint: string; builtAt: string };

export const releasesDir = (buildRoot: string) => path.join(buildRoot, "releases");
export const currentLink = (buildRoot: string) => path.join(buildRoot, "current");

export function readRelease(releaseDir: string): ReleaseInfo | null {
  try {
    return JSON.parse(readFileSync(path.join(releaseDir, "release.json"), "utf8")) as ReleaseInfo;
  } catch {
    return null;
  }
}

/** Every complete release, newest first. */
export function listReleases(buildRoot: string): string[] {
  const dir = releasesDir(buildRoot);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith(".") && readRelease(path.join(dir, name)) !== null)
    .sort()
    .reverse()
    .map((name) => path.join(dir, name));
}

const inUseDir = (releaseDir: string) => path.join(releaseDir, "in-use");

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Records that this process serves the release; the returned function removes the mark. */
export function markInUse(releaseDir: string): () => void {
  const marker = path.join(inUseDir(releaseDir), String(process.pid));
  mkdirSync(inUseDir(releaseDir), { recursive: true });
  writeFileSync(marker, new Date().toISOString());
  return () => rmSync(marker, { force: true });
}

export function isInUse(releaseDir: string): boolean {
  if (!existsSync(inUseDir(releaseDir))) return false;
  return readdirSync(inUseDir(releaseDir)).some((name) => {
    const pid = Number(name);
    return Number.isInteger(pid) && pid > 0 && processIsAlive(pid);
  });
}

export type PruneRules = { keepNewest: number; keepYoungerThanMs: number };

/**
 * Old releases stay for a while so that a browser holding a page of an earlier build can
 * still load its scripts: only releases beyond the newest few, older than the age limit,
 * not current and served by no running copy are deleted.
 */
export function pruneReleases(
  buildRoot: string,
  rules: PruneRules = { keepNewest: 5, keepYoungerThanMs: 7 * 24 * 3_600_000 },
  now = Date.now(),
): string[] {
  const current = currentReleaseDir(buildRoot);
  const removed: string[] = [];
  listReleases(buildRoot).forEach((dir, index) => {
    if (index < rules.keepNewest || dir === current || isInUse(dir)) return;
    const info = readRelease(dir);
    const builtAt = info ? Date.parse(info.builtAt) : statSync(dir).mtimeMs;
    if (now - builtAt < rules.keepYoungerThanMs) return;
    rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  });
  return removed;
}

/** The real directory `current` points at, or null when nothing was built yet. */
export function currentReleaseDir(buildRoot: string): string | null {
  const link = currentLink(buildRoot);
  try {
    const target = path.resolve(buildRoot, readlinkSync(link));
    return existsSync(path.join(target, "server", "index.js")) ? target : null;
  } catch {
    return null;
  }
}
