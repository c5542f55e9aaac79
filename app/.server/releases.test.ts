import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import {
  currentReleaseDir,
  listReleases,
  markInUse,
  pruneReleases,
} from "#app/.server/releases.ts";
import { temporaryDirectory } from "../../tests/support/temporary-directory.ts";

const day = 24 * 3_600_000;

function makeRelease(buildRoot: string, id: string, builtAt: number) {
  const dir = path.join(buildRoot, "releases", id);
  mkdirSync(path.join(dir, "server"), { recursive: true });
  writeFileSync(path.join(dir, "server", "index.js"), "");
  writeFileSync(
    path.join(dir, "release.json"),
    JSON.stringify({ id, fingerprint: id, builtAt: new Date(builtAt).toISOString() }),
  );
  return dir;
}

test("old releases are pruned by age and count, never the current one or one a copy serves", () => {
  const buildRoot = temporaryDirectory("releases");
  const now = Date.parse("2026-11-24T12:00:00Z");
  // Ten releases, one a day, the newest first in name order as the build names them.
  const dirs = Array.from({ length: 10 }, (_, i) =>
    makeRelease(buildRoot, `2026111${i}T000000-r${i}`, now - (10 - i) * day),
  );
  symlinkSync(path.relative(buildRoot, dirs[1] ?? ""), path.join(buildRoot, "current"));
  const release = markInUse(dirs[0] ?? "");
  try {
    const removed = pruneReleases(buildRoot, { keepNewest: 3, keepYoungerThanMs: 5.5 * day }, now);
    // Kept: the 3 newest, all younger than 5.5 days, the current one, the one in use.
    expect(removed.map((dir) => path.basename(dir)).sort()).toEqual([
      "20261112T000000-r2",
      "20261113T000000-r3",
      "20261114T000000-r4",
    ]);
    expect(listReleases(buildRoot)).toHaveLength(7);
    expect(currentReleaseDir(buildRoot)).toBe(dirs[1]);
  } finally {
    release();
  }
});
