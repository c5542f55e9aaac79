// `npm run db:copy -- <postgres-url>` (scripts/db-copy.ts runs this): copies the embedded
// database under DATA_DIR into an empty Postgres database, to move a site from PGlite to
// Postgres. The copying is app/.server/db/copy.ts; this is the operator's side of it:
// checking what was asked, opening both databases, refusing clearly, and saying what
// happened. A function of its arguments and CommandIo (./io.ts), so tests also run it in
// process.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Database, openDatabase } from "#app/.server/db/client.ts";
import {
  copyTables,
  describeFound,
  describeTargetContents,
  readCopyPlan,
} from "#app/.server/db/copy.ts";
import { DatabaseBusyError, openConfiguredDatabase } from "#app/.server/db/open.ts";
import { loadEnv, withoutPassword } from "#app/.server/env.ts";
import { type CommandIo, describeError, runCommand } from "./io.ts";

const usage = `Usage: npm run db:copy -- <postgres-url>

Copies everything in the embedded database (DATA_DIR, default ./data) into an empty
Postgres database, such as one just made with createdb: leads and their deliveries, posts
and revisions, people, passkeys and sessions, settings and the app's secrets. The target
gets the same migrations as the server applies; a database that holds any rows, or any
of the app's tables, is refused and left as it is.

Stop the server first: the embedded database can be open in one process at a time.
The media folder (DATA_DIR/media) and email files (DATA_DIR/mail) are not in the
database: they stay where DATA_DIR says.`;

const example = "postgres://user:password@host:5432/dbname";

/** A problem the operator can fix, printed as it is (one line, no stack trace). */
class CopyError extends Error {
  override name = "CopyError";
}

/** The URL as given, checked to name a Postgres database; the messages never show its password. */
function targetUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CopyError(
      `"${withoutPassword(value)}" is not a URL: give the target database as ${example}.`,
    );
  }
  if (!/^postgres(ql)?:$/.test(url.protocol)) {
    throw new CopyError(
      `${withoutPassword(value)} is not a Postgres URL: it must start with postgres:// or postgresql://, as in ${example}.`,
    );
  }
  if (!decodeURIComponent(url.pathname.replace(/^\//, ""))) {
    throw new CopyError(
      `${withoutPassword(value)} names no database: add its name after the host, as in ${example}.`,
    );
  }
  return url;
}

/**
 * The command's output with the URL's password replaced, whatever printed it (a driver's
 * message included): the terminal and its scrollback are no place for it.
 */
function withoutSecret(io: CommandIo, argv: string[]): CommandIo {
  const secrets = new Set<string>();
  for (const arg of argv) {
    try {
      const password = new URL(arg).password;
      if (password) {
        secrets.add(password);
        secrets.add(decodeURIComponent(password));
      }
    } catch {
      // not a URL: nothing to hide beyond what withoutPassword hides
    }
  }
  const hide = (line: string) => {
    let safe = line;
    for (const secret of secrets) safe = safe.replaceAll(secret, "***");
    return safe;
  };
  return {
    ...io,
    stdout: (line) => io.stdout(hide(line)),
    stderr: (line) => io.stderr(hide(line)),
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The arguments; a mistyped option is explained in one line like every other mistake. */
function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: { help: { type: "boolean", short: "h", default: false } },
    });
  } catch (error) {
    throw new CopyError(`${describeError(error)} (npm run db:copy -- --help says how to use it)`);
  }
}

