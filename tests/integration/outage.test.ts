import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "#app/.server/db/client.ts";
import { formToken, postContact } from "../support/contact.ts";
import { canRunPrivatePostgres, startPrivatePostgres } from "../support/pg-instance.ts";
import { type SpawnedServer, startBuiltServer } from "../support/server.ts";

const post = async (base: string) =>
  postContact(base, {
    name: "Outage Visitor",
    email: "visitor@example.com",
    message: "Are you there?",
    token: await formToken(base),
  });

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(canRunPrivatePostgres)("when Postgres stops and starts again", () => {
  let pg: Awaited<ReturnType<typeof startPrivatePostgres>>;
  let server: SpawnedServer;

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    const seed = openDatabase({ databaseUrl: pg.url });
    await seed.migrate();
    await seed.db.execute(sql`
      insert into blog_posts (title, slug, excerpt, content, date, author, published)
      values ('Outage drill', 'outage-drill', 'A database post.', '<p>Still here.</p>', '2026-11-01', 'The Northstory Team', true),
             ('Cold post', 'cold-post', 'A post nobody has asked for yet.', '<p>Not cached.</p>', '2026-11-02', 'The Northstory Team', true)`);
    await seed.close();
    server = await startBuiltServer({
      DATABASE_URL: pg.url,
      CONTACT_MIN_FILL_MS: "0",
      CONTACT_RATE_LIMIT: "100",
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await pg?.destroy();
  });

  test("static pages keep answering, database pages say 503 with Retry-After, and all recovers without a restart", async () => {
    expect((await fetch(`${server.url}/blog/outage-drill`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    pg.stop();
    const stoppedAt = Date.now();
    await until(async () => (await fetch(`${server.url}/readyz`)).status === 503, 3_000);
    expect(Date.now() - stoppedAt).toBeLessThan(1_000);

    for (const path of ["/", "/pricing", "/about", "/blog/why-founder-led-content-wins-b2b"]) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
    }
    const listing = await fetch(`${server.url}/blog`);
    expect(listing.status).toBe(200);
    expect(await listing.text()).toContain("What Year One of Founder-Led Marketing Looks Like");

    // A post shown a moment ago is still served from the short-lived page cache...
    expect((await fetch(`${server.url}/blog/outage-drill`)).status).toBe(200);
    // ...one that needs the database now says to come back.
    const dbPost = await fetch(`${server.url}/blog/cold-post`);
    expect(dbPost.status).toBe(503);
    expect(dbPost.headers.get("retry-after")).toBe("30");
    const friendly = await dbPost.text();
    expect(friendly).toContain("<title>");
    expect(friendly).not.toMatch(/at .+\.(js|ts):\d+/);

    const message = await post(server.url);
    expect(message.status).toBe(503);
    expect(message.headers.get("retry-after")).toBeTruthy();
    expect(message.html).toContain("Failed to Send Message");

    pg.start();
    await until(async () => (await fetch(`${server.url}/readyz`)).status === 200, 15_000);
    await until(
      async () => (await fetch(`${server.url}/blog/outage-drill`)).status === 200,
      15_000,
    );
    expect((await post(server.url)).status).toBe(200);
  }, 120_000);
});
