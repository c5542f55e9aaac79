import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSession } from "#app/.server/auth/sessions.ts";
import { createSignInLink } from "#app/.server/auth/sign-in-links.ts";
import { upsertInvitedUser } from "#app/.server/auth/users.ts";
import { findPublishedPostRow } from "#app/.server/blog/db-posts.ts";
import { inlineRenderer } from "#app/.server/blog/inline-renderer.ts";
import { savePost } from "#app/.server/blog/post-store.ts";
import { saveLead } from "#app/.server/contact/store.ts";
import { type Db, openDatabase, queryRows } from "#app/.server/db/client.ts";
import { appTables } from "#app/.server/db/copy.ts";
import {
  blogPostRedirects,
  blogPosts,
  mediaImages,
  passkeys,
  postSignOffs,
  webauthnChallenges,
} from "#app/.server/db/schema.ts";
import { addNote, changeStatus } from "#app/.server/leads/activity.ts";
import { eraseLeads } from "#app/.server/leads/erase.ts";
import { getLead } from "#app/.server/leads/inbox.ts";
import { getRetention, setRetention } from "#app/.server/leads/retention.ts";
import { enqueueEmail } from "#app/.server/mail/outbox.ts";
import { loadSecrets } from "#app/.server/secrets.ts";
import { runCli, spawnCli } from "../support/cli.ts";
import { migratedDataDirectory } from "../support/database-template.ts";
import { postgresTitle, withoutPostgres } from "../support/db.ts";
import { startBuiltServer } from "../support/server.ts";

// `npm run db:copy -- <postgres-url>` (scripts/cli/db-copy.ts): an embedded database with
// rows in every table is copied into new databases on TEST_DATABASE_URL's server, made
// here and dropped afterwards.

const adminUrl = process.env.TEST_DATABASE_URL ?? "";
const slug = "moving-house-to-postgres";
const stackTrace = /\n\s+at /;

const made: string[] = [];
let password = "";

/** A new, empty database on the test server: its URL, with a password that must never be printed. */
async function createEmptyDatabase(): Promise<string> {
  const name = `northstory_copy_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  made.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Trust authentication (the test server's) ignores a password; a real one is kept.
  if (!url.password) url.password = "never-printed-7Qx";
  password = decodeURIComponent(url.password);
  return url.href;
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Every row of every app table as Postgres writes it out (timestamps in UTC), sorted. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables: Record<string, string[]> = {};
    for (const name of [...appTables].sort()) {
      const rows = await queryRows<{ row: string }>(
        tx,
        sql`select t::text as row from ${sql.identifier(name)} t`,
      );
      tables[name] = rows.map((row) => row.row).sort();
    }
    return tables;
  });
}

async function snapshotOf(url: string) {
  const database = openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    return await snapshot(database.db);
  } finally {
    await database.close();
  }
}

/** The tables of a database outside Postgres's own schemas. */
function tablesOf(url: string): Promise<string[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema') order by 1`,
    );
    return rows.map((row) => row.name);
  });
}

function copy(dataDir: string, url: string) {
  return runCli("db-copy", [url], { DATA_DIR: dataDir, DATABASE_URL: "" });
}

