import { mkdtempSync, rmSync } from "node:fs";
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
    process.once("exit", removeTemporaryDirectories);
  }
  return dir;
}

/** Removes every directory `temporaryDirectory` has made in this process so far. */
export function removeTemporaryDirectories(): void {
  for (const dir of made) {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    made.delete(dir);
  }
}
