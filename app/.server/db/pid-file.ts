import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// PGlite is an in-process database: only one process may open its files at a time.
// The server records its pid so that command-line tools can refuse to open it alongside.

export function pidFilePath(dataDir: string) {
  return path.join(dataDir, "server.pid");
}

export function writePidFile(dataDir: string) {
  writeFileSync(pidFilePath(dataDir), String(process.pid));
}

export function removePidFile(dataDir: string) {
  rmSync(pidFilePath(dataDir), { force: true });
}

/** The pid of a live server using this data directory, or null. */
export function runningServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFilePath(dataDir), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}
