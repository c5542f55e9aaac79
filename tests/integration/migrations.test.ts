import { sql } from "drizzle-orm";
import pg from "pg";
import { expect, test } from "vitest";
import { openDatabase, queryRows } from "#app/.server/db/client.ts";
import { createTestDatabase } from "../support/db.ts";

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
