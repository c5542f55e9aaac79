import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { facesDrawing, fontInspector } from "../support/fonts.ts";

// The brand faces are preloaded and declared with `font-display: optional` (app/fonts.css):
// arrived in time, they draw the page from its first paint; late, the page keeps the local
// faces scaled to their metrics and never swaps. Either way nothing moves. Each test keeps
// one page and goes through both widths with it (one browser context, one server).

declare global {
  interface Window {
    shifts: { value: number; input: boolean; sources: string[] }[];
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
const widths = [390, 1280] as const;

/** Records every layout shift the page reports, from its first paint on. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    window.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        window.shifts.push({
          value: entry.value,
          input: entry.hadRecentInput,
          sources: (entry.sources ?? []).map((source) => source.node?.nodeName ?? "?"),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** Two frames: every shift of what was laid out before has been reported. */
const twoFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(null))),
      ),
  );

test("every main page draws its headings in Fraunces and its text in Inter, and nothing moves", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await recordShifts(page);
  // Once a visit has the two files (on a usual connection, from its first page), every page
  // is drawn in them from its first paint.
  await page.goto("/");
  await page.evaluate(() => document.fonts.ready);
  const cdp = await fontInspector(page);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    for (const route of routes) {
      await page.goto(route);
      expect(await facesDrawing(cdp, "h1"), `${route} at ${width}px`).toEqual(["web Fraunces"]);
      expect(await facesDrawing(cdp, "main p"), `${route} at ${width}px`).toEqual(["web Inter"]);
      await twoFrames(page);
      expect(await page.evaluate(() => window.shifts), `${route} at ${width}px`).toEqual([]);
    }
  }
});

test("with the font files late, pages keep the metric-matched local faces and nothing moves", async ({
  newContext,
}) => {
  test.setTimeout(60_000);
  const context = await newContext({ viewport: { width: widths[0], height: 900 } });
  // Past the short wait a preloaded optional face gets (about 100 ms), as on a slow network.
  const late = 250;
  let fontsAsked = 0;
  await context.route(/\.woff2$/, async (route) => {
    fontsAsked++;
    await new Promise((resolve) => setTimeout(resolve, late));
    await route.continue();
  });
  const page = await context.newPage();
  await recordShifts(page);
  const cdp = await fontInspector(page);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    // A face that misses its wait is never used, whatever the page: three kinds of page
    // (a landing page, plans and lists, a list of articles) show it.
    for (const route of ["/", "/pricing", "/blog"]) {
      // Hydration's own layout is checked by the test above; here only the late files.
      await page.goto(route, { waitUntil: "domcontentloaded" });
      // After the files have arrived: still the local faces, never swapped.
      await page.waitForTimeout(late + 100);
      for (const selector of ["h1", "main p"]) {
        expect(await facesDrawing(cdp, selector), `${route} ${selector} at ${width}px`).toEqual([
          expect.stringMatching(/^local /),
        ]);
      }
      await twoFrames(page);
      expect(await page.evaluate(() => window.shifts), `${route} at ${width}px`).toEqual([]);
      // Drawn in the local faces, the home page is as accessible: its blocks far below the
      // first screen once measured as overlapping the next one (tests/support/axe.ts).
      if (route === "/") await expectNoAxeViolations(page);
    }
  }
  expect(fontsAsked).toBeGreaterThan(0);
});
