import type { Page } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import pg from "pg";
import { openDatabase } from "#app/.server/db/client.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { staticArticleCount } from "../support/content.ts";
import { migratedDataDirectory } from "../support/database-template.ts";
import { expect, test } from "../support/fixtures.ts";
import { type SpawnedServer, startBuiltServer } from "../support/server.ts";

const STATIC_COUNT = staticArticleCount();
const PER_PAGE = 8;
const LAST_PAGE = Math.ceil(STATIC_COUNT / PER_PAGE);
const newestStatic = {
  slug: "year-one-of-founder-led-marketing",
  title: "What Year One of Founder-Led Marketing Looks Like",
};
const article = {
  slug: "account-based-content",
  title: "Account-Based Content for High-Value Targets",
  date: "September 29, 2026",
};
const xml = new XMLParser({ ignoreAttributes: false });

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const pagination = (page: Page) => page.getByRole("navigation", { name: "Blog pages" });

test.describe("the blog listing on a phone (390px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the pages keep to one line: arrows, the first page, this one and the last", async ({
    page,
  }) => {
    await page.goto("/blog?page=3");
    const nav = pagination(page);
    const middles = await nav.getByRole("listitem").evaluateAll((items) =>
      items
        .filter((item) => item.getBoundingClientRect().height > 0)
        .map((item) => {
          const box = item.getBoundingClientRect();
          return Math.round(box.top + box.height / 2);
        }),
    );
    expect(middles.length).toBeGreaterThan(3);
    expect(new Set(middles).size).toBe(1);
    await expect(nav.getByRole("link", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Page 1" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Page 6" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Page 2" })).toHaveCount(0);
    await nav.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/blog\?page=4$/);
    await expectNoAxeViolations(page);
  });
});