describe.skipIf(withoutPostgres)(
  postgresTitle("moving the embedded database to Postgres (db:copy)"),
  () => {
    let dataDir: string;
    let source: Record<string, string[]>;
    /** What the source's outbox would number its next entry (past the erased lead's entries). */
    let nextOutboxId: number;
    let largestOutboxId: number;
    let postId: number;
    let leadId: string;
    let target: string;

    beforeAll(async () => {
      dataDir = await migratedDataDirectory("copy");
      const database = openDatabase({ dataDir });
      const { db } = database;
      try {
        const { user: admin } = await upsertInvitedUser(db, {
          email: "ines@northstory.example",
          name: "Inês Duarte",
          role: "admin",
        });
        const { user: editor } = await upsertInvitedUser(db, {
          email: "ed@northstory.example",
          name: "Ed Itor",
          role: "editor",
        });
        const actor = { id: admin.id, name: admin.name, email: admin.email };
        await createSession(db, { userId: admin.id, userAgent: "Firefox/140", method: "link" });
        await createSignInLink(db, { userId: editor.id, origin: "https://northstory.example" });
        await db.insert(passkeys).values({
          id: "cred-AbC_123",
          userId: admin.id,
          publicKey: "pQECAyYgASFYIBd",
          counter: 7,
          transports: ["internal", "hybrid"],
          deviceType: "multiDevice",
          backedUp: true,
          name: "Inês's laptop",
        });
        await db.insert(webauthnChallenges).values({
          challenge: "chal-xyz",
          userId: admin.id,
          expiresAt: new Date(Date.now() + 5 * 60_000),
        });
        await db.insert(mediaImages).values({
          id: "0123456789abcdef0123456789abcdef",
          width: 1600,
          height: 900,
          widths: [480, 800, 1600],
          uploadedBy: editor.id,
        });

        const fields = {
          title: "Moving House to Postgres",
          slug,
          excerpt: "What changes when the site outgrows one process.",
          markdown: "Nothing of the **content** changes; *where* it lives does.",
          author: "Ed Itor",
          tags: ["operations", "postgres"],
          coverImage: "0123456789abcdef0123456789abcdef",
          coverAlt: "Boxes in a hallway",
        };
        const created = await savePost(db, inlineRenderer, {
          id: null,
          expectedVersion: null,
          fields,
          savedBy: editor.id,
          visibility: { kind: "publish-now" },
        });
        if (!created.ok) throw new Error(created.reason);
        postId = created.row.id;
        const edited = await savePost(db, inlineRenderer, {
          id: postId,
          expectedVersion: 1,
          fields: { ...fields, markdown: `${fields.markdown}\n\nA second paragraph.` },
          savedBy: admin.id,
        });
        if (!edited.ok) throw new Error(edited.reason);
        // An address the post had before (as a slug change leaves behind).
        await db.insert(blogPostRedirects).values({ oldSlug: `${slug}-before`, postId });
        // What the founder said through its preview link before it went live.
        await db
          .update(blogPosts)
          .set({ previewToken: "p".repeat(32), previewSharedBy: editor.id })
          .where(eq(blogPosts.id, postId));
        await db.insert(postSignOffs).values({
          postId,
          verdict: "approved",
          name: "Inês Duarte",
          comment: "Ship it.\nThank you!",
          postVersion: 1,
          previewToken: "p".repeat(32),
        });
        // Visits: an event, the day's salt, and a day already summed up.
        await db.execute(sql`
          insert into analytics_events (at, kind, path, visitor, landing, source)
          values (now() - interval '2 days', 'view', '/pricing', 'visitor-hash-1', true, 'linkedin')`);
        await db.execute(
          sql`insert into analytics_salts (day, salt) values (current_date, 'salt')`,
        );
        await db.execute(sql`
          insert into analytics_daily (day, kind, a, visitors, views)
          values (current_date - 2, 'total', '', 1, 1)`);
        await db.execute(sql`insert into analytics_rolled_days (day) values (current_date - 2)`);
        // A morning's email of follow-ups dealt with.
        await db.execute(
          sql`insert into follow_up_digests (user_id, day, leads) values (${admin.id}::uuid, current_date, 2)`,
        );

        const rateLimit = { limit: 5, windowSeconds: 600 };
        const lead = await saveLead(
          db,
          {
            name: "Priya Raman",
            email: "priya@example.com",
            message: "Could you run our founder's LinkedIn for a quarter?\nBudget: flexible.",
            source: {
              formPage: "/services?from=pricing",
              cta: "pricing-hero",
              lastTouch: { landing: "/blog", referrer: "https://www.linkedin.com" },
              firstTouch: { landing: "/", at: "2026-01-02T10:00:00.000Z" },
            },
          },
          {
            idempotencyKey: "copy-lead-1",
            clientIp: "203.0.113.9",
            rateLimitKey: "203.0.113.9",
            rateLimit,
            channels: ["email", "webhook"],
          },
        );
        if (lead.status !== "stored") throw new Error(lead.status);
        leadId = lead.id;
        await changeStatus(db, { leadId: leadId, actor, status: "contacted" });
        await addNote(db, { leadId: leadId, actor, text: "Called back; wants a proposal." });
        await enqueueEmail(db, {
          kind: "invitation",
          to: "ed@northstory.example",
          subject: "You're invited",
          text: "Sign in at https://northstory.example/admin",
        });
        // A lead erased on request: its rows go, its outbox id is never handed out again.
        const gone = await saveLead(
          db,
          { name: "Gone Person", email: "gone@example.com", message: "Please forget me." },
          {
            idempotencyKey: "copy-lead-2",
            clientIp: "198.51.100.4",
            rateLimitKey: "198.51.100.4",
            rateLimit,
          },
        );
        if (gone.status !== "stored") throw new Error(gone.status);
        await eraseLeads(db, {
          where: sql`l.email = 'gone@example.com'`,
          dataDir,
          reason: "request",
          actor,
        });
        await setRetention(db, 24, actor);
        await loadSecrets(db, { FORM_SECRET: undefined });

        source = await snapshot(db);
        const [sequence] = await queryRows<{ last_value: string }>(
          db,
          sql`select last_value::text as last_value from mail_outbox_id_seq`,
        );
        nextOutboxId = Number(sequence?.last_value) + 1;
        const [largest] = await queryRows<{ id: number }>(
          db,
          sql`select max(id)::int as id from mail_outbox`,
        );
        largestOutboxId = largest?.id ?? 0;
      } finally {
        await database.close();
      }
      target = await createEmptyDatabase();
    });

    afterAll(async () => {
      if (made.length === 0) return;
      await withClient(adminUrl, async (client) => {
        for (const name of made) await client.query(`drop database if exists ${name} with (force)`);
      });
    });

    test("the embedded database has rows in every table of the app (a new table needs a row here)", () => {
      const empty = Object.entries(source)
        .filter(([, rows]) => rows.length === 0)
        .map(([name]) => name);
      expect(empty).toEqual([]);
      // The erased lead's outbox entry left a gap the copy must not hand out again.
      expect(source.mail_outbox?.length).toBe(3);
      expect(nextOutboxId).toBeGreaterThan(largestOutboxId + 1);
    });

    test("every row of every table arrives in the empty database, and the output says what was copied and what to do next", async () => {
      const result = await copy(dataDir, target);
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/^ {2}blog_posts +1 row$/m);
      expect(result.stdout).toMatch(/^ {2}blog_post_revisions +2 rows$/m);
      expect(result.stdout).toMatch(/^ {2}mail_outbox +3 rows$/m);
      for (const name of appTables)
        expect(result.stdout).toMatch(new RegExp(`^ {2}${name} +\\d`, "m"));
      expect(result.stdout).toContain(
        `Next: stop using the embedded database and start the server with DATABASE_URL=`,
      );
      expect(result.stdout).toContain("stay where DATA_DIR says");
      expect(result.stdout).not.toContain(password);

      const copied = await snapshotOf(target);
      expect(copied).toEqual(source);
      // A few values read back as the app wrote them.
      await withClient(target, async (client) => {
        const post = await client.query(
          "select title, tags, cover_alt, version, published from blog_posts where slug = $1",
          [slug],
        );
        expect(post.rows).toEqual([
          {
            title: "Moving House to Postgres",
            tags: ["operations", "postgres"],
            cover_alt: "Boxes in a hallway",
            version: 2,
            published: true,
          },
        ]);
        const lead = await client.query(
          "select email, status, last_touch from leads where id = $1",
          [leadId],
        );
        expect(lead.rows[0]).toEqual({
          email: "priya@example.com",
          status: "contacted",
          last_touch: { landing: "/blog", referrer: "https://www.linkedin.com" },
        });
        const setting = await client.query("select value from app_settings");
        expect(setting.rows).toEqual([{ value: 24 }]);
        const passkey = await client.query("select counter, transports from passkeys");
        expect(passkey.rows).toEqual([{ counter: "7", transports: ["internal", "hybrid"] }]);
        const migrations = await client.query(
          "select count(*)::int as n from drizzle.__drizzle_migrations",
        );
        expect(migrations.rows[0].n).toBeGreaterThan(0);
      });
    });

    test("a second run against the now filled database is refused and changes nothing", async () => {
      const before = await snapshotOf(target);
      const result = await copy(dataDir, target);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain("The target database is not empty, so nothing was copied");
      expect(result.stderr).toContain("public.blog_posts (1 row)");
      expect(result.stderr).toContain("public.blog_post_revisions (2 rows)");
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).not.toContain(password);
      expect(await snapshotOf(target)).toEqual(before);
    });

    test("a database with rows of its own, or one of the app's tables even empty, is refused before anything is written", async () => {
      const other = await createEmptyDatabase();
      await withClient(other, async (client) => {
        await client.query(
          "create table notes (body text); insert into notes values ('a'), ('b'), ('c'); create table users (id int)",
        );
      });
      const result = await copy(dataDir, other);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("public.notes (3 rows)");
      expect(result.stderr).toContain("this app's tables, empty: public.users");
      expect(await tablesOf(other)).toEqual(["public.notes", "public.users"]);
    });

    test("bad input gets one clear line, no stack trace and never the password", async () => {
      const cases: [string[], string][] = [
        [[], "Name the Postgres database to copy into"],
        [["mysql://admin:hunter2-pw@db.example/site"], "is not a Postgres URL"],
        [["not a url"], "is not a URL"],
        [
          ["postgres://admin:hunter2-pw@127.0.0.1:1/site"],
          "Could not connect to postgres://admin:***@127.0.0.1:1/site",
        ],
        [[target.replace(/\/[^/]+$/, "/northstory_copy_missing")], "does not exist"],
      ];
      for (const [args, message] of cases) {
        const result = await runCli("db-copy", args, { DATA_DIR: dataDir, DATABASE_URL: "" });
        expect(result.status, args.join(" ")).toBe(1);
        expect(result.stderr).toContain(message);
        expect(result.stderr.trim().split("\n")).toHaveLength(1);
        expect(result.stderr).not.toMatch(stackTrace);
        expect(result.stderr).not.toContain("hunter2-pw");
        expect(result.stderr).not.toContain(password);
        expect(result.stdout).toBe("");
      }
    });

    test("while another process holds the embedded database the command refuses, as its own process, and the target stays empty", async () => {
      const empty = await createEmptyDatabase();
      // This test process stands in for the running server.
      const holder = openDatabase({ dataDir });
      try {
        const busy = await spawnCli("db-copy", [empty], { DATA_DIR: dataDir, DATABASE_URL: "" });
        expect(busy.status).toBe(1);
        expect(busy.stderr).toContain("is open in another process");
        expect(busy.stderr).toContain("stop it, then run db:copy again");
        expect(busy.stderr).not.toMatch(stackTrace);
        expect(busy.stderr).not.toContain(password);
        expect(busy.stdout).toBe("");
      } finally {
        await holder.close();
      }
      expect(await tablesOf(empty)).toEqual([]);
    });

    test("the copy serves the site: the server shows the copied post, the app reads the lead back, and new rows get fresh ids", async () => {
      const server = await startBuiltServer({ DATABASE_URL: target, DATA_DIR: dataDir });
      try {
        const response = await fetch(`${server.url}/blog/${slug}`);
        expect(response.status).toBe(200);
        const html = await response.text();
        expect(html).toContain("Moving House to Postgres");
        expect(html).toContain("A second paragraph.");
      } finally {
        await server.stop();
      }

      const database = openDatabase({ databaseUrl: target, poolSize: 2 });
      try {
        const { db } = database;
        expect((await findPublishedPostRow(db, slug))?.id).toBe(postId);
        const lead = await getLead(db, leadId);
        expect(lead?.email).toBe("priya@example.com");
        expect(lead?.status).toBe("contacted");
        expect(await getRetention(db)).toBe(24);

        const another = await savePost(db, inlineRenderer, {
          id: null,
          expectedVersion: null,
          fields: {
            title: "Written After the Move",
            slug: "written-after-the-move",
            excerpt: "",
            markdown: "Fresh.",
            author: "Ed Itor",
            tags: [],
          },
          savedBy: null,
        });
        if (!another.ok) throw new Error(another.reason);
        expect(another.row.id).toBeGreaterThan(postId);
        const outboxId = await enqueueEmail(db, {
          kind: "sign-in",
          to: "ines@northstory.example",
          subject: "Your sign-in link",
          text: "https://northstory.example/admin/sign-in/link?token=x",
        });
        expect(outboxId).toBe(nextOutboxId);
      } finally {
        await database.close();
      }
    });
  },
);
