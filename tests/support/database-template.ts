import { cpSync, existsSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "#app/.server/db/client.ts";
import { temporaryDirectory } from "./temporary-directory.ts";

// A new embedded database costs 1.5-2 s to create (PGlite sets up its cluster), and a test
// run makes well over a hundred: one per server started, per command run on a new data
// directory, per database test. They are copies instead (about 0.2 s to copy and open) of
// one migrated template, made once per run by the test runners' global setup (which names
// it in this variable for every worker it starts) or, without one, once per process.
const variable = "NORTHSTORY_TEST_DATABASE_TEMPLATE";
let madeHere: Promise<string> | undefined;

/** The embedded database's folder inside a data directory (as the server opens it). */
const databaseFolder = (dataDir: string) => path.join(dataDir, "pglite");

async function makeTemplate(): Promise<string> {
  const dir = temporaryDirectory("template");
  const database = openDatabase({ dataDir: dir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return dir;
}

/**
 * For a runner's global setup: makes the template and names it for the workers started
 * after it. Returns its directory.
 */
export async function provideDatabaseTemplate(): Promise<string> {
  const dir = await makeTemplate();
  process.env[variable] = dir;
  return dir;
}

async function template(): Promise<string> {
  const named = process.env[variable];
  if (named && existsSync(databaseFolder(named))) return named;
  madeHere ??= makeTemplate();
  return madeHere;
}

/**
 * A new data directory (removed after the test file) holding an embedded database with
 * every migration applied, as a server or command finds it after its first start.
 */
export async function migratedDataDirectory(prefix = "data"): Promise<string> {
  const from = await template();
  const dir = temporaryDirectory(prefix);
  cpSync(databaseFolder(from), databaseFolder(dir), { recursive: true });
  return dir;
}
