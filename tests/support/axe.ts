import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { NewContext } from "./fixtures.ts";

/** Every journey ends here: zero WCAG 2.2 A/AA violations on the page as it stands. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
  }));
  expect(summary).toEqual([]);
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
