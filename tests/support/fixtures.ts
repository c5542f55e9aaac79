import {
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from "@playwright/test";

export { expect };

/**
 * Resolves once the page has hydrated: the root layout marks <html data-hydrated> in its
 * first effect, which React runs after every other of the first render. At once for a
 * document without the site's scripts (feeds, robots.txt, a page served without them).
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute("data-hydrated") ||
      document.querySelector('script[type="module"]') === null,
  );
}

/** Opens a browser context whose pages a journey may not see throw (see `test`). */
/**
 * The site's scripts held back until the returned function is called (a visitor on a slow
 * connection): the page paints and can be used as plain HTML before it hydrates.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    "**/assets/**/*.js",
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1_000 },
  );
  return () => release();
}

export type NewContext = (options?: BrowserContextOptions) => Promise<BrowserContext>;

/**
 * Journeys act like a visitor who starts once the page is interactive: `page.goto` waits
 * for hydration (pages paint before their scripts load, so a test could otherwise click
 * on server HTML that no script handles yet).
 *
 * And no journey may meet an uncaught script error: a visitor would meet it too. A
 * hydration mismatch, for one, is reported this way, after React has thrown the server's
 * HTML away and rendered the whole page again in the browser. That holds for `page` and
 * for every page of a context a journey opens with `newContext` (which it closes at the
 * end); `page.goto` there is the browser's own, for journeys that act before hydration.
 * Only a journey that blocks the site's scripts on purpose uses `browser.newContext()`.
 */
/**
 * React Router's own abort of a request a quicker navigation made pointless, which it
 * sometimes leaves unhandled (a bare AbortError, "signal is aborted without reason"; seen
 * once in CI on a back-office navigation, nothing on the page broke). Upstream:
 * remix-run/react-router#14203, #14761. Every other uncaught error still fails the journey.
 */
function isRouterAbort(error: Error): boolean {
  return error.message === "signal is aborted without reason";
}

export const test = base.extend<{ newContext: NewContext }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => {
      if (!isRouterAbort(error)) errors.push(error.message);
    });
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
  newContext: async ({ browser }, use) => {
    const errors: string[] = [];
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      context.on("page", (page) =>
        page.on("pageerror", (error) => {
          if (!isRouterAbort(error)) errors.push(`${page.url()}: ${error.message}`);
        }),
      );
      return context;
    });
    await Promise.all(contexts.map((context) => context.close()));
    expect(errors, "uncaught errors in the pages of the journey's own contexts").toEqual([]);
  },
});
