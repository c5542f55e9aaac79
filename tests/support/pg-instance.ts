import { execFileSync } from "node:child_process";
import { chownSync, existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { freePort } from "./server.ts";
import { temporaryDirectory } from "./temporary-directory.ts";

/** Debian's Postgres binaries, if installed. */
function postgresBin(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const version = readdirSync(base).sort().at(-1);
  const bin = version ? path.join(base, version, "bin") : null;
  return bin && existsSync(path.join(bin, "initdb")) ? bin : null;
}

function postgresUser(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** A private Postgres can be created here: binaries exist and we can run them as postgres. */
export const canRunPrivatePostgres =
  postgresBin() !== null && postgresUser() !== null && process.getuid?.() === 0;

/**
 * A Postgres server of the test's own, in a temporary directory on a free port, that the
 * test can really stop and start again (the shared server must not be touched).
 */
export async function startPrivatePostgres() {
  const bin = postgresBin();
  const user = postgresUser();
  if (!bin || !user) throw new Error("Postgres binaries or the postgres user are missing");
  const dir = temporaryDirectory("pg");
  chownSync(dir, user.uid, user.gid);
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  const asPostgres = (command: string, args: string[]) =>
    execFileSync(path.join(bin, command), args, {
      uid: user.uid,
      gid: user.gid,
      stdio: "pipe",
      cwd: dir,
    });
  asPostgres("initdb", [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "--no-sync",
    "-E",
    "UTF8",
  ]);
  const start = () =>
    asPostgres("pg_ctl", [
      "-D",
      dataDir,
      "-l",
      path.join(dir, "log"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      "-w",
      "start",
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => asPostgres("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]),
    start,
    async destroy() {
      try {
        asPostgres("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } catch {
        // already stopped
      }
    },
  };
}
