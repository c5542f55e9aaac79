import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "../support/fixtures.ts";

// Blocks far below the first screen skip layout until they near the viewport
// (content-visibility: auto in app/site.css). A visitor must not be able to tell.

/** Switches the skipping off, so the page lays out everything at once, as it used to. */
const layOutEverything = "*{content-visibility:visible!important}";

/** The blocks that may skip layout: main's sections and the blocks of an article or legal text. */
const blocks = "main > section, .prose > *";

/** Where each block stands on the page. */
async function blockPositions(page: Page) {
  return page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)].map((block) => {
        const box = block.getBoundingClientRect();
        return `${block.tagName} ${Math.round(box.top + window.scrollY)}+${Math.round(box.height)}`;
      }),
    blocks,
  );
}

/** Blocks the browser has not laid out yet because they are far from the viewport. */
async function skippedBlocks(page: Page) {
  return page.evaluate(
    (selector) =>
      // A skipped block's contents report themselves hidden; the block itself does not.
      [...document.querySelectorAll(selector)].filter(
        (block) =>
          block.firstElementChild &&
          !block.firstElementChild.checkVisibility({ contentVisibilityAuto: true }),
      ).length,
    blocks,
  );
}

/** Scrolls to the bottom a screen at a time, as a reader would, then back to the top. */
async function readToTheEnd(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => done(null)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await frame();
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
}

for (const route of ["/terms", "/blog/writing-hooks-for-executives", "/", "/about"]) {
  test(`${route} lays out only what is near the screen, and nothing moves as a reader scrolls through it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Both pages from the cache, so both are drawn in the brand faces: a first load on a
    // busy machine may miss the faces' short wait (font-display: optional) and wrap its
    // lines in the fallback faces, which would move blocks for a reason that is not this one.
    await page.goto(route);
    await page.evaluate(() => document.fonts.ready);
    await page.goto(route);
    expect(await skippedBlocks(page)).toBeGreaterThan(0);
    await readToTheEnd(page);
    const scrolled = await blockPositions(page);

    const whole = await page.context().newPage();
    await whole.setViewportSize({ width: 390, height: 844 });
    await whole.goto(route);
    await whole.addStyleTag({ content: layOutEverything });
    expect(await skippedBlocks(whole)).toBe(0);
    // Every block at the same place and size as when the page lays out everything at once.
    expect(scrolled).toEqual(await blockPositions(whole));
  });
}

test("a keyboard user's focus ring on a link far down the terms is drawn whole", async ({
  page,
  newContext,
}) => {
  const late = ".prose > p:nth-child(n + 6) a";
  /** The focused link and its ring, as a keyboard user sees it. */
  const focusRing = async (target: Page) => {
    // Both pictures in the brand faces: a face is used only when it arrives within its
    // short wait (app/fonts.css), which a first load on a busy machine may miss; from the
    // cache it always does.
    await target.goto("/terms");
    await target.evaluate(() => document.fonts.ready);
    await target.goto("/terms");
    const link = target.locator(late).first();
    await waitForHydration(target);
    // Keyboard focus, as Tab gives it, so the ring shows (:focus-visible).
    await target.keyboard.press("Tab");
    await link.focus();
    await expect(link).toBeFocused();
    await link.evaluate((element) => element.scrollIntoView({ block: "center" }));
    const box = await link.boundingBox();
    if (!box) throw new Error("the link has no box");
    return target.screenshot({
      clip: { x: box.x - 6, y: box.y - 6, width: box.width + 12, height: box.height + 12 },
      animations: "disabled",
    });
  };
  await page.setViewportSize({ width: 390, height: 844 });
  const shown = await focusRing(page);
  // The block holding the focus is no longer contained, so nothing clips the ring.
  const paragraph = page.locator(late).first().locator("xpath=..");
  expect(await paragraph.evaluate((p) => getComputedStyle(p).contentVisibility)).toBe("visible");

  const whole = await (await newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await whole.addInitScript((css) => {
    document.addEventListener("DOMContentLoaded", () => {
      const style = document.createElement("style");
      style.textContent = css;
      document.head.append(style);
    });
  }, layOutEverything);
  expect(shown.equals(await focusRing(whole))).toBe(true);
});

for (const route of ["/how-northstory-works-audience", "/privacy-policy"]) {
  test(`a keyboard user tabbing down ${route} always sees where the focus is`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(route);
    const stops = await page.evaluate(
      () => document.querySelectorAll("main a[href], main button, footer a[href]").length,
    );
    expect(stops).toBeGreaterThan(10);
    const outOfView: string[] = [];
    let footerReached = false;
    for (let press = 0; press < stops + 10; press++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(async () => {
        // Once the browser has laid out the blocks it scrolled to (two frames).
        const frame = () => new Promise((done) => requestAnimationFrame(() => done(null)));
        await frame();
        await frame();
        const focused = document.activeElement;
        if (!focused || focused === document.body) return null;
        const box = focused.getBoundingClientRect();
        const seen = box.bottom > 0 && box.top < window.innerHeight && box.height > 0;
        const name = `${focused.tagName} ${focused.textContent?.trim().slice(0, 40)}`;
        return { seen, name, inFooter: focused.closest("footer") !== null };
      });
      if (where && !where.seen) outOfView.push(where.name);
      if (where?.inFooter) footerReached = true;
    }
    expect(outOfView).toEqual([]);
    // The walk went all the way to the footer, far below the first screen.
    expect(footerReached).toBe(true);
  });
}
