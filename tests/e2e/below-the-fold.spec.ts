import { exposedHeadings } from "../support/accessibility-tree.ts";
import { expect, test } from "../support/fixtures.ts";

// Everything on a page is there for a screen reader from the start, however far below the
// first screen: a reader on a phone moves by headings through the whole page. (Blocks far
// below once skipped layout until they neared the viewport, `content-visibility: auto`;
// Chromium then left them out of the accessibility tree, headings and all.)

for (const route of ["/", "/pricing", "/about", "/terms", "/blog/writing-hooks-for-executives"]) {
  test(`a screen reader on a phone is given every heading of ${route}, named, from the start`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(route);
    const inPage = await page.evaluate(() =>
      [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")]
        .filter((heading) => heading.checkVisibility())
        .map((heading) => heading.textContent?.replace(/\s+/g, " ").trim() ?? ""),
    );
    expect(inPage.length).toBeGreaterThan(4);
    // The tree is not listed in reading order: the same headings, with the same names.
    expect((await exposedHeadings(page)).map((heading) => heading.name).sort()).toEqual(
      inPage.sort(),
    );
  });
}

for (const route of ["/how-northstory-works-audience", "/privacy-policy", "/", "/pricing"]) {
  test(`a keyboard user tabbing down ${route} and back up always sees where the focus is`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(route);
    const stops = await page.evaluate(
      () => document.querySelectorAll("main a[href], main button, footer a[href]").length,
    );
    expect(stops).toBeGreaterThan(10);
    /** Where the focus is after a key: seen means on screen and not under the sticky header. */
    const step = async (key: string) => {
      await page.keyboard.press(key);
      return page.evaluate(async () => {
        const frame = () => new Promise((done) => requestAnimationFrame(() => done(null)));
        await frame();
        await frame();
        const focused = document.activeElement;
        if (!focused || focused === document.body) return null;
        const box = focused.getBoundingClientRect();
        // Its top edge is what the page shows there: not off screen, nor under the sticky
        // header (what the browser draws at that point is the element itself).
        const atTop = document.elementFromPoint(box.left + box.width / 2, box.top + 2);
        const seen = box.height > 0 && atTop !== null && focused.contains(atTop);
        const name = `${focused.tagName} ${focused.textContent?.trim().slice(0, 40)}`;
        return { seen, name, inFooter: focused.closest("footer") !== null };
      });
    };
    const outOfView: string[] = [];
    let footerReached = false;
    for (let press = 0; press < stops + 10; press++) {
      const where = await step("Tab");
      if (where && !where.seen) outOfView.push(`down: ${where.name}`);
      if (where?.inFooter) footerReached = true;
    }
    // The walk went all the way to the footer, far below the first screen; then back up.
    expect(footerReached).toBe(true);
    for (let press = 0; press < stops; press++) {
      const where = await step("Shift+Tab");
      if (where && !where.seen) outOfView.push(`up: ${where.name}`);
    }
    expect(outOfView).toEqual([]);
  });
}
