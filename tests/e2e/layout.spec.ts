import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";

test.describe("on a phone (390px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the side menu opens 300px wide, keeps focus inside, and closes on Escape, the close button and a link", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.click();
    const menu = page.getByRole("dialog", { name: "Site menu" });
    await expect(menu).toBeVisible();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(300);
    for (const name of [
      "How It Works",
      "Pricing",
      "Case Studies",
      "Client Examples",
      "Get Started",
    ]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    // Tabbing many times, forwards and backwards, never leaves the dialog.
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let i = 0; i < 15; i++) {
        await page.keyboard.press(key);
        expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    await opener.click();
    await expectNoAxeViolations(page);
    await menu.getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/book-a-call\?from=header-get-started$/);
    await expect(menu).toBeHidden();
  });
});

test("on a slow phone the menu opens from the first tap, before the page's scripts have started, and its links work", async ({
  newContext,
}) => {
  const page = await (await newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.route("**/assets/**/*.js", () => {
    // Never arrive.
  });
  await page.goto("/pricing", { waitUntil: "domcontentloaded" });
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Site menu" });
  await expect(menu).toBeVisible();
  await menu.getByRole("button", { name: "Close menu" }).click();
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("link", { name: "How It Works" }).click();
  await expect(page).toHaveURL(/\/how-northstory-works-audience$/);
});

test.describe("from the sm breakpoint (640px)", () => {
  test.use({ viewport: { width: 640, height: 900 } });

  test("the side menu is 400px wide", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Site menu" });
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(400);
    await expectNoAxeViolations(page);
  });
});

test.describe("on a desktop (1280px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the main navigation shows every link and the Client Success dropdown works by mouse", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "How It Works" })).toHaveAttribute(
      "href",
      "/how-northstory-works-audience",
    );
    await expect(nav.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
    await expect(nav.getByRole("link", { name: "Get Started" })).toHaveAttribute(
      "href",
      "/book-a-call?from=header-get-started",
    );
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();

    const toggle = nav.getByRole("button", { name: "Client Success" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Case Studies" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Client Examples" })).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(nav.getByRole("link", { name: "Case Studies" })).toBeHidden();
  });

  test("the dropdown opens with Enter and Space and Escape closes it and returns focus", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const toggle = nav.getByRole("button", { name: "Client Success" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Case Studies" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Client Examples" })).toBeHidden();
  });

  test("the top strip links Honesty and About, and Sign In opens the app in a new tab", async ({
    page,
  }) => {
    await page.goto("/");
    const strip = page.getByRole("navigation", { name: "More about us" });
    await expect(strip.getByRole("link", { name: "Honesty" })).toHaveAttribute("href", "/honesty");
    await expect(strip.getByRole("link", { name: "About" })).toHaveAttribute("href", "/about");
    const signIn = strip.getByRole("link", { name: /Sign In/ });
    await expect(signIn).toHaveAttribute("target", "_blank");
    await expect(signIn).toHaveAttribute("rel", "noopener noreferrer");
    await expect(signIn).toHaveAttribute("href", /^https:\/\//);
  });

  test("the footer has the call to action, the three link columns, the site map and this year's copyright", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(
      footer.getByRole("heading", { name: "Ready to start telling your story?" }),
    ).toBeVisible();
    await expect(footer.getByRole("link", { name: "Book A Call", exact: true })).toHaveAttribute(
      "href",
      "/book-a-call?from=footer",
    );
    for (const column of ["Features", "Company", "About"]) {
      await expect(footer.getByRole("navigation", { name: column })).toBeVisible();
    }
    await expect(footer.getByRole("link", { name: "Site map" })).toHaveAttribute(
      "href",
      "/sitemap.xml",
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Northstory`);
    await expect(footer).toContainText("1,000+");
    await expect(footer).toContainText("10+");
    await expect(footer).toContainText("4.6");
  });

  test("choosing a link at the bottom of a page opens the next page scrolled to the top", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

for (const width of [390, 1280]) {
  test.describe(`figures and breadcrumbs at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("figures side by side sit level, each centred over its label where the row is centred", async ({
      page,
    }) => {
      for (const path of ["/", "/about", "/founder-brand-case-studies/cue-case-study"]) {
        await page.goto(path);
        // Every row of figures on the page (the claims band, the footer, a card's facts).
        const rows = await page.locator("dl").evaluateAll((lists) =>
          lists
            .map((list) => {
              const pairs = [...list.children].filter((pair) => pair.querySelector(":scope > dd"));
              return pairs.map((pair) => {
                const figure = pair.querySelector(":scope > dd") as HTMLElement;
                const label = pair.querySelector(":scope > dt") as HTMLElement;
                // The figure's own content (text and star), not its box.
                const range = document.createRange();
                range.selectNodeContents(figure);
                const drawn = range.getBoundingClientRect();
                const labelBox = label.getBoundingClientRect();
                return {
                  top: Math.round(figure.getBoundingClientRect().top),
                  figureCentre: drawn.left + drawn.width / 2,
                  labelCentre: labelBox.left + labelBox.width / 2,
                  centred: getComputedStyle(list).textAlign === "center",
                };
              });
            })
            .filter((pairs) => pairs.length > 1),
        );
        expect(rows.length, path).toBeGreaterThan(0);
        for (const pairs of rows) {
          // One row of figures: each cell's figure at the same height (within a pixel), even
          // when one label wraps to more lines than its neighbours'.
          const sameRow = pairs.filter((pair) => Math.abs(pair.top - (pairs[0]?.top ?? 0)) < 60);
          expect(new Set(sameRow.map((pair) => pair.top)).size, path).toBe(1);
          for (const pair of pairs.filter((each) => each.centred)) {
            expect(
              Math.abs(pair.figureCentre - pair.labelCentre),
              JSON.stringify({ path, pair }),
            ).toBeLessThan(4);
          }
        }
      }
    });

    test("an article's breadcrumb stays on one line, its long title cut short", async ({
      page,
    }) => {
      await page.goto("/blog/year-one-of-founder-led-marketing");
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
      // Each item's middle: the links are taller (a finger's height) than the current page.
      const middles = await crumbs.evaluateAll((items) =>
        items.map((item) => {
          const box = item.getBoundingClientRect();
          return Math.round(box.top + box.height / 2);
        }),
      );
      expect(middles).toHaveLength(3);
      expect(new Set(middles).size).toBe(1);
      // The whole title is still there for a screen reader.
      await expect(crumbs.last()).toHaveText("What Year One of Founder-Led Marketing Looks Like");
    });
  });
}

test("printed, an article is black on white without the site's navigation, and its first paint carries no print rules", async ({
  page,
}) => {
  await page.goto("/blog/account-based-content");
  const inline = await page.locator("style#app-styles").textContent();
  expect(inline).not.toContain("@media print");
  // The whole stylesheet, with the print rules, comes once the scripts run.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.styleSheets].some((sheet) => sheet.href && sheet.cssRules.length > 0),
      ),
    )
    .toBe(true);
  const footerText = page.locator("footer p").first();
  const colour = (locator: typeof footerText) =>
    locator.evaluate((element) => getComputedStyle(element).color);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  expect(await colour(footerText)).not.toBe("rgb(0, 0, 0)");

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "More about us" })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await colour(footerText)).toBe("rgb(0, 0, 0)");
  expect(
    await page.locator("footer").evaluate((element) => getComputedStyle(element).backgroundColor),
  ).toBe("rgba(0, 0, 0, 0)");
  expect(
    await page.getByRole("banner").evaluate((element) => getComputedStyle(element).position),
  ).toBe("static");
});
