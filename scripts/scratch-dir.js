// The test commands give everything they start one temporary folder of their own (TMPDIR),
// and delete it when they end, however they end. Test servers' databases, uploaded images,
// Chromium profiles and nginx prefixes all go there: a full run used to leave about 1.5 GB
// of them in /tmp, every run.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { constants, tmpdir } from "node:os";
import path from "node:path";

/** Makes the run's folder and returns it; it is removed when this process exits. */
export function scratchDir(name) {
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  // Like /tmp, others may enter it: the outage test runs a private Postgres as `postgres`.
  chmodSync(dir, 0o755);
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  // Ctrl+C or a stopped CI job: exit, which runs the handler above.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => process.exit(128 + constants.signals[signal]));
  }
  return dir;
}
