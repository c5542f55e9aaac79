import path from "node:path";
import type { Env } from "../env.ts";
import { type Database, openDatabase } from "./client.ts";
import { removePidFile, runningServerPid, writePidFile } from "./pid-file.ts";

export class DatabaseBusyError extends Error {
  override name = "DatabaseBusyError";
}

/**
 * Opens the configured database for a command-line tool: Postgres through DATABASE_URL,
 * or the embedded database under DATA_DIR, which only one process may open at a time.
 * While a tool holds the embedded database it claims the pid file, so a server started
 * meanwhile refuses instead of opening the same files. `close()` releases both.
 */
export async function openDatabaseForCli(env: Env, root = process.cwd()): Promise<Database> {
  if (env.DATABASE_URL) {
    const database = openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 2 });
    await database.migrate();
    return database;
  }
  const dataDir = path.resolve(root, env.DATA_DIR);
  const pid = runningServerPid(dataDir);
  if (pid) {
    throw new DatabaseBusyError(
      `The server (pid ${pid}) is running on the embedded database in ${dataDir}; stop it first or use DATABASE_URL.`,
    );
  }
  const database = openDatabase({ dataDir });
  writePidFile(dataDir);
  const release = async () => {
    await database.close();
    removePidFile(dataDir);
  };
  try {
    await database.migrate();
  } catch (error) {
    await release();
    throw error;
  }
  return { ...database, close: release };
}
