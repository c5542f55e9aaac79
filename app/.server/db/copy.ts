// Copies every row of one database into another that has the same migrations applied:
// `npm run db:copy` (scripts/cli/db-copy.ts) uses it to move the embedded database into
// Postgres. The tables are found in the source, not listed here, so a table a later
// migration adds is copied too; a table no migration makes (created by hand) is refused
// before the target is touched, rather than left behind silently.
// Runs on Node's own TypeScript type stripping, like every module a command loads.
import { getTableName, is, type SQL, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import * as schema from "#app/.server/db/schema.ts";

type Executor = Pick<Db, "execute">;

/** The copy cannot go ahead; the message says why and what to do. Nothing was written. */
export class CopyRefusedError extends Error {
  override name = "CopyRefusedError";
}

/** Drizzle's record of the migrations it applied: each database keeps its own. */
const bookkeeping = { schema: "drizzle", table: "__drizzle_migrations" };

/** The tables the app defines (app/.server/db/schema.ts), which its migrations create. */
export const appTables: ReadonlySet<string> = new Set(
  Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable)),
);

export type TablePlan = { name: string; columns: string[] };

type SequencePlan = {
  name: string;
  /** The value the source would hand out next. */
  next: bigint;
  /** The column it numbers, if any: the target's next value is also past that column's largest. */
  owner: { table: string; column: string } | null;
};

/** What the source holds: its tables in an order that inserts parents before children. */
export type CopyPlan = { tables: TablePlan[]; sequences: SequencePlan[] };

const table = (name: string) => sql`${sql.identifier("public")}.${sql.identifier(name)}`;

/** Tables outside Postgres's own schemas, whatever schema they are in. */
async function listTables(db: Executor): Promise<{ schema: string; name: string }[]> {
  return queryRows<{ schema: string; name: string }>(
    db,
    sql`select n.nspname as schema, c.relname as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\_%'
      order by n.nspname, c.relname`,
  );
}

