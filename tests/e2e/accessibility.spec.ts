import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import routes from "../../app/routes.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";

async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
}

/** app/routes.ts as React Router's route objects, each named by its module: its template. */
function routeObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map(
    (entry): RouteObject =>
      entry.index
        ? { id: entry.file, index: true }
        : { id: entry.file, path: entry.path, children: routeObjects(entry.children ?? []) },
  );
}
const routeTree = routeObjects(routes);

/** The module that renders a path (the last route matched), e.g. routes/blog.$slug.tsx. */
function templateOf(pathname: string): string {
  return matchRoutes(routeTree, pathname)?.at(-1)?.route.id ?? "(no route)";
}

const blogDir = path.resolve(import.meta.dirname, "../../content/blog");
/** The longest article: the most blocks for the page to lay out and axe to read. */
const longestArticle = readdirSync(blogDir)
  .filter((name) => name.endsWith(".md"))
  .map((name) => ({ slug: name.slice(0, -3), size: statSync(path.join(blogDir, name)).size }))
  .sort((a, b) => b.size - a.size)[0]?.slug;

// Every page of the sitemap has its template and content swept, except the articles: 41
// pages of one template whose Markdown uses the same few blocks (paragraphs, lists, tables,
// quotes, subheadings). Three of them stand for the rest: the longest, the one with the
// most subheadings and numbered steps, and one without a table. Also the blog's second
// page and the not-found page.
const articleSample = [
  `/blog/${longestArticle}`,
  "/blog/writing-hooks-for-executives",
  "/blog/employee-advocacy-program",
];
const extraPages = ["/blog?page=2", "/no-such-page"];

/** What the sweep visits, from the sitemap: every page but the articles, and the sample. */
function sweptPaths(sitemap: string[]): string[] {
  return [
    ...sitemap.filter((pathname) => !pathname.startsWith("/blog/")),
    ...extraPages,
    ...articleSample,
  ];
}

test("the sweep's sample has a page of every template the sitemap has", async ({ request }) => {
  const sitemap = await sitemapPaths(request);
  expect(sitemap.length).toBeGreaterThan(60);
  for (const article of articleSample) expect(sitemap).toContain(article);
  const swept = sweptPaths(sitemap);
  const templates = (paths: string[]) => [...new Set(paths.map(templateOf))].sort();
  // A new kind of page (under /blog/ too) is swept, or this fails.
  expect(templates(swept)).toEqual(templates([...sitemap, ...extraPages]));
  expect(templates(swept)).toContain("routes/not-found.tsx");
  expect(templates(swept)).toContain("routes/blog.$slug.tsx");
});

// Each width in two parts, which the workers share: one page (one browser context) goes
// from route to route.
const parts = 2;
for (const width of [390, 1280]) {
  for (let part = 0; part < parts; part++) {
    test(`every page template has zero axe violations at ${width}px (part ${part + 1} of ${parts})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const paths = sweptPaths(await sitemapPaths(page.request));
      for (const pathname of paths.filter((_, index) => index % parts === part)) {
        await test.step(pathname, async () => {
          await page.goto(pathname);
          await expectNoAxeViolations(page);
        });
      }
    });
  }
}

/** The focused element, and whether it shows a focus indicator (outline or ring). */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { label: "body", visible: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none";
    const label = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
    return { label, visible: outline || ring };
  });
}

/** Tabs until `name` has focus, checking every stop on the way shows where focus is. */
async function tabTo(page: Page, name: RegExp, { max = 60, shift = false } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(shift ? "Shift+Tab" : "Tab");
    const now = await focused(page);
    expect(now.visible, `no visible focus on ${now.label}`).toBe(true);
    if (name.test(now.label)) return;
  }
  throw new Error(`never reached ${name}`);
}

test("a keyboard-only visitor reaches and uses every control, always seeing where focus is", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Navigation and the Client Success dropdown.
  await page.goto("/");
  await tabTo(page, /Client Success/);
  await page.keyboard.press("Enter");
  await tabTo(page, /Case Studies/);
  await page.keyboard.press("Escape");
  await tabTo(page, /Get Started/);

  // Pricing: carousel controls and the FAQ.
  await page.goto("/pricing");
  await tabTo(page, /pause|play/i, { max: 80 });
  await page.keyboard.press("Enter");
  await tabTo(page, /What is included/, { max: 30 });
  await page.keyboard.press("Enter");
  await expect(
    page
      .locator("details")
      .filter({ has: page.locator("summary", { hasText: /What is included/ }) }),
  ).toHaveAttribute("open", "");

  // About: a leader's dialog opens and closes by keyboard.
  await page.goto("/about");
  await tabTo(page, /Jordan Ellery/, { max: 80 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  // Blog: pagination.
  await page.goto("/blog");
  await tabTo(page, /^a "2"|Page 2/, { max: 120 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/blog\?page=2$/);

  // Contact: the form, field by field.
  await page.goto("/contact");
  await tabTo(page, /^input ""/, { max: 40 });
  await page.keyboard.type("Keyboard Visitor");
  await tabTo(page, /^input ""/, { max: 2 });
  await page.keyboard.type("keys@example.com");
  await tabTo(page, /^textarea/, { max: 2 });
  await page.keyboard.type("Sent without a mouse.");
  await tabTo(page, /Send Message/, { max: 2 });
  await page.keyboard.press("Enter");
  await expect(page.getByText("Message Sent Successfully!")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the side menu is reachable and usable by keyboard, with visible focus", async ({
    page,
  }) => {
    await page.goto("/");
    await tabTo(page, /Open menu/);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Site menu" })).toBeVisible();
    await tabTo(page, /Pricing/, { max: 10 });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test("in forced colours a filled button keeps its edge, and rings inside clipping boxes are drawn inside them", async ({
  page,
}) => {
  await page.emulateMedia({ forcedColors: "active" });
  await page.goto("/");
  // Forced colours drop the fill: the border is what is left to see the button by.
  const filled = page.getByRole("banner").getByRole("link", { name: "Get Started" });
  expect(
    await filled.evaluate((link) => {
      const style = getComputedStyle(link);
      return [style.borderTopStyle, style.borderTopWidth];
    }),
  ).toEqual(["solid", "2px"]);
  // The video's frame and the About tabs' strip clip what reaches past them: the focus
  // ring is drawn inside, where it shows.
  const play = page.getByRole("button", { name: /^Play video/ });
  await page.keyboard.press("Tab");
  await play.focus();
  expect(await play.evaluate((button) => getComputedStyle(button).outlineOffset)).toBe("-6px");
  await page.goto("/about");
  const values = page.getByRole("navigation", { name: "About sections" }).getByRole("link").nth(1);
  await page.keyboard.press("Tab");
  await values.focus();
  expect(await values.evaluate((link) => getComputedStyle(link).outlineOffset)).toBe("-3px");
});
