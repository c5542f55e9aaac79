import { test as base, expect, type Page } from "@playwright/test";

export { expect };

/**
 * Resolves once React has hydrated the page (its fiber is attached to <main>), or at once
 * for documents React Router did not render (feeds, robots.txt).
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const routed = "__reactRouterContext" in window;
    const main = document.querySelector("main");
    return (
      !routed || (main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber")))
    );
  });
}

/**
 * Journeys act like a visitor who starts once the page is interactive: `page.goto` waits
 * for hydration (pages paint before their scripts load, so a test could otherwise click
 * on server HTML that no script handles yet).
 *
 * And no journey may meet an uncaught script error: a visitor would meet it too. A
 * hydration mismatch, for one, is reported this way, after React has thrown the server's
 * HTML away and rendered the whole page again in the browser.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await waitForHydration(page);
        return response;
      };
    }
    await use(page);
    expect(errors, "uncaught errors in the page").toEqual([]);
  },
});