async function main(argv: string[], io: CommandIo): Promise<void> {
  const parsed = parse(argv);
  if (parsed.values.help) {
    io.stdout(usage);
    return;
  }
  const [given, ...extra] = parsed.positionals;
  if (!given) {
    throw new CopyError(
      `Name the Postgres database to copy into: npm run db:copy -- ${example} (--help for more).`,
    );
  }
  if (extra.length > 0) {
    throw new CopyError(`One database URL only (got ${parsed.positionals.length} arguments).`);
  }
  const url = targetUrl(given);
  const shown = withoutPassword(given);

  // Only DATA_DIR matters here: the source is the embedded database whatever DATABASE_URL says.
  const env = loadEnv({ DATA_DIR: io.env.DATA_DIR });
  const dataDir = path.resolve(io.cwd, env.DATA_DIR);
  if (!existsSync(path.join(dataDir, "pglite"))) {
    throw new CopyError(
      `There is no embedded database in ${dataDir} (no pglite folder there): set DATA_DIR to the data folder the server uses.`,
    );
  }
  if (io.env.DATABASE_URL) {
    io.stderr(
      "Note: DATABASE_URL is set; db:copy reads the embedded database in DATA_DIR all the same.",
    );
  }

  let source: Database;
  try {
    // Opened as the server opens it: the lock, then any migration it still lacks.
    source = await openConfiguredDatabase(
      { DATA_DIR: env.DATA_DIR, DATABASE_URL: undefined },
      { root: io.cwd },
    );
  } catch (error) {
    if (error instanceof DatabaseBusyError) {
      throw new CopyError(
        `The embedded database in ${dataDir} is open in another process (the server or an editor command): stop it, then run db:copy again. Nothing was copied.`,
      );
    }
    throw new CopyError(
      `Could not open the embedded database in ${dataDir}: ${describeError(error)}`,
    );
  }
  try {
    const plan = await readCopyPlan(source.db);
    const target = openDatabase({ databaseUrl: url.href, poolSize: 2, onError: () => {} });
    try {
      try {
        await target.ping(10_000);
      } catch (error) {
        throw new CopyError(`Could not connect to ${shown}: ${describeError(error)}`);
      }
      const found = await describeTargetContents(target.db);
      if (found.length > 0) {
        throw new CopyError(
          `The target database is not empty, so nothing was copied and it was left as it is. It has ${describeFound(found)}. Copy into a new database (createdb) instead.`,
        );
      }
      try {
        await target.migrate();
      } catch (error) {
        throw new CopyError(
          `Could not apply the migrations to ${shown}: ${describeError(error)}. Nothing was copied.`,
        );
      }
      let copied: Awaited<ReturnType<typeof copyTables>>;
      try {
        copied = await copyTables(source.db, target.db, plan);
      } catch (error) {
        // The rows went in one transaction, undone; the migrations had committed before it.
        throw new CopyError(
          `Could not copy: ${describeError(error)}. No rows were copied, but ${shown} now has the app's empty tables: drop it and create it again (dropdb, createdb) before the next try.`,
        );
      }
      const { applied } = await target.migrationStatus();
      const width = Math.max(...copied.tables.map((t) => t.name.length));
      const total = copied.tables.reduce((sum, t) => sum + t.rows, 0);
      io.stdout(
        `Copied the embedded database in ${dataDir} into ${shown} (${plural(applied, "migration")} applied):`,
      );
      for (const t of copied.tables.toSorted((a, b) => a.name.localeCompare(b.name))) {
        io.stdout(`  ${t.name.padEnd(width)}  ${plural(t.rows, "row")}`);
      }
      io.stdout(
        `${plural(copied.tables.length, "table")}, ${plural(total, "row")}; new rows get ids after the copied ones.`,
      );
      io.stdout(
        `\nNext: stop using the embedded database and start the server with DATABASE_URL=${shown}${url.password ? " (with its real password)" : ""}. The media folder (uploaded images) and email files stay where DATA_DIR says (${dataDir}): keep DATA_DIR as it is. The embedded database stays as it is in ${path.join(dataDir, "pglite")}.`,
      );
    } finally {
      await target.close().catch(() => {});
    }
  } finally {
    await source.close().catch(() => {});
  }
}

/** Runs the command; the exit code is 0, or 1 with the reason on standard error. */
export function runDbCopyCli(args: string[], io: CommandIo): Promise<number> {
  const safe = withoutSecret(io, args);
  return runCommand(() => main(args, safe), safe, {
    usage,
    explained: ["CopyError", "CopyRefusedError"],
  });
}
