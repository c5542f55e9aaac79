import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "#app/.server/db/client.ts";
import { migratedDataDirectory } from "./database-template.ts";

export type TestDatabase = { database: Database; url?: string; drop(): Promise<void> };

/** The drivers to run database tests against: PGlite always, Postgres when configured. */
export const testDrivers: ("pglite" | "postgres")[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/**
 * A fresh, migrated database: an embedded one (a copy of the migrated template), or a new
 * database on TEST_DATABASE_URL.
 */
export async function createTestDatabase(driver: "pglite" | "postgres"): Promise<TestDatabase> {
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
