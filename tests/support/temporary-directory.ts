import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Every data directory a test makes holds an embedded database of about 40 MB; a full run
// makes dozens. They are removed when the test file is done (Vitest: the `afterAll` in
// tests/support/vitest-setup.ts, after the file's own hooks have stopped its servers) and,
// failing that, when the process exits (Playwright's workers and its runner).
const made = new Set<string>();
let removeOnExit = false;

/** A new, empty directory under the system's temporary folder, removed after the test file. */
export function temporaryDirectory(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `northstory-${prefix}-`));
  made.add(dir);
  if (!removeOnExit) {
    removeOnExit = true;
    // At exit nothing of this process can use them any more.
    process.once("exit", () => removeTemporaryDirectories());
  }
  return dir;
}

/**
 * Removes every directory `temporaryDirectory` has made in this process so far, except, with
 * `keepOpenDatabases`, one whose embedded database this process may still hold open (a test
 * that failed before closing it): its lock would be found gone, which ends the process.
 */
export function removeTemporaryDirectories(options: { keepOpenDatabases?: boolean } = {}): void {
  for (const dir of made) {
    if (options.keepOpenDatabases && databaseOpen(dir)) continue;
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    made.delete(dir);
  }
}

/** The embedded database's lock is refreshed every 2 s while it is open, stale after 10 s. */
function databaseOpen(dir: string): boolean {
  try {
    return Date.now() - statSync(path.join(dir, "pglite.lock")).mtimeMs < 15_000;
  } catch {
    return false;
  }
}
