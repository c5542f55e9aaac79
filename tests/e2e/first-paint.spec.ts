import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "../support/fixtures.ts";

// Pages of every shape: marketing, about, a feature, a case study, the blog, an article,
// a form, legal text, and the not-found page. Shown in two parts, every other one each, in
// an order that makes the parts take about as long (the terms take the longest).
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
  "/no-such-page",
  "/terms",
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

// In parts of six pages a width, which the workers share. Each part shows its pages in one
// page of one browser context with scripts off, as a visitor without JavaScript sees
// them: each page twice, once with only the styles inline in it and once with the whole
// stylesheet linked as well, as full-page screenshots that must be the same.
const parts = 2;
for (const width of [390, 1280]) {
  for (let part = 0; part < parts; part++) {
    test(`each page's first paint at ${width}px, with only its inline styles, looks exactly as with the whole stylesheet (part ${part + 1} of ${parts})`, async ({
      page,
      newContext,
    }) => {
      test.setTimeout(120_000);
      const stylesheet = await fullStylesheetUrl(page);
      expect(stylesheet).toMatch(/^\/assets\/.+\.css$/);
      const context = await newContext({
        javaScriptEnabled: false,
        viewport: { width, height: 900 },
      });
      const shots = await context.newPage();
      // The document of the route being shown, with the whole stylesheet or without.
      let shown = { route: "", served: undefined as ServedDocument | undefined, whole: false };
      await shots.route(
        (url) => url.pathname + url.search === shown.route,
        (intercepted) => {
          const served = shown.served;
          if (!served || intercepted.request().resourceType() !== "document") {
            return intercepted.continue();
          }
          // Blocks far below the screen are painted only as a reader nears them, a frame or
          // more after the screenshot may be taken on a busy machine: both pictures lay out
          // everything (which looks the same, tests/e2e/below-the-fold.spec.ts), so they
          // compare styles only.
          const head = `<style>*{content-visibility:visible!important}</style>${
            shown.whole ? `<link rel="stylesheet" href="${stylesheet}">` : ""
          }</head>`;
          return intercepted.fulfill({
            status: served.status,
            headers: served.headers,
            body: served.body.replace("</head>", head),
          });
        },
      );
      // Both pictures in the local faces: a brand face is used only when it arrives within
      // its short wait (app/fonts.css), which two loads on a busy machine may not both meet.
      // tests/e2e/brand.spec.ts shows that the faces move nothing.
      await shots.route(/\.woff2$/, (intercepted) => intercepted.abort());
      const screenshot = async (whole: boolean) => {
        shown = { ...shown, whole };
        await shots.goto(shown.route, { waitUntil: "load" });
        // The document kept for the route, as asked for.
        await expect(shots.locator(`link[rel="stylesheet"][href="${stylesheet}"]`)).toHaveCount(
          whole ? 1 : 0,
        );
        expect(
          await shots.evaluate(() =>
            [...document.querySelectorAll("style")].some((style) =>
              style.textContent?.includes("content-visibility:visible"),
            ),
          ),
        ).toBe(true);
        return shots.screenshot({ fullPage: true, animations: "disabled" });
      };
      for (const route of routes.filter((_, index) => index % parts === part)) {
        await test.step(route, async () => {
          shown = { route, served: await serve(page, route), whole: false };
          const inlineOnly = await screenshot(false);
          const withWhole = await screenshot(true);
          expect(inlineOnly.equals(withWhole), `${route} at ${width}px`).toBe(true);
        });
      }
    });
  }
}

test("no script is requested before the page has painted", async ({ newContext }) => {
  for (const route of ["/", "/blog", "/blog/writing-hooks-for-executives", "/contact"]) {
    // A first visit each time: nothing in the cache.
    const page = await (await newContext()).newPage();
    await page.goto(route, { waitUntil: "load" });
    // Every script the page needed has loaded once it has hydrated.
    await waitForHydration(page);
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
    await page.context().close();
  }
});
