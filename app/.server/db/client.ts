import { existsSync, mkdirSync, readFileSync } from "node:fs";
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
import lockfile from "proper-lockfile";
import * as schema from "#app/.server/db/schema.ts";

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
  /** Migrations this build ships and how many the database has applied. */
  migrationStatus(): Promise<{ applied: number; expected: number }>;
  /** The Postgres pool's connections now; undefined for the embedded database. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

/** The embedded database is held by another process (the server or an editor command). */
export class DatabaseBusyError extends Error {
  override name = "DatabaseBusyError";
}

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

function expectedMigrations(migrationsFolder: string): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  );
  return (journal.entries as unknown[]).length;
}

async function appliedMigrations(query: (text: string) => Promise<{ rows: unknown[] }>) {
  const exists = await query(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as ok",
  );
  if (!(exists.rows[0] as { ok: boolean } | undefined)?.ok) return 0;
  const result = await query("select count(*)::int as n from drizzle.__drizzle_migrations");
  return (result.rows[0] as { n: number } | undefined)?.n ?? 0;
}

/**
 * PGlite runs inside one process: a second process opening the same files would corrupt
 * them. The directory lock is taken before opening and held (refreshed every few seconds)
 * until close; a process that died leaves a lock that goes stale after 10 seconds.
 */
function lockDataDir(dataDir: string): () => void {
  try {
    return lockfile.lockSync(dataDir, {
      lockfilePath: path.join(dataDir, "pglite.lock"),
      realpath: false,
      stale: 10_000,
      update: 2_000,
      onCompromised(error) {
        console.error(
          `The lock on the embedded database in ${dataDir} was lost (${error.message}); stopping to keep it safe.`,
        );
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new DatabaseBusyError(
        `The embedded database in ${dataDir} is open in another process (the server or an editor command). Stop that process first, or set DATABASE_URL to share a Postgres server.`,
      );
    }
    throw error;
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
    // A dropped connection must not crash the process, whether it was idle in the pool
    // (the pool's "error") or checked out between two statements of a transaction (the
    // client's own "error", which nothing else listens to); the next query reconnects.
    pool.on("error", (error) => options.onError?.(error));
    pool.on("connect", (client) => {
      client.on("error", (error) => options.onError?.(error));
    });
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
      async migrationStatus() {
        return {
          applied: await appliedMigrations((text) => pool.query(text)),
          expected: expectedMigrations(migrationsFolder),
        };
      },
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      async close() {
        if (!pool.ended) await pool.end();
      },
    };
  }

  let client: PGlite;
  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
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
    async migrationStatus() {
      return {
        applied: await appliedMigrations((text) => client.query(text)),
        expected: expectedMigrations(migrationsFolder),
      };
    },
    async close() {
      if (!client.closed) await client.close();
      unlock();
      unlock = () => {};
    },
  };
}
