import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "#app/.server/db/client.ts";
import { migratedDataDirectory } from "../support/database-template.ts";
import { createTestDatabase, type TestDatabase } from "../support/db.ts";
import { type SpawnedServer, startBuiltServer } from "../support/server.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const root = path.resolve(import.meta.dirname, "../..");
const article = "/blog/writing-hooks-for-executives";
const today = new Date().toISOString().slice(0, 10);

/** The links of the sidebar's "Recent Posts" list on a page. */
function recentPosts(html: string): string[] {
  const list = html.split("Recent Posts")[1]?.split("</ul>")[0] ?? "";
  return [...list.matchAll(/href="(\/blog\/[^"]+)"/g)].map((match) => match[1] ?? "");
}

async function eventually(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// Blog pages are kept 2 s here instead of their declared 10, so the wait is short.
const keepSeconds = 2;

describe.skipIf(!process.env.TEST_DATABASE_URL)("publishing while the site runs", () => {
  let handle: TestDatabase;
  let server: SpawnedServer;
  beforeAll(async () => {
    handle = await createTestDatabase("postgres");
    server = await startBuiltServer({
      DATABASE_URL: handle.url ?? "",
      PAGE_KEEP_SECONDS: String(keepSeconds),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await handle?.drop();
  });

  test("a post published with the editor command appears on articles, the listing and the feeds within the cache window", async () => {
    const before = await (await fetch(`${server.url}${article}`)).text();
    expect(recentPosts(before)).not.toContain("/blog/fresh-from-the-editor");

    const file = path.join(temporaryDirectory("post"), "post.md");
    writeFileSync(
      file,
      `---\ntitle: Fresh From The Editor\nexcerpt: Published while the site was running.\ndate: ${today}\nauthor: The Northstory Team\ntags: [hooks]\nslug: fresh-from-the-editor\n---\n\nNew insight for founders.\n`,
    );
    const published = spawnSync(
      process.execPath,
      [path.join(root, "scripts/post.ts"), "publish", file],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: handle.url ?? "" },
        encoding: "utf8",
      },
    );
    expect(published.status, published.stderr).toBe(0);

    const window = (keepSeconds + 5) * 1000;
    const shows = async (page: string, check: (text: string) => boolean) =>
      eventually(async () => check(await (await fetch(`${server.url}${page}`)).text()), window);
    expect(
      await shows(article, (html) => recentPosts(html).includes("/blog/fresh-from-the-editor")),
    ).toBe(true);
    expect(await shows("/blog", (html) => html.includes("Fresh From The Editor"))).toBe(true);
    expect(await shows("/rss.xml", (xml) => xml.includes("fresh-from-the-editor"))).toBe(true);
    expect(await shows("/sitemap.xml", (xml) => xml.includes("fresh-from-the-editor"))).toBe(true);
  }, 90_000);
});

test("articles list the published database posts among their recent posts", async () => {
  const dataDir = await migratedDataDirectory("articles");
  const seed = openDatabase({ dataDir });
  await seed.db.execute(sql`
    insert into blog_posts (title, slug, excerpt, content, date, published)
    values ('Database Newest', 'database-newest', 'The newest post.', '<p>Hi</p>', ${today}, true)`);
  await seed.close();
  const server = await startBuiltServer({ DATA_DIR: dataDir });
  try {
    const html = await (await fetch(`${server.url}${article}`)).text();
    expect(recentPosts(html)[0]).toBe("/blog/database-newest");
  } finally {
    await server.stop();
  }
});
