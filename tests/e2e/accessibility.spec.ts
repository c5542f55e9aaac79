import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";

async function sitemapPaths(page: Page): Promise<string[]> {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
}

// The 67 routes in four parts a width, which the workers share: one test for all of them
// took 3.6 s a route on a slow machine and ran out of its four minutes.
const parts = 4;
for (const width of [390, 1280]) {
  for (let part = 0; part < parts; part++) {
    test(`every route has zero axe violations at ${width}px (part ${part + 1} of ${parts})`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: 900 });
      const paths = [...(await sitemapPaths(page)), "/blog?page=2", "/no-such-page"];
      expect(paths.length).toBeGreaterThan(60);
      for (const path of paths.filter((_, index) => index % parts === part)) {
        await page.goto(path);
        await test.step(path, () => expectNoAxeViolations(page));
      }
    });
  }
}

/** The focused element, and whether it shows a focus indicator (outline or ring). */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { label: "body", visible: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none";
    const label = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
    return { label, visible: outline || ring };
  });
}

/** Tabs until `name` has focus, checking every stop on the way shows where focus is. */
async function tabTo(page: Page, name: RegExp, { max = 60, shift = false } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(shift ? "Shift+Tab" : "Tab");
    const now = await focused(page);
    expect(now.visible, `no visible focus on ${now.label}`).toBe(true);
    if (name.test(now.label)) return;
  }
  throw new Error(`never reached ${name}`);
}

test("a keyboard-only visitor reaches and uses every control, always seeing where focus is", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Navigation and the Client Success dropdown.
  await page.goto("/");
  await tabTo(page, /Client Success/);
  await page.keyboard.press("Enter");
  await tabTo(page, /Case Studies/);
  await page.keyboard.press("Escape");
  await tabTo(page, /Get Started/);

  // Pricing: carousel controls and the FAQ.
  await page.goto("/pricing");
  await tabTo(page, /pause|play/i, { max: 80 });
  await page.keyboard.press("Enter");
  await tabTo(page, /What is included/, { max: 30 });
  await page.keyboard.press("Enter");
  await expect(
    page
      .locator("details")
      .filter({ has: page.locator("summary", { hasText: /What is included/ }) }),
  ).toHaveAttribute("open", "");

  // About: a leader's dialog opens and closes by keyboard.
  await page.goto("/about");
  await tabTo(page, /Jordan Ellery/, { max: 80 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  // Blog: pagination.
  await page.goto("/blog");
  await tabTo(page, /^a "2"|Page 2/, { max: 120 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/blog\?page=2$/);

  // Contact: the form, field by field.
  await page.goto("/contact");
  await tabTo(page, /^input ""/, { max: 40 });
  await page.keyboard.type("Keyboard Visitor");
  await tabTo(page, /^input ""/, { max: 2 });
  await page.keyboard.type("keys@example.com");
  await tabTo(page, /^textarea/, { max: 2 });
  await page.keyboard.type("Sent without a mouse.");
  await tabTo(page, /Send Message/, { max: 2 });
  await page.keyboard.press("Enter");
  await expect(page.getByText("Message Sent Successfully!")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the side menu is reachable and usable by keyboard, with visible focus", async ({
    page,
  }) => {
    await page.goto("/");
    await tabTo(page, /Open menu/);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Site menu" })).toBeVisible();
    await tabTo(page, /Pricing/, { max: 10 });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/pricing$/);
  });
});