/** Each public table's columns in their order, generated columns left out (Postgres fills them). */
async function listColumns(db: Executor): Promise<Map<string, string[]>> {
  const rows = await queryRows<{ table: string; column: string }>(
    db,
    sql`select c.relname as table, a.attname as column
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  );
  const columns = new Map<string, string[]>();
  for (const row of rows) columns.set(row.table, [...(columns.get(row.table) ?? []), row.column]);
  return columns;
}

/**
 * The tables in an order where every table comes after the tables it refers to (foreign
 * keys). Tables that refer to each other, or a table to itself, cannot be ordered so: the
 * copy is refused for them rather than attempted.
 */
function foreignKeyOrder(names: string[], references: { child: string; parent: string }[]) {
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) {
    if (parents.has(child) && parents.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  for (;;) {
    const ready = names.filter(
      (name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p)),
    );
    if (ready.length === 0) break;
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  const left = names.filter((name) => !placed.has(name));
  if (left.length > 0) {
    throw new CopyRefusedError(
      `These tables refer to each other (or to themselves), so their rows cannot be copied in a safe order: ${left.join(", ")}. Nothing was copied; use pg_dump for this database.`,
    );
  }
  return ordered;
}

/**
 * Reads what the source holds and the order to copy it in. Refuses (CopyRefusedError)
 * when it holds a table the app's migrations do not create, since the target, made by
 * those migrations, would have nowhere to put its rows.
 */
export async function readCopyPlan(source: Executor): Promise<CopyPlan> {
  const tables = await listTables(source);
  const isBookkeeping = (t: { schema: string; name: string }) =>
    t.schema === bookkeeping.schema && t.name === bookkeeping.table;
  const unknown = tables.filter(
    (t) => !isBookkeeping(t) && (t.schema !== "public" || !appTables.has(t.name)),
  );
  if (unknown.length > 0) {
    throw new CopyRefusedError(
      `The embedded database has tables the app's migrations do not create, which this command cannot copy: ${unknown.map((t) => `${t.schema}.${t.name}`).join(", ")}. Nothing was copied; drop them, or move them by hand (pg_dump), first.`,
    );
  }
  const names = tables.filter((t) => t.schema === "public").map((t) => t.name);
  const references = await queryRows<{ child: string; parent: string }>(
    source,
    sql`select child.relname as child, parent.relname as parent
      from pg_constraint k
      join pg_class child on child.oid = k.conrelid
      join pg_class parent on parent.oid = k.confrelid
      join pg_namespace n on n.oid = child.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
  const columns = await listColumns(source);
  const sequences: SequencePlan[] = [];
  for (const row of await queryRows<{
    name: string;
    increment_by: string;
    owner_table: string | null;
    owner_column: string | null;
  }>(
    source,
    sql`select ps.sequencename as name, ps.increment_by::text as increment_by,
        t.relname as owner_table, a.attname as owner_column
      from pg_sequences ps
      join pg_namespace n on n.nspname = ps.schemaname
      join pg_class s on s.relname = ps.sequencename and s.relnamespace = n.oid
      left join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
        and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
      left join pg_class t on t.oid = d.refobjid
      left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
      where ps.schemaname = 'public'
      order by ps.sequencename`,
  )) {
    const increment = BigInt(row.increment_by);
    // A descending sequence is left as the migrations made it.
    if (increment <= 0n) continue;
    // Read from the sequence itself: pg_sequences shows no value before the first nextval.
    const [state] = await queryRows<{ last_value: string; is_called: boolean }>(
      source,
      sql`select last_value::text as last_value, is_called from ${table(row.name)}`,
    );
    if (!state) continue;
    sequences.push({
      name: row.name,
      next: state.is_called ? BigInt(state.last_value) + increment : BigInt(state.last_value),
      owner:
        row.owner_table && row.owner_column
          ? { table: row.owner_table, column: row.owner_column }
          : null,
    });
  }
  return {
    tables: foreignKeyOrder(names, references).map((name) => ({
      name,
      columns: columns.get(name) ?? [],
    })),
    sequences,
  };
}

/** Counted up to this many rows each: enough to say a table is not empty. */
const COUNT_CAP = 10_000;

/** A table found in the target that makes it unfit to copy into. */
export type TargetTable = {
  /** schema.name */
  name: string;
  /** Counted up to COUNT_CAP + 1; 0: one of the app's tables (or drizzle's), empty. */
  rows: number;
};

/**
 * Why the target is not an empty database to copy into: each table of any schema that
 * holds rows, and each of the app's tables (or drizzle's record of migrations) even empty.
 * Nothing found: an empty list.
 */
export async function describeTargetContents(target: Executor): Promise<TargetTable[]> {
  const found: TargetTable[] = [];
  for (const t of await listTables(target)) {
    const [row] = await queryRows<{ n: number }>(
      target,
      sql`select count(*)::int as n from (select 1 from ${sql.identifier(t.schema)}.${sql.identifier(t.name)} limit ${COUNT_CAP + 1}) as rows`,
    );
    const rows = row?.n ?? 0;
    const ours =
      (t.schema === "public" && appTables.has(t.name)) ||
      (t.schema === bookkeeping.schema && t.name === bookkeeping.table);
    if (rows > 0 || ours) found.push({ name: `${t.schema}.${t.name}`, rows });
  }
  return found;
}

/** "public.notes (3 rows), drizzle.__drizzle_migrations (10 rows); this app's tables, empty: …" */
export function describeFound(found: TargetTable[]): string {
  const count = (rows: number) =>
    rows > COUNT_CAP ? `more than ${COUNT_CAP} rows` : rows === 1 ? "1 row" : `${rows} rows`;
  const withRows = found.filter((t) => t.rows > 0).map((t) => `${t.name} (${count(t.rows)})`);
  const empty = found.filter((t) => t.rows === 0).map((t) => t.name);
  return [
    withRows.length > 0 ? `tables with rows: ${withRows.join(", ")}` : "",
    empty.length > 0 ? `this app's tables, empty: ${empty.join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("; ");
}

