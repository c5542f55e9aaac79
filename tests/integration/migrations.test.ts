import { randomBytes } from "node:crypto";
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { expect, test } from "vitest";
import { type Database, openDatabase, queryRows } from "#app/.server/db/client.ts";
import { listActivity } from "#app/.server/leads/activity.ts";
import { getLead } from "#app/.server/leads/inbox.ts";
import { erasePerson } from "#app/.server/leads/privacy.ts";
import { createLogger } from "#app/.server/log.ts";
import { createTestDatabase, describeEachDriver } from "../support/db.ts";
import { deliverToFiles } from "../support/leads.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

/** A copy of the migrations folder holding only those before the one whose tag ends so. */
function migrationsBefore(tagEnd: string): string {
  const folder = path.resolve(import.meta.dirname, "../../drizzle");
  const before = temporaryDirectory("migrations");
  cpSync(folder, before, { recursive: true });
  const journalFile = path.join(before, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(tagEnd));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return before;
}

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
  const before = migrationsBefore("_revision_cover");

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

describeEachDriver("a database with leads from before they were called leads, on %s", (driver) => {
  test("keeps every lead, its history, outbox entries and erasure counts, and the app works on them", async () => {
    const lead = "7d0e1c44-1111-4a2b-9c3d-000000000001";
    const sam = "5a1e5000-0000-4000-8000-000000000001";
    // What the contact form, the inbox and an erasure stored under the old names.
    const oldRows = `
      insert into users (id, email, name, role) values ('${sam}', 'sam@northstory.example', 'Sam Seller', 'sales');
      insert into contact_messages (id, name, email, message, idempotency_key, client_ip, status, owner_id, form_page)
        values ('${lead}', 'Dana Whitfield', 'dana@example.com', 'Could you run our CEO''s LinkedIn?',
          'old-key', '203.0.113.7', 'contacted', '${sam}', '/pricing');
      insert into mail_outbox (id, message_id, channel) values (1, '${lead}', 'email');
      insert into mail_outbox (id, message_id, channel, kind, payload, status, sent_at)
        values (2, null, 'notice', 'reply', '{"to": "dana@example.com", "subject": "Re: LinkedIn", "text": "Yes.", "leadId": "${lead}"}', 'sent', now());
      select setval('mail_outbox_id_seq', 2);
      insert into lead_activity (message_id, actor_id, actor_name, actor_email, kind, note, outbox_id)
        values ('${lead}', '${sam}', 'Sam Seller', 'sam@northstory.example', 'reply', 'Yes.', 2);
      insert into lead_erasures (reason, actor_name, messages_erased, files_erased) values ('retention', 'retention job', 3, 1);
    `;
    const before = migrationsBefore("_rename_leads");
    let database: Database;
    let drop = async () => {};
    if (driver === "pglite") {
      const dataDir = temporaryDirectory("migrations");
      const client = new PGlite(path.join(dataDir, "pglite"));
      await migrate(drizzle(client), { migrationsFolder: before });
      await client.exec(oldRows);
      await client.close();
      database = openDatabase({ dataDir });
    } else {
      const adminUrl = process.env.TEST_DATABASE_URL ?? "";
      const name = `northstory_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const client = new pg.Client({ connectionString: url.href });
      await client.connect();
      await migratePostgres(drizzlePostgres(client), { migrationsFolder: before });
      await client.query(oldRows);
      await client.end();
      database = openDatabase({ databaseUrl: url.href, poolSize: 2 });
      drop = async () => {
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      };
    }
    try {
      await database.migrate();
      const { db } = database;
      expect(await getLead(db, lead)).toMatchObject({
        name: "Dana Whitfield",
        email: "dana@example.com",
        message: "Could you run our CEO's LinkedIn?",
        status: "contacted",
        owner: { id: sam, name: "Sam Seller" },
        delivery: { status: "pending" },
      });
      expect(await listActivity(db, lead)).toEqual([
        expect.objectContaining({ kind: "reply", note: "Yes.", delivery: "sent" }),
      ]);
      expect(
        await queryRows(db, sql`select reason, leads_erased, files_erased from lead_erasures`),
      ).toEqual([{ reason: "retention", leads_erased: 3, files_erased: 1 }]);
      // Nothing is left under the old names: tables, columns, indexes, constraints.
      const oldNames = await queryRows<{ name: string }>(
        db,
        sql`select relname::text as name from pg_class
          where relnamespace = 'public'::regnamespace and relname ~ 'contact_messages|message_id|messages_erased|message_channel|activity_message'
        union all select conname::text from pg_constraint
          where connamespace = 'public'::regnamespace and conname ~ 'contact_messages|message_id|messages_erased'
        union all select column_name::text from information_schema.columns
          where table_schema = 'public' and column_name in ('message_id', 'messages_erased')`,
      );
      expect(oldNames).toEqual([]);

      // The email queued before the rename goes out, named after its lead.
      const dataDir = temporaryDirectory("migrations");
      expect(await deliverToFiles(db, dataDir)).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(readdirSync(path.join(dataDir, "mail"))).toEqual([
        expect.stringMatching(new RegExp(`-contact-${lead}\\.eml$`)),
      ]);
      // Erasing the person takes the lead, its history, its email and the reply stored before.
      const erased = await erasePerson(db, {
        email: "Dana@Example.com",
        dataDir,
        actor: { id: sam, name: "Sam Seller", email: "sam@northstory.example" },
        log: createLogger("silent"),
      });
      expect(erased).toEqual({ leadsErased: 1, filesErased: 1 });
      expect(
        await queryRows(
          db,
          sql`select (select count(*)::int from leads) as leads,
          (select count(*)::int from lead_activity) as activity,
          (select count(*)::int from mail_outbox) as outbox`,
        ),
      ).toEqual([{ leads: 0, activity: 0, outbox: 0 }]);
    } finally {
      await database.close();
      await drop();
    }
  });
});
