import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { inlineRenderer } from "#app/.server/blog/inline-renderer.ts";
import type { PostRenderer } from "#app/.server/blog/post-renderer.ts";
import { refreshPostHtml } from "#app/.server/blog/post-store.ts";
import { type AppContext, appContext } from "#app/.server/context.ts";
import { type Database, openDatabase, queryRows } from "#app/.server/db/client.ts";
import { loadEnv } from "#app/.server/env.ts";
import { createLogger } from "#app/.server/log.ts";
import { createMediaStorage } from "#app/.server/media/storage.ts";
import { createReporter } from "#app/.server/report.ts";
import { loader as postLoader } from "#app/routes/blog.$slug.tsx";
import { loader as listLoader } from "#app/routes/blog.tsx";
import { loader as rssLoader } from "#app/routes/rss.xml.ts";
import { loader as sitemapLoader } from "#app/routes/sitemap.xml.ts";
import { runCli, spawnCli } from "../support/cli.ts";
import { staticArticleCount } from "../support/content.ts";
import { migratedDataDirectory } from "../support/database-template.ts";
import {
  createTestDatabase,
  describeEachDriver,
  type TestDatabase,
  useTestDatabase,
} from "../support/db.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const root = path.resolve(import.meta.dirname, "../..");
const STATIC_COUNT = staticArticleCount();
const NEWEST_STATIC = "year-one-of-founder-led-marketing";

type Seed = {
  slug: string;
  title?: string;
  date: string;
  published?: boolean;
  content?: string;
  tags?: string[];
  readTime?: string | null;
};

async function insertPost(database: Database, seed: Seed) {
  const tags = `{${(seed.tags ?? []).join(",")}}`;
  await database.db.execute(sql`
    insert into blog_posts (title, slug, excerpt, content, date, read_time, published, tags)
    values (${seed.title ?? `Post ${seed.slug}`}, ${seed.slug}, ${`Excerpt of ${seed.slug}`},
            ${seed.content ?? "<p>Written in the database.</p>"}, ${seed.date}, ${seed.readTime ?? null},
            ${seed.published ?? true}, ${tags}::text[])`);
}

function contextFor(database: Database, lines: string[] = [], renderer = inlineRenderer) {
  const context = new RouterContextProvider();
  const log = createLogger("debug", (line) => lines.push(line));
  const app: AppContext = {
    env: loadEnv({}),
    dataDir: path.resolve(root, "data"),
    database,
    log,
    report: createReporter(log, []),
    kickMail: () => {},
    pages: { staticPaths: ["/", "/pricing"], shared: [], perRequestSitemapPaths: ["/contact"] },
    secrets: { formToken: Buffer.alloc(32) },
    media: createMediaStorage(temporaryDirectory("media")),
    renderer,
  };
  context.set(appContext, app);
  return context;
}

// Route loaders are called as React Router calls them; only the fields they read are given.
type AnyArgs = never;
const listPage = (database: Database, search = "", lines: string[] = []) =>
  listLoader({
    request: new Request(`http://site.test/blog${search}`),
    params: {},
    context: contextFor(database, lines),
  } as AnyArgs);
const postPage = (
  database: Database,
  slug: string,
  lines: string[] = [],
  renderer = inlineRenderer,
) =>
  postLoader({
    request: new Request(`http://site.test/blog/${slug}`),
    params: { slug },
    context: contextFor(database, lines, renderer),
  } as AnyArgs);

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the loader to throw");
}

const statusOf = (error: unknown) =>
  error instanceof Response ? error.status : (error as { init?: { status?: number } }).init?.status;

