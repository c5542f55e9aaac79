import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";

// Pages of every shape: marketing, about, a feature, a case study, the blog, an article,
// a form, legal text, and the not-found page.
const routes = [
  "/",
  "/pricing",
  "/how-northstory-works-audience",
  "/about",
  "/features/audience-activation",
  "/founder-brand-case-studies/blast-media",
  "/founder-brand-content-examples",
  "/blog",
  "/blog/writing-hooks-for-executives",
  "/contact",
  "/terms",
  "/no-such-page",
];

/** The whole stylesheet's URL, as the hydrated page loads it for later pages. */
async function fullStylesheetUrl(page: Page): Promise<string> {
  await page.goto("/");
  const link = page.locator('link[rel="stylesheet"]');
  await expect(link).toHaveCount(1);
  return (await link.getAttribute("href")) ?? "";
}

type ServedDocument = { status: number; headers: Record<string, string>; body: string };

/**
 * One response for a route, kept so both screenshots show the same document: some pages
 * differ on every request (the content examples are shuffled per visit).
 */
async function serve(page: Page, route: string): Promise<ServedDocument> {
  const response = await page.request.get(route);
  const headers = Object.fromEntries(
    Object.entries(response.headers()).filter(
      ([name]) => name !== "content-encoding" && name !== "content-length",
    ),
  );
  return { status: response.status(), headers, body: await response.text() };
}

/**
 * A full-page screenshot as a visitor without JavaScript sees the page: with only the
 * styles inline in it, or with the whole stylesheet linked as well.
 */
async function screenshotWithoutScripts(
  browser: Browser,
  route: string,
  width: number,
  served: ServedDocument,
  wholeStylesheet?: string,
) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: 900 },
  });
  const page = await context.newPage();
  // Blocks far below the screen are painted only as a reader nears them, a frame or more
  // after the screenshot may be taken on a busy machine: both pictures lay out everything
  // (which looks the same, tests/e2e/below-the-fold.spec.ts), so they compare styles only.
  const head = `<style>*{content-visibility:visible!important}</style>${
    wholeStylesheet ? `<link rel="stylesheet" href="${wholeStylesheet}">` : ""
  }</head>`;
  await page.route(`**${route}`, (intercepted) =>
    intercepted.fulfill({
      status: served.status,
      headers: served.headers,
      body: served.body.replace("</head>", head),
    }),
  );
  await page.goto(route, { waitUntil: "load" });
  const shot = await page.screenshot({ fullPage: true, animations: "disabled" });
  await context.close();
  return shot;
}

// A test a width, which the workers share: both in one took 3.8 of its 4 minutes on a
// slow machine.
for (const width of [390, 1280]) {
  test(`each page's first paint at ${width}px, with only its inline styles, looks exactly as with the whole stylesheet`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const stylesheet = await fullStylesheetUrl(page);
    expect(stylesheet).toMatch(/^\/assets\/.+\.css$/);
    for (const route of routes) {
      const served = await serve(page, route);
      const inlineOnly = await screenshotWithoutScripts(browser, route, width, served);
      const withFull = await screenshotWithoutScripts(browser, route, width, served, stylesheet);
      expect(inlineOnly.equals(withFull), `${route} at ${width}px`).toBe(true);
    }
  });
}

test("no script is requested before the page has painted", async ({ browser }) => {
  for (const route of ["/", "/blog", "/blog/writing-hooks-for-executives", "/contact"]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(route, { waitUntil: "load" });
    await page.waitForFunction(() =>
      Object.keys(document.querySelector("main") ?? {}).some((key) =>
        key.startsWith("__reactFiber"),
      ),
    );
    const timing = await page.evaluate(() => {
      const paint = performance
        .getEntriesByType("paint")
        .find((entry) => entry.name === "first-contentful-paint");
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType !== "css")
        .filter((entry) => /\.js($|\?)/.test(entry.name))
        .map((entry) => entry.startTime);
      return { paint: paint?.startTime ?? Number.NaN, scripts };
    });
    expect(timing.scripts.length, route).toBeGreaterThan(0);
    for (const start of timing.scripts) expect(start, route).toBeGreaterThanOrEqual(timing.paint);
    await context.close();
  }
});
