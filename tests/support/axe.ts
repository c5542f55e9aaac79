import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { NewContext } from "./fixtures.ts";

/**
 * Zero WCAG 2.2 A/AA violations on the page as it stands. Every rule of those runs; to
 * save time (about half of each check):
 * - only violations are collected in full (resultTypes), not each node that passed;
 * - axe runs in the page itself (legacy mode), not in each frame apart with the results
 *   put together in a new blank page. Cross-origin frames are then left out: on this site
 *   only third-party embeds (video, map, LinkedIn post), stubbed in the tests, whose frame
 *   element (its title) is still checked with the page.
 */
export async function expectNoAxeViolations(page: Page) {
  await settled(page);
  const results = await new AxeBuilder({ page })
    // First: options() replaces every option set before it, the tags too.
    .options({ resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
  }));
  expect(summary).toEqual([]);
}

/**
 * The page as a reader sees it once nothing is arriving any more: every stylesheet in
 * (the whole one is linked after hydration), the fonts decided, every block laid out, and
 * two frames drawn. axe measures boxes (target sizes, overlaps, contrast) all down the page
 * at once, where a reader sees each block as they reach it.
 */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every(
      (link) => link.sheet !== null,
    ),
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * axe needs scripts; a page shown with JavaScript disabled is copied, without its own
 * scripts, into a page of a script-enabled context at the same origin so axe can run on
 * exactly what the no-JavaScript visitor saw.
 */
export async function withScriptsForAxe(page: Page, newContext: NewContext): Promise<Page> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const url = new URL(page.url());
  const snapshotUrl = `${url.origin}/__axe-snapshot`;
  const context = await newContext({ javaScriptEnabled: true });
  const copy = await context.newPage();
  await copy.route(snapshotUrl, (route) => route.fulfill({ body: html, contentType: "text/html" }));
  await copy.goto(snapshotUrl);
  return copy;
}
