import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { type Database, openDatabase } from "#app/.server/db/client.ts";
import { migratedDataDirectory } from "./database-template.ts";

export type TestDatabase = { database: Database; url?: string; drop(): Promise<void> };

/** The drivers database tests run against: embedded PGlite, and Postgres. */
export const drivers = ["pglite", "postgres"] as const;
export type Driver = (typeof drivers)[number];

/** Postgres tests need a server: TEST_DATABASE_URL (each test file makes its own database there). */
export const withoutPostgres = !process.env.TEST_DATABASE_URL;

/**
 * The title of a Postgres suite, saying why when it is skipped: a run that never touched
 * Postgres must not read like one that passed on it.
 */
export const postgresTitle = (title: string): string =>
  withoutPostgres ? `${title} (skipped: TEST_DATABASE_URL is not set)` : title;

/**
 * `describe` once per driver, `name`'s "%s" replaced by the driver's name. The Postgres
 * suite is always declared, and without TEST_DATABASE_URL reported as skipped (instead of
 * missing from the report).
 */
export function describeEachDriver(name: string, suite: (driver: Driver) => void): void {
  for (const driver of drivers) {
    const title = name.replace("%s", driver);
    if (driver === "postgres")
      describe.skipIf(withoutPostgres)(postgresTitle(title), () => suite(driver));
    else describe(title, () => suite(driver));
  }
}

/**
 * A fresh, migrated database: an embedded one (a copy of the migrated template), or a new
 * database on TEST_DATABASE_URL.
 */
export async function createTestDatabase(driver: Driver): Promise<TestDatabase> {
  if (driver === "pglite") {
    const database = openDatabase({ dataDir: await migratedDataDirectory("db") });
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `northstory_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.href, poolSize: 4 });
  await database.migrate();
  return {
    database,
    url: url.href,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh, migrated database for the tests of the current `describe`: made before them and
 * dropped after them; with `truncate` ("leads, users"), those tables are emptied (cascading)
 * before each test. Its parts are read once the tests run.
 */
export function useTestDatabase(
  driver: Driver,
  options: { truncate?: string } = {},
): { readonly database: Database; readonly db: Database["db"]; readonly url: string | undefined } {
  let opened: TestDatabase | undefined;
  const current = () => {
    if (!opened) throw new Error("The test database is made in beforeAll: read it in a test.");
    return opened;
  };
  beforeAll(async () => {
    opened = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await opened?.drop();
  });
  const { truncate } = options;
  if (truncate) {
    beforeEach(async () => {
      await current().database.db.execute(sql.raw(`truncate ${truncate} cascade`));
    });
  }
  return {
    get database() {
      return current().database;
    },
    get db() {
      return current().database.db;
    },
    get url() {
      return current().url;
    },
  };
}
