import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers within `timeoutMs`, rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number; onError?: (error: Error) => void }
  | { dataDir: string | null };

// Any constant works; it only has to be the same for every copy of the server.
const MIGRATION_LOCK_ID = 7_240_114;

/** Walks up from this module (source or bundled build) to the committed migrations. */
export function findMigrationsFolder(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No drizzle/ migrations folder found above ${start}`);
    dir = parent;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The one place that knows which driver is in use; everything else receives a `db`. */
export function openDatabase(options: DatabaseOptions): Database {
  const migrationsFolder = findMigrationsFolder();

  if ("databaseUrl" in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 2_000,
      idleTimeoutMillis: 10_000,
      // Keeps a dead or stalled database from holding requests for long.
      statement_timeout: 10_000,
    });
    // A dropped idle connection must not crash the process; the next query reconnects.
    pool.on("error", (error) => options.onError?.(error));
    const db = drizzlePostgres(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      async ping(timeoutMs = 1_000) {
        await withTimeout(pool.query("select 1"), timeoutMs, "Database ping");
      },
      async migrate() {
        const client = await pool.connect();
        try {
          // Two copies starting together must not both run the same migration.
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
          try {
            await migratePostgres(drizzlePostgres(client), { migrationsFolder });
          } finally {
            await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
          }
        } finally {
          client.release();
        }
      },
      async close() {
        if (!pool.ended) await pool.end();
      },
    };
  }

  let client: PGlite;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(path.join(options.dataDir, "pglite"));
  } else {
    client = new PGlite();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async ping(timeoutMs = 1_000) {
      await withTimeout(client.query("select 1"), timeoutMs, "Database ping");
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}
