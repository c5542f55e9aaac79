import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { expect, test } from "vitest";
import { openDatabase, queryRows } from "#app/.server/db/client.ts";
import { createTestDatabase } from "../support/db.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

test("migrations create the blog_posts table with the columns any SQL client may write, and run twice safely", async () => {
  const database = openDatabase({ dataDir: null });
  await database.migrate();
  await database.migrate();
  await database.db.execute(
    sql`insert into blog_posts (title, slug, excerpt, content, date, read_time, author, published)
        values ('T', 's', 'E', '<p>C</p>', '2025-04-15', '4 min read', 'The Northstory Team', true)`,
  );
  const rows = await queryRows<{ slug: string; tags: string[] }>(
    database.db,
    sql`select slug, tags from blog_posts`,
  );
  expect(rows).toEqual([{ slug: "s", tags: [] }]);
  await database.close();
});

test("revisions saved before covers were recorded take their post's cover", async () => {
  // The migrations up to the one that adds covers to revisions, then the rest.
  const folder = path.resolve(import.meta.dirname, "../../drizzle");
  const before = temporaryDirectory("migrations");
  cpSync(folder, before, { recursive: true });
  const journalFile = path.join(before, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith("_revision_cover"));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));

  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: before });
  await client.exec(`
    insert into media_images (id, width, height, widths) values ('old-cover', 800, 400, '{480,800}');
    insert into blog_posts (id, title, slug, excerpt, content, author, cover_image, cover_alt, version)
      values (1, 'With', 'with', '', '<p>x</p>', 'A', 'old-cover', 'A blue band', 2),
             (2, 'Without', 'without', '', '<p>x</p>', 'A', null, null, 1);
    insert into blog_post_revisions (post_id, version, title, slug, excerpt, markdown, tags, author)
      values (1, 1, 'With', 'with', '', 'x', '{}', 'A'), (1, 2, 'With', 'with', '', 'x', '{}', 'A'),
             (2, 1, 'Without', 'without', '', 'x', '{}', 'A');
  `);
  await migrate(db, { migrationsFolder: folder });
  const { rows } = await client.query(
    "select post_id, version, cover_image, cover_alt from blog_post_revisions order by post_id, version",
  );
  expect(rows).toEqual([
    { post_id: 1, version: 1, cover_image: "old-cover", cover_alt: "A blue band" },
    { post_id: 1, version: 2, cover_image: "old-cover", cover_alt: "A blue band" },
    { post_id: 2, version: 1, cover_image: null, cover_alt: null },
  ]);
  await client.close();
});

test.runIf(process.env.TEST_DATABASE_URL)(
  "several server copies starting together against one Postgres migrate it once",
  async () => {
    const fresh = await createTestDatabase("postgres");
    // createTestDatabase migrated it; start from an empty database instead.
    await fresh.database.close();
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    await client.query(
      "drop schema public cascade; create schema public; drop schema if exists drizzle cascade",
    );
    await client.end();
    const copies = Array.from({ length: 4 }, () =>
      openDatabase({ databaseUrl: fresh.url ?? "", poolSize: 2 }),
    );
    await Promise.all(copies.map((copy) => copy.migrate()));
    const first = copies[0];
    if (!first) throw new Error("no copy");
    const applied = await queryRows<{ n: number }>(
      first.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(applied[0]?.n).toBeGreaterThan(0);
    await Promise.all(copies.map((copy) => copy.close()));
    await fresh.drop();
  },
);