test.describe("the blog listing on a desktop (1280px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("page 1 shows 8 post cards, the sidebar and numbered pages with Previous disabled", async ({
    page,
  }) => {
    const response = await page.goto("/blog");
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole("heading", { level: 1, name: "The Northstory Blog" }),
    ).toBeVisible();
    await expect(
      page.getByText("for founders and executives who want to build an audience"),
    ).toBeVisible();
    await expect(cards(page)).toHaveCount(8);

    const first = cards(page).first();
    await expect(first.getByRole("heading", { name: newestStatic.title })).toBeVisible();
    await expect(first.getByText("November 12, 2026")).toBeVisible();
    await expect(first.getByText(/^\d+ min read$/)).toBeVisible();
    await expect(first.getByText("The Northstory Team")).toBeVisible();
    await expect(
      first.getByRole("link", { name: `Read more about ${newestStatic.title}` }),
    ).toHaveAttribute("href", `/blog/${newestStatic.slug}`);

    const nav = pagination(page);
    await expect(nav.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Page 2" })).not.toHaveAttribute(
      "aria-current",
      /.*/,
    );
    await expect(nav.getByRole("link", { name: "Page 6" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Previous" })).toHaveCount(0);
    await expect(nav.locator('[aria-disabled="true"]', { hasText: "Previous" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Next" })).toHaveAttribute("href", "/blog?page=2");

    const sidebar = page.getByRole("complementary", { name: "More from the blog" });
    await expect(sidebar.getByRole("link", { name: "Book A Call" })).toHaveAttribute(
      "href",
      "/book-a-call?from=blog-sidebar",
    );
    await expect(sidebar.getByRole("heading", { name: "About Northstory" })).toBeVisible();
    const recent = sidebar.getByRole("region", { name: "Recent Posts" }).getByRole("link");
    await expect(recent).toHaveCount(5);
    await expect(recent.first()).toHaveText(newestStatic.title);
    await expect(
      sidebar.getByRole("region", { name: "Related Posts" }).getByRole("link"),
    ).toHaveCount(5);
  });

  test("choosing page 2 at the bottom shows the next 8 posts and scrolls back to the top", async ({
    page,
  }) => {
    await page.goto("/blog");
    const firstOnPageOne = await cards(page).first().getByRole("heading").textContent();
    const pageTwo = pagination(page).getByRole("link", { name: "Page 2" });
    await pageTwo.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await pageTwo.click();

    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(pagination(page).getByRole("link", { name: "Page 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(cards(page)).toHaveCount(8);
    await expect(cards(page).first().getByRole("heading")).not.toHaveText(firstOnPageOne ?? "");
    await expect(pagination(page).getByRole("link", { name: "Previous" })).toHaveAttribute(
      "href",
      "/blog",
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog\?page=2$/);
  });

  test("the last page has the remaining posts and Next disabled", async ({ page }) => {
    await page.goto(`/blog?page=${LAST_PAGE}`);
    await expect(cards(page)).toHaveCount(STATIC_COUNT - (LAST_PAGE - 1) * PER_PAGE);
    await expect(pagination(page).getByRole("link", { name: `Page ${LAST_PAGE}` })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(pagination(page).getByRole("link", { name: "Next" })).toHaveCount(0);
    await expect(
      pagination(page).locator('[aria-disabled="true"]', { hasText: "Next" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("while the next page loads, 8 placeholder cards show", async ({ page }) => {
    await page.goto("/blog");
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/blog\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await pagination(page).getByRole("link", { name: "Next" }).click();
    await expect(page.getByTestId("post-skeleton")).toHaveCount(8);
    await expect(page.getByRole("status")).toHaveText("Loading articles…");
    release();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page.getByTestId("post-skeleton")).toHaveCount(0);
    await expect(cards(page)).toHaveCount(8);
  });

  test("arriving at the blog from another page, 8 placeholder cards show while the list loads", async ({
    page,
  }) => {
    await page.goto("/pricing");
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/blog\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "Blog" }).click();
    await expect(page.getByTestId("post-skeleton")).toHaveCount(8);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Northstory Blog");
    release();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByTestId("post-skeleton")).toHaveCount(0);
    await expect(cards(page)).toHaveCount(8);
  });

  test("page numbers that do not exist lead to a real page, never an error", async ({ page }) => {
    for (const [asked, landed] of [
      ["/blog?page=1", /\/blog$/],
      ["/blog?page=0", /\/blog$/],
      ["/blog?page=abc", /\/blog$/],
      ["/blog?page=999", new RegExp(`/blog\\?page=${LAST_PAGE}$`)],
    ] as const) {
      const response = await page.goto(asked);
      expect(response?.status(), asked).toBe(200);
      await expect(page).toHaveURL(landed);
      await expect(cards(page).first()).toBeVisible();
    }
  });

  test("a static article shows its heading, details, breadcrumb and content, prerendered", async ({
    page,
    request,
  }) => {
    const raw = await request.get(`/blog/${article.slug}`);
    // Prerendered pages are served from memory with a validator; per-request pages are not.
    expect(raw.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
    const html = await raw.text();
    expect(html).toContain("What Account-Based Content Actually Is");
    expect(html).toContain('"@type":"BlogPosting"');
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain('<meta property="article:published_time" content="2026-09-29"/>');

    await page.goto("/blog");
    await page.getByRole("link", { name: `Read more about ${article.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${article.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
    await expect(page).toHaveTitle(`${article.title} | Northstory`);
    const header = page.getByRole("article").locator("header");
    await expect(header.getByText(article.date)).toBeVisible();
    await expect(header.getByText("4 min read")).toBeVisible();
    await expect(header.getByText("The Northstory Team")).toBeVisible();
    await expect(header.getByText("When a handful of accounts could make your year")).toBeVisible();
    const content = page.locator(".prose.prose-lg.max-w-none");
    await expect(content.getByRole("heading", { level: 2 }).first()).toHaveText(
      "What Account-Based Content Actually Is",
    );
    // A quote shows the writer's words with their own quotation marks, none added around.
    const quote = content.locator("blockquote p").first();
    await expect(quote).toHaveText(/^Account-based content works when/);
    expect(
      await quote.evaluate((p) => [
        getComputedStyle(p, "::before").content,
        getComputedStyle(p, "::after").content,
      ]),
    ).toEqual(["none", "none"]);
    const related = page.getByRole("region", { name: "Related Posts" }).getByRole("link");
    await expect(related).toHaveCount(5);
    await expect(related.filter({ hasText: article.title })).toHaveCount(0);

    await page
      .getByRole("navigation", { name: "Breadcrumb" })
      .getByRole("link", { name: "Blog" })
      .click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "The Northstory Blog" }),
    ).toBeVisible();
  });

  test("a first visit's history entry is keyed before hydration, and a reload comes back to the same place", async ({
    page,
  }) => {
    await page.goto(`/blog/${article.slug}`);
    // React Router files scroll positions under this key; the page's script writes it.
    const key = await page.evaluate(() => window.history.state?.key);
    expect(typeof key).toBe("string");
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
    await page.reload({ waitUntil: "load" });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
    expect(await page.evaluate(() => window.history.state?.key)).toBe(key);
  });

  test("an unknown post answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/blog/no-such-article");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found | Northstory");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });
});

test.describe("the blog on a phone (390px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("cards stack in one column and the sidebar gives way to the posts", async ({ page }) => {
    await page.goto("/blog");
    await expect(cards(page)).toHaveCount(8);
    const [a, b] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox()];
    expect(a && b && b.y > a.y + a.height - 1).toBe(true);
    expect(a?.width).toBeGreaterThan(330);
    await expect(page.getByRole("complementary", { name: "More from the blog" })).toBeHidden();
    await expect(pagination(page).getByRole("link", { name: "Next" })).toBeVisible();
    await page.goto(`/blog/${article.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.title);
  });

  test("an article's table takes the keyboard's focus in its own box, and never widens the page", async ({
    page,
  }) => {
    await page.goto("/blog/linkedin-post-formats-that-work");
    const table = page.locator(".table-scroll").getByRole("table");
    await expect(table.getByRole("columnheader", { name: "Typical response" })).toBeVisible();
    await table.focus();
    await expect(table).toBeFocused();
    // The focus ring is the box's: the table's own would be clipped by the box.
    await expect(page.locator(".table-scroll")).toHaveCSS("outline-style", "solid");
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
  });
});

test.describe("feeds", () => {
  test("RSS, sitemap and robots.txt are valid and list every post with absolute URLs", async ({
    page,
    baseURL,
  }) => {
    const rss = await page.request.get("/rss.xml");
    expect(rss.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const channel = xml.parse(await rss.text()).rss.channel;
    expect(channel.title).toBe("The Northstory Blog");
    expect(channel.item).toHaveLength(STATIC_COUNT);
    expect(channel.item[0].link).toBe(`${baseURL}/blog/${newestStatic.slug}`);
    expect(channel.item[0].pubDate).toBe("Thu, 12 Nov 2026 00:00:00 GMT");

    const sitemap = await page.request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const urls: { loc: string; lastmod: string }[] = xml.parse(await sitemap.text()).urlset.url;
    const locs = urls.map((url) => url.loc);
    for (const path of ["/", "/pricing", "/contact", "/blog", `/blog/${article.slug}`]) {
      expect(locs).toContain(`${baseURL}${path === "/" ? "/" : path}`);
    }
    expect(locs.filter((loc) => loc.includes("/blog/"))).toHaveLength(STATIC_COUNT);
    expect(urls.find((url) => url.loc.endsWith(`/blog/${article.slug}`))?.lastmod).toBe(
      "2026-09-29",
    );

    const robots = await page.request.get("/robots.txt");
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

    // A reader's browser offers the feed from any page.
    await page.goto("/blog");
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      "/rss.xml",
    );
  });
});

// The shared server uses its own embedded database, which only one process may open; these
// journeys seed a database of their own and start a second server on it.
test.describe("posts published in the database", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ viewport: { width: 1280, height: 800 } });
  let server: SpawnedServer;

  test.beforeAll(async ({ baseURL }) => {
    // A server of its own starts here: a minute on a loaded machine.
    test.setTimeout(90_000);
    const dataDir = await migratedDataDirectory("blog-e2e");
    const database = openDatabase({ dataDir });
    await database.migrate();
    await database.db.execute(`
      insert into blog_posts (title, slug, excerpt, content, date, published, tags) values
      ('Pipeline Reviews for Founders', 'pipeline-reviews-for-founders',
       'A monthly pipeline review keeps founder content honest: which posts started conversations, which did not, and what to write next.',
       '<h2>Start with the conversations</h2><p>List every conversation that began with a post.</p><img src="x" onerror="window.__pwned = true"><script>window.__pwned = true</script><p><a href="javascript:window.__pwned=true">Details</a> and <a href="https://example.com/guide">the guide</a>.</p>',
       '2026-11-20', true, '{sales,linkedin}'),
      ('Draft Ideas', 'draft-ideas', 'Not ready yet.', '<p>Draft.</p>', '2026-11-21', false, '{}')
    `);
    await database.close();
    server = await startBuiltServer({ DATA_DIR: dataDir, SITE_URL: baseURL ?? "" });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("a published database post leads the listing and renders safely", async ({ page }) => {
    await page.goto(`${server.url}/blog`);
    await expect(cards(page).first().getByRole("heading")).toHaveText(
      "Pipeline Reviews for Founders",
    );
    await expect(cards(page).first().getByText("November 20, 2026")).toBeVisible();
    await expect(page.getByText("Draft Ideas")).toHaveCount(0);
    await expect(pagination(page).getByRole("link", { name: "Page 6" })).toBeVisible();

    await cards(page)
      .first()
      .getByRole("link", { name: /^Read more/ })
      .click();
    await expect(page).toHaveURL(/\/blog\/pipeline-reviews-for-founders$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Pipeline Reviews for Founders",
    );
    const content = page.locator(".prose.prose-lg.max-w-none");
    await expect(
      content.getByRole("heading", { name: "Start with the conversations" }),
    ).toBeVisible();
    await expect(content.locator("script, [onerror]")).toHaveCount(0);
    await expect(content.getByText("Details")).not.toHaveAttribute("href", /.*/);
    await expect(content.getByRole("link", { name: "the guide" })).toHaveAttribute(
      "target",
      "_blank",
    );
    await expect(content.getByRole("link", { name: "the guide" })).toHaveAttribute(
      "rel",
      "noopener noreferrer",
    );
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned),
    ).toBeUndefined();

    // Loaded directly, the page is rendered on the server with its metadata.
    const html = await (
      await page.request.get(`${server.url}/blog/pipeline-reviews-for-founders`)
    ).text();
    expect(html).toContain('"headline":"Pipeline Reviews for Founders"');
    expect(html).toContain('<meta property="article:published_time" content="2026-11-20"/>');
    await page.reload();
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned),
    ).toBeUndefined();
    await expectNoAxeViolations(page);
  });

  test("an unpublished post answers 404 and stays out of the feeds", async ({ page }) => {
    const response = await page.goto(`${server.url}/blog/draft-ideas`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();

    const feed = xml.parse(await (await page.request.get(`${server.url}/rss.xml`)).text()).rss
      .channel;
    const links: string[] = feed.item.map((item: { link: string }) => item.link);
    expect(links).toHaveLength(STATIC_COUNT + 1);
    expect(links[0]).toMatch(/\/blog\/pipeline-reviews-for-founders$/);
    expect(links.some((link) => link.endsWith("/draft-ideas"))).toBe(false);
    const sitemap = await (await page.request.get(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("/blog/pipeline-reviews-for-founders</loc>");
    expect(sitemap).not.toContain("draft-ideas");
  });
});

test.describe("posts inserted into Postgres while the server runs", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "set TEST_DATABASE_URL to run against Postgres");
  test.use({ viewport: { width: 1280, height: 800 } });

  test("appear on the listing and at their URL without a restart", async ({ page, baseURL }) => {
    // A server of its own starts here: a minute on a loaded machine.
    test.setTimeout(90_000);
    const adminUrl = process.env.TEST_DATABASE_URL ?? "";
    const name = `northstory_blog_e2e_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // The listing is kept 1 s instead of its 10, so the new post shows sooner.
    const server = await startBuiltServer({
      DATABASE_URL: url.href,
      SITE_URL: baseURL ?? "",
      PAGE_KEEP_SECONDS: "1",
    });
    const client = new pg.Client({ connectionString: url.href });
    try {
      await page.goto(`${server.url}/blog`);
      await expect(cards(page).first().getByRole("heading")).toHaveText(newestStatic.title);
      await client.connect();
      await client.query(
        `insert into blog_posts (title, slug, excerpt, content, date, published) values ($1, $2, $3, $4, $5, true)`,
        [
          "Live From Postgres",
          "live-from-postgres",
          "Inserted while the server was running, to show that database posts need neither a rebuild nor a restart.",
          "<p>Hello from Postgres.</p>",
          "2026-11-21",
        ],
      );
      // The listing is kept for a few seconds: the new post shows within that window.
      await expect(async () => {
        await page.reload();
        await expect(cards(page).first().getByRole("heading")).toHaveText("Live From Postgres", {
          timeout: 1_000,
        });
      }).toPass({ timeout: 20_000 });
      await page.goto(`${server.url}/blog/live-from-postgres`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Live From Postgres");
      await expectNoAxeViolations(page);
    } finally {
      await client.end().catch(() => {});
      await server.stop();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    }
  });
});