describeEachDriver("the blog on %s", (driver) => {
  const handle = useTestDatabase(driver);
  beforeEach(async () => {
    await handle.database.db.execute(sql`delete from blog_posts`);
  });

  test("static and published database posts are merged newest first, each slug once, the static article winning", async () => {
    const { database } = handle;
    await insertPost(database, {
      slug: "fresh-from-the-database",
      date: "2026-11-20",
      tags: ["linkedin"],
    });
    await insertPost(database, { slug: "older-database-post", date: "2025-01-10" });
    await insertPost(database, {
      slug: NEWEST_STATIC,
      title: "Database copy of a static slug",
      date: "2026-11-21",
    });
    await insertPost(database, { slug: "still-a-draft", date: "2026-11-22", published: false });

    const first = await listPage(database);
    expect(first.totalPages).toBe(Math.ceil((STATIC_COUNT + 2) / 8));
    expect(first.posts).toHaveLength(8);
    expect(first.posts.map((post) => post.slug).slice(0, 2)).toEqual([
      "fresh-from-the-database",
      NEWEST_STATIC,
    ]);
    expect(first.posts[1]?.title).not.toBe("Database copy of a static slug");
    expect(first.recent.map((post) => post.slug)[0]).toBe("fresh-from-the-database");

    const everything = [];
    for (let page = 1; page <= first.totalPages; page++) {
      everything.push(...(await listPage(database, page === 1 ? "" : `?page=${page}`)).posts);
    }
    const slugs = everything.map((post) => post.slug);
    expect(slugs).toHaveLength(STATIC_COUNT + 2);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).toContain("older-database-post");
    expect(slugs).not.toContain("still-a-draft");
    const dates = everything.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  test("pagination: 8 per page, the last page holds the rest, and bad numbers are redirected", async () => {
    const { database } = handle;
    for (let i = 0; i < 7; i++)
      await insertPost(database, { slug: `batch-${i}`, date: `2020-01-0${i + 1}` });
    const total = STATIC_COUNT + 7; // 48: exactly 6 full pages
    const last = await listPage(database, "?page=6");
    expect(last.totalPages).toBe(total / 8);
    expect(last.posts).toHaveLength(8);
    expect(last.posts.at(-1)?.slug).toBe("batch-0");

    await insertPost(database, { slug: "one-more", date: "2019-05-05" });
    const seventh = await listPage(database, "?page=7");
    expect(seventh.posts.map((post) => post.slug)).toEqual(["one-more"]);

    const location = (error: unknown) => (error as Response).headers.get("Location");
    const pageOne = await thrown(listPage(database, "?page=1"));
    expect([statusOf(pageOne), location(pageOne)]).toEqual([301, "/blog"]);
    const beyond = await thrown(listPage(database, "?page=8"));
    expect([statusOf(beyond), location(beyond)]).toEqual([302, "/blog?page=7"]);
    const garbage = await thrown(listPage(database, "?page=two"));
    expect([statusOf(garbage), location(garbage)]).toEqual([301, "/blog"]);
  });

  test("a published database post has its page with sanitised HTML; a draft or unknown slug answers 404", async () => {
    const { database } = handle;
    await insertPost(database, {
      slug: "database-only-post",
      date: "2026-06-01",
      tags: ["sales"],
      content:
        '<h2>Plan</h2><p onclick="alert(1)">Ship <a href="javascript:alert(1)">weekly</a>.</p><script>alert(2)</script>',
    });
    await insertPost(database, { slug: "hidden-draft", date: "2026-06-02", published: false });

    const page = await postPage(database, "database-only-post");
    expect(page.html).toBe("<h2>Plan</h2><p>Ship <a>weekly</a>.</p>");
    expect(page.post).toMatchObject({
      source: "database",
      readTime: "1 min read",
      tags: ["sales"],
    });
    expect(page.related[0]?.slug).not.toBe("database-only-post");

    expect(statusOf(await thrown(postPage(database, "hidden-draft")))).toBe(404);
    expect(statusOf(await thrown(postPage(database, "no-such-post")))).toBe(404);
  });

  test("a row's HTML is made once, when first read, and kept: later reads of the page render nothing", async () => {
    const { database } = handle;
    const tasks: string[] = [];
    const counting: PostRenderer = {
      ...inlineRenderer,
      render: (markdown) => {
        tasks.push(`markdown: ${markdown}`);
        return inlineRenderer.render(markdown);
      },
      sanitize: (html) => {
        tasks.push(`html: ${html}`);
        return inlineRenderer.sanitize(html);
      },
    };
    const read = async (slug: string) => (await postPage(database, slug, [], counting)).html;
    const stored = async (slug: string) =>
      (
        await queryRows<{ content: string }>(
          database.db,
          sql`select content from blog_posts where slug = ${slug}`,
        )
      )[0]?.content;

    // Written by an SQL client: cleaned on the first read, stored cleaned.
    await insertPost(database, {
      slug: "written-by-sql",
      date: "2026-06-03",
      content: '<p onclick="steal()">Hi</p><script>alert(1)</script>',
    });
    expect(await read("written-by-sql")).toBe("<p>Hi</p>");
    expect(await read("written-by-sql")).toBe("<p>Hi</p>");
    expect(tasks).toHaveLength(1);
    expect(await stored("written-by-sql")).toBe("<p>Hi</p>");
    // Written again by the client: cleaned again, once.
    await database.db.execute(
      sql`update blog_posts set content = '<p>Again<img src=x onerror=alert(1)></p>' where slug = 'written-by-sql'`,
    );
    expect(await read("written-by-sql")).toBe('<p>Again<img src="x" alt=""></p>');
    expect(await read("written-by-sql")).toBe('<p>Again<img src="x" alt=""></p>');
    expect(tasks).toHaveLength(2);

    // Saved by the editor under another sanitiser (its check does not match this one's):
    // made again from its Markdown, once.
    await insertPost(database, { slug: "older-sanitiser", date: "2026-06-04" });
    await database.db.execute(
      sql`update blog_posts set markdown = 'Now **bold**.', html_check = 'an-older-sanitiser:abc' where slug = 'older-sanitiser'`,
    );
    expect(await read("older-sanitiser")).toBe("<p>Now <strong>bold</strong>.</p>\n");
    expect(await read("older-sanitiser")).toBe("<p>Now <strong>bold</strong>.</p>\n");
    expect(tasks.slice(2)).toEqual(["markdown: Now **bold**."]);
  });

  test("after a start, rows this sanitiser has not checked are made again, and only those", async () => {
    const { database } = handle;
    await database.db.execute(sql`update blog_posts set html_check = null`);
    await insertPost(database, {
      slug: "refresh-me",
      date: "2026-06-05",
      content: "<p onclick=x>Hi</p>",
    });
    const made: string[] = [];
    const counting: PostRenderer = {
      ...inlineRenderer,
      sanitize: (html) => {
        made.push(html);
        return inlineRenderer.sanitize(html);
      },
      render: (markdown) => {
        made.push(markdown);
        return inlineRenderer.render(markdown);
      },
    };
    const unchecked = await refreshPostHtml(database.db, counting);
    expect(unchecked).toBeGreaterThan(0);
    expect(made).toContain("<p onclick=x>Hi</p>");
    // Every row now carries this sanitiser's check: nothing left to do.
    expect(await refreshPostHtml(database.db, counting)).toBe(0);
    expect(made).toHaveLength(unchecked);
  });

  test("a static article is served even when the database holds a post with its slug", async () => {
    const { database } = handle;
    await insertPost(database, { slug: NEWEST_STATIC, title: "Impostor", date: "2026-11-21" });
    const page = await postPage(database, NEWEST_STATIC);
    expect(page.post.source).toBe("static");
    expect(page.post.title).not.toBe("Impostor");
  });

  test("feeds list database posts without a rebuild, escape them, and leave drafts out", async () => {
    const { database } = handle;
    await insertPost(database, {
      slug: "rss-and-you",
      title: 'Q&A: "<Pipeline>" & Posts',
      date: "2026-11-19",
    });
    await insertPost(database, { slug: "rss-draft", date: "2026-11-19", published: false });
    const context = contextFor(database);
    const rss = (await rssLoader({ context } as AnyArgs)) as Response;
    expect(rss.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const parser = new XMLParser({ ignoreAttributes: false });
    const feed = parser.parse(await rss.text());
    const items: { title: string; link: string }[] = feed.rss.channel.item;
    expect(items).toHaveLength(STATIC_COUNT + 1);
    expect(items[0]).toMatchObject({
      title: 'Q&A: "<Pipeline>" & Posts',
      link: "http://localhost:3000/blog/rss-and-you",
    });
    expect(items.some((item) => item.link.endsWith("/rss-draft"))).toBe(false);

    const sitemap = (await sitemapLoader({ context } as AnyArgs)) as Response;
    const urls: { loc: string; lastmod?: string }[] = parser.parse(await sitemap.text()).urlset.url;
    const locs = urls.map((url) => url.loc);
    expect(locs).toContain("http://localhost:3000/blog/rss-and-you");
    expect(locs).toContain("http://localhost:3000/blog");
    expect(locs).toContain("http://localhost:3000/");
    expect(locs).not.toContain("http://localhost:3000/blog/rss-draft");
    expect(new Set(locs).size).toBe(locs.length);
    for (const url of urls) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("when the database fails", () => {
  let broken: Database;
  beforeAll(async () => {
    broken = openDatabase({ dataDir: null });
    await broken.migrate();
    await broken.close();
  });

  test("the listing still answers with the static posts and logs the failure", async () => {
    const lines: string[] = [];
    const page = await listPage(broken, "", lines);
    expect(page.totalPages).toBe(Math.ceil(STATIC_COUNT / 8));
    expect(page.posts).toHaveLength(8);
    expect(page.posts.every((post) => post.source === "static")).toBe(true);
    expect(lines.map((line) => JSON.parse(line).msg)).toContain("Failed to fetch dynamic posts");
  });

  test("a database post answers 503 (try again) and the error is logged; static articles are unaffected", async () => {
    const lines: string[] = [];
    const error = await thrown(postPage(broken, "some-database-post", lines));
    expect(statusOf(error)).toBe(503);
    expect(lines.map((line) => JSON.parse(line).msg)).toContain("Failed to fetch post");
    expect((await postPage(broken, NEWEST_STATIC)).post.source).toBe("static");
  });
});

describeEachDriver("the post command on %s", (driver) => {
  let handle: TestDatabase | undefined;
  let dataDir: string;
  const work = temporaryDirectory("post-cli");

  beforeAll(async () => {
    dataDir = await migratedDataDirectory("post-data");
    if (driver === "postgres") handle = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await handle?.drop();
  });

  // `npm run post -- …` typed in `work` (npm's INIT_CWD), run in this process
  // (scripts/cli/post.ts); the test of another process holding the database runs the script.
  const environment = () => ({
    DATA_DIR: dataDir,
    DATABASE_URL: handle?.url ?? "",
    INIT_CWD: work,
    LOG_LEVEL: "silent",
    SITE_URL: "http://localhost:3000",
  });
  async function cli(...args: string[]) {
    const result = await runCli("post", args, environment());
    return { code: result.status, out: result.stdout, err: result.stderr };
  }

  async function rows() {
    const database = handle?.database ?? openDatabase({ dataDir });
    try {
      return await queryRows<{
        slug: string;
        title: string;
        published: boolean;
        content: string;
        read_time: string;
      }>(
        database.db,
        sql`select slug, title, published, content, read_time from blog_posts order by slug`,
      );
    } finally {
      if (!handle) await database.close();
    }
  }

  const file = (name: string, front: string, body: string) => {
    writeFileSync(path.join(work, name), `---\n${front}\n---\n\n${body}\n`);
    return name;
  };
  const front = (title: string) =>
    [
      `title: "${title}"`,
      'excerpt: "Why a weekly cadence wins."',
      "date: 2026-11-18",
      "author: The Northstory Team",
      "tags: [linkedin]",
    ].join("\n");

  test("an editor publishes a Markdown file, updates it by slug, lists it and unpublishes it", async () => {
    const name = file(
      "weekly-cadence.md",
      front("Weekly Cadence"),
      'Post **weekly**.\n\n<script>alert(1)</script><a href="/book-a-call">Book</a>',
    );
    const published = await cli("publish", name);
    expect(published.err).toContain("Note: not allowed in a post, so removed: <script>");
    expect(published.out).toContain(
      'Published new post "Weekly Cadence" at http://localhost:3000/blog/weekly-cadence',
    );
    expect(published.code).toBe(0);
    let [row] = await rows();
    expect(row).toMatchObject({
      slug: "weekly-cadence",
      title: "Weekly Cadence",
      published: true,
      read_time: "1 min read",
    });
    expect(row?.content).toContain("<strong>weekly</strong>");
    expect(row?.content).not.toContain("script");
    expect(row?.content).toContain('<a href="/book-a-call">Book</a>');

    file("weekly-cadence.md", front("Weekly Cadence, Revised"), "Post every week.");
    const updated = await cli("publish", "weekly-cadence.md");
    expect(updated.out).toContain('Updated "Weekly Cadence, Revised"');
    expect(await rows()).toHaveLength(1);

    expect((await cli("list")).out).toMatch(
      /published\s+2026-11-18\s+weekly-cadence\s+Weekly Cadence, Revised/,
    );

    const unpublished = await cli("unpublish", "weekly-cadence");
    expect([unpublished.code, unpublished.out.trim()]).toEqual([
      0,
      'Unpublished "weekly-cadence".',
    ]);
    [row] = await rows();
    expect(row?.published).toBe(false);
    // Once published, a hidden post is "unpublished", not a draft.
    expect((await cli("list")).out).toMatch(/unpublished\s+2026-11-18\s+weekly-cadence/);
    // The command saves through the editor's code: every save is a revision.
    const database = handle?.database ?? openDatabase({ dataDir });
    try {
      const revisions = await queryRows<{ version: number; title: string }>(
        database.db,
        sql`select version, title from blog_post_revisions order by version`,
      );
      expect(revisions.map((revision) => revision.title)).toEqual([
        "Weekly Cadence",
        "Weekly Cadence, Revised",
        "Weekly Cadence, Revised",
      ]);
    } finally {
      if (!handle) await database.close();
    }
  });

  test("bad input is explained with exit code 1 and no stack trace", async () => {
    const missingFields = await cli(
      "publish",
      file("incomplete.md", 'title: "Only a title"', "Body."),
    );
    expect(missingFields.code).toBe(1);
    expect(missingFields.err).toContain("incomplete.md cannot be published:");
    expect(missingFields.err).toContain("  - excerpt is required");
    expect(missingFields.err).toContain("  - tags is required");

    const cases = [
      { args: ["publish", "nowhere.md"], message: "nowhere.md does not exist." },
      { args: ["publish"], message: "Which file?" },
      { args: ["unpublish", "Not A Slug"], message: "is not a slug" },
      {
        args: ["unpublish", "never-published"],
        message: 'No database post has the slug "never-published"',
      },
      { args: ["unpublish", NEWEST_STATIC], message: "is a static article" },
      { args: ["explode"], message: 'Unknown command "explode"' },
    ];
    for (const { args, message } of cases) {
      const result = await cli(...args);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.err).toContain(message);
      expect(result.err).not.toMatch(/\n\s+at /);
    }
  });

  test("a file whose front matter is JavaScript is refused, naming the file; nothing runs or is stored", async () => {
    const marker = path.join(work, "front-matter-ran");
    const name = "js-front-matter.md";
    writeFileSync(
      path.join(work, name),
      [
        "---js",
        `(process.getBuiltinModule("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran"), {`,
        '  title: "Ran", excerpt: "x", date: "2026-11-18", author: "A", tags: ["a"],',
        '  slug: "js-front-matter" })',
        "---",
        "",
        "Body.",
        "",
      ].join("\n"),
    );
    const result = await cli("publish", name);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${name} cannot be published:`);
    expect(result.err).toContain('the front matter must open with a plain "---" line');
    expect(result.err).not.toMatch(/\n\s+at /);
    expect(existsSync(marker)).toBe(false);
    expect((await rows()).map((row) => row.slug)).not.toContain("js-front-matter");
  });

  test("publishing over a static article's slug warns that the static article is shown", async () => {
    const result = await cli(
      "publish",
      file("clash.md", `${front("Clash")}\nslug: ${NEWEST_STATIC}`, "Body."),
    );
    expect(result.code).toBe(0);
    expect(result.err).toContain(
      `the static article content/blog/${NEWEST_STATIC}.md has the same slug`,
    );
  });

  // Only the embedded database is held by one process; Postgres has no such lock.
  if (driver === "pglite")
    test("it refuses to open the embedded database while another process holds it", async () => {
      // This test process stands in for a running server holding the embedded database, and
      // the command runs as its own process (scripts/post.ts), as an editor starts it beside
      // the server: the exit code and output a terminal gets.
      const holder = openDatabase({ dataDir });
      try {
        const result = await spawnCli("post", ["list"], environment());
        expect(result.status).toBe(1);
        expect(result.stderr).toContain("is open in another process");
        expect(result.stderr).not.toMatch(/\n\s+at /);
        expect(result.stdout).toBe("");
      } finally {
        await holder.close();
      }
      expect((await cli("list")).code).toBe(0);
    });
});