/** The target after its migrations: refused unless it has every table and column to copy. */
async function checkTargetShape(target: Executor, plan: CopyPlan): Promise<void> {
  const columns = await listColumns(target);
  const missing: string[] = [];
  for (const { name, columns: wanted } of plan.tables) {
    const has = columns.get(name);
    if (!has) missing.push(`table ${name}`);
    else for (const column of wanted) if (!has.includes(column)) missing.push(`${name}.${column}`);
  }
  if (missing.length > 0) {
    throw new CopyRefusedError(
      `After its migrations the target still lacks ${missing.join(", ")}, which the embedded database has.`,
    );
  }
}

/** Rows read from the source at a time (a cursor), and the most values in one INSERT. */
const FETCH_ROWS = 500;
const MAX_VALUES = 20_000;

/**
 * Copies one table's rows into the target through a cursor on the source. Every value
 * travels as its text form (`::text`), which Postgres reads back exactly, whatever the type
 * (arrays, JSON, timestamps, bytea) and whichever version is on either side.
 */
async function copyTable(source: Db, target: Executor, plan: TablePlan): Promise<number> {
  if (plan.columns.length === 0) return 0;
  const columnList = sql.join(
    plan.columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  const selectList = sql.join(
    plan.columns.map(
      (column, index) => sql`${sql.identifier(column)}::text as ${sql.raw(`c${index}`)}`,
    ),
    sql`, `,
  );
  const perInsert = Math.max(1, Math.floor(MAX_VALUES / plan.columns.length));
  let copied = 0;
  await source.transaction(async (reader) => {
    await reader.execute(
      sql`declare copy_rows no scroll cursor for select ${selectList} from ${table(plan.name)}`,
    );
    for (;;) {
      const rows = await queryRows<Record<string, string | null>>(
        reader,
        sql.raw(`fetch ${FETCH_ROWS} from copy_rows`),
      );
      if (rows.length === 0) break;
      for (let start = 0; start < rows.length; start += perInsert) {
        const values: SQL[] = rows.slice(start, start + perInsert).map(
          (row) =>
            sql`(${sql.join(
              plan.columns.map((_, index) => sql`${row[`c${index}`] ?? null}`),
              sql`, `,
            )})`,
        );
        // OVERRIDING SYSTEM VALUE: an identity column takes the copied id, not a new one.
        await target.execute(
          sql`insert into ${table(plan.name)} (${columnList}) overriding system value values ${sql.join(values, sql`, `)}`,
        );
      }
      copied += rows.length;
    }
    await reader.execute(sql`close copy_rows`);
  });
  return copied;
}

export type CopyResult = { tables: { name: string; rows: number }[] };

/**
 * Copies every table of `plan` from `source` into `target` (already migrated, and found
 * empty), in one transaction on the target: all of it arrives, or none. Each table's count
 * is checked in the target before the commit, and every id sequence is set past both the
 * copied ids and the source's own next value, so new rows get fresh ids (never one a
 * deleted row had, which an email or a log may still name).
 */
export async function copyTables(source: Db, target: Db, plan: CopyPlan): Promise<CopyResult> {
  await checkTargetShape(target, plan);
  return target.transaction(async (tx) => {
    // The pool's 10-second limit is for requests; a large table's insert may take longer.
    await tx.execute(sql`set local statement_timeout = 0`);
    const tables: CopyResult["tables"] = [];
    for (const each of plan.tables) {
      const rows = await copyTable(source, tx, each);
      const [count] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from ${table(each.name)}`,
      );
      if (count?.n !== rows) {
        throw new Error(
          `${each.name}: ${rows} rows were read but the target holds ${count?.n ?? 0}`,
        );
      }
      tables.push({ name: each.name, rows });
    }
    for (const sequence of plan.sequences) {
      const next = sql`${String(sequence.next)}::bigint`;
      const past = sequence.owner
        ? sql`coalesce((select max(${sql.identifier(sequence.owner.column)}) from ${table(sequence.owner.table)}), 0)::bigint + 1`
        : next;
      // `false`: the value given is the one nextval hands out next.
      await tx.execute(
        sql`select setval(${`public.${quoteIdentifier(sequence.name)}`}::regclass, greatest(${next}, ${past}), false)`,
      );
    }
    return { tables };
  });
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
