import { expect, test } from "../support/fixtures.ts";

// The typeface pair arrives after the first paint on a slow network; until then the text is
// set in fallback faces scaled to the same metrics (app/fonts.css), so the swap moves nothing.

declare global {
  interface Window {
    shifts: { value: number; sources: string[] }[];
  }
}

const routes = [
  "/",
  "/about",
  "/pricing",
  "/how-northstory-works-audience",
  "/founder-brand-case-studies/amoeba-ai",
  "/book-a-call",
  "/blog",
];

for (const width of [390, 1280]) {
  test(`swapping in the brand faces moves nothing at ${width}px`, async ({ newContext }) => {
    test.setTimeout(90_000);
    const context = await newContext({ viewport: { width, height: 900 } });
    // The fonts arrive well after the first paint, as on a slow phone network.
    let fontsAsked = 0;
    await context.route(/\.woff2$/, async (route) => {
      fontsAsked++;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await context.addInitScript(() => {
      window.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources?: { node?: Node | null }[];
        })[]) {
          window.shifts.push({
            value: entry.value,
            sources: (entry.sources ?? []).map((source) => source.node?.nodeName ?? "?"),
          });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(route, { waitUntil: "domcontentloaded" });
      // Text is painted in the fallback faces while the brand faces load.
      expect(
        await page.evaluate(() => document.fonts.check('700 48px "Fraunces Variable"')),
        route,
      ).toBe(false);
      await page.evaluate(() => document.fonts.ready);
      expect(
        await page.evaluate(() => document.fonts.check('700 48px "Fraunces Variable"')),
        route,
      ).toBe(true);
      // Two frames after the swap, every shift has been reported.
      await page.evaluate(
        () =>
          new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(null))),
          ),
      );
      expect(await page.evaluate(() => window.shifts), route).toEqual([]);
    }
    expect(fontsAsked).toBeGreaterThan(0);
  });
}
