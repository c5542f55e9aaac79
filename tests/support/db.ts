import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe } from "vitest";
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
