import path from "node:path";
import { type Database, DatabaseBusyError, openDatabase } from "#app/.server/db/client.ts";
import { type Env, withoutPassword } from "#app/.server/env.ts";

export { DatabaseBusyError } from "#app/.server/db/client.ts";

/**
 * The database the configuration names, migrated and ready: Postgres through DATABASE_URL,
 * or the embedded database under DATA_DIR, which one process holds at a time. Used by the
 * server and by every command. `waitMs` lets the server wait out the stale lock of a copy
 * that just died; commands fail at once with a message saying what holds the database.
 */
export async function openConfiguredDatabase(
  env: Pick<Env, "DATABASE_URL" | "DATA_DIR">,
  options: {
    root: string;
    poolSize?: number;
    waitMs?: number;
    onError?: (error: Error) => void;
  },
): Promise<Database> {
  const database = env.DATABASE_URL
    ? openDatabase({
        databaseUrl: env.DATABASE_URL,
        poolSize: options.poolSize,
        onError: options.onError,
      })
    : await openEmbedded(path.resolve(options.root, env.DATA_DIR), options.waitMs ?? 0);
  try {
    await database.migrate();
  } catch (error) {
    await database.close().catch(() => {});
    if (env.DATABASE_URL && isConnectionError(error)) {
      // Named, and without its password: an operator reads this in a deploy log.
      throw new DatabaseUnavailableError(
        `DATABASE_URL: the database at ${withoutPassword(env.DATABASE_URL)} did not answer (${(error as Error).message})`,
        { cause: error },
      );
    }
    throw error;
  }
  return database;
}

/** The configured Postgres could not be reached when the process started. */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = (error as Error | null)?.message ?? "";
  return (
    (typeof code === "string" &&
      /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ECONNRESET)$/.test(code)) ||
    /timeout exceeded when trying to connect|Connection terminated/i.test(message)
  );
}

async function openEmbedded(dataDir: string, waitMs: number): Promise<Database> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return openDatabase({ dataDir });
    } catch (error) {
      if (!(error instanceof DatabaseBusyError) || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
