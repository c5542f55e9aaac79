import type { Page } from "@playwright/test";
import { expectNoAxeViolations, withScriptsForAxe } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";

const path = "/founder-brand-content-examples";

const authors = [
  "Dr. Mara Lindqvist",
  "Lauren Spike",
  "Devon Mercer",
  "Alicia Romero",
  "Ben Adeyemi",
  "Keisha Thompson",
  "Raj Malhotra",
  "Claire Donovan",
  "Miguel Santos",
  "Dr. Naomi Feld",
];

const grid = (page: Page) => page.getByRole("list", { name: "Posts from our clients" });

/** The authors in the order the cards appear. */
async function shownOrder(page: Page): Promise<string[]> {
  await expect(grid(page).locator(":scope > li > article")).toHaveCount(10);
  return grid(page)
    .locator(":scope > li > article")
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("aria-label") ?? ""));
}

/** The authors in the order of the cards in a document as the server sent it. */
function serverOrder(html: string): string[] {
  return [...html.matchAll(/<article\b[^>]*\baria-label="([^"]+)"/g)].map(
    (match) => match[1] ?? "",
  );
}

test("every load shows all ten posts, and the order changes from one load to the next", async ({
  page,
}) => {
  const orders: string[][] = [];
  for (let load = 0; load < 5; load++) {
    await page.goto(path);
    const order = await shownOrder(page);
    expect([...order].sort()).toEqual([...authors].sort());
    orders.push(order);
  }
  // Five identical shuffles of ten posts would happen about once in 10^26 runs.
  expect(new Set(orders.map((order) => order.join("|"))).size).toBeGreaterThan(1);
  await expect(grid(page)).toHaveCSS("opacity", "1");
});

test("the page keeps the server's order: the cards never change order, before or after hydration", async ({
  page,
}) => {
  // Before every frame, note the order of the cards.
  await page.addInitScript(() => {
    const frames: string[] = [];
    (window as unknown as { __frames: typeof frames }).__frames = frames;
    const sample = () => {
      const cards = document.querySelectorAll("main ul > li > article[aria-label]");
      if (cards.length > 0) {
        frames.push([...cards].map((card) => card.getAttribute("aria-label")).join("|"));
      }
      if (frames.length < 600) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  const response = await page.goto(path);
  const fromServer = serverOrder((await response?.text()) ?? "");
  expect([...fromServer].sort()).toEqual([...authors].sort());
  // Hydrated (page.goto waits for it): the order is still the one the server sent.
  expect(await shownOrder(page)).toEqual(fromServer);
  const frames = await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames);
  expect(frames.length).toBeGreaterThan(0);
  // A frame drawn while the document was still arriving shows the first cards only: each
  // frame must show the server's order, or the beginning of it.
  const reordered = [...new Set(frames)].filter(
    (frame) => !`${fromServer.join("|")}|`.startsWith(`${frame}|`),
  );
  expect(reordered).toEqual([]);
  expect(frames.at(-1)).toBe(fromServer.join("|"));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the ten posts are visible at once, in an order shuffled on the server for each load", async ({
    page,
    newContext,
  }) => {
    const orders = new Set<string>();
    for (let load = 0; load < 5; load++) {
      await page.goto(path);
      const list = grid(page);
      const cards = list.locator(":scope > li > article");
      await expect(cards).toHaveCount(10);
      // Right away, not after a delay: nothing between the card and the page is transparent.
      const opacities = await cards.evaluateAll((elements) =>
        elements.map((card) => {
          let opacity = 1;
          for (let node: Element | null = card; node; node = node.parentElement) {
            opacity *= Number(getComputedStyle(node).opacity);
          }
          return opacity;
        }),
      );
      expect(opacities).toEqual(Array(10).fill(1));
      for (const card of await cards.all()) await expect(card).toBeVisible();
      const order = await shownOrder(page);
      expect([...order].sort()).toEqual([...authors].sort());
      orders.add(order.join("|"));
    }
    expect(orders.size).toBeGreaterThan(1);

    const list = grid(page);
    for (const link of await list.getByRole("link", { name: /View on LinkedIn/ }).all()) {
      await expect(link).toHaveAttribute(
        "href",
        /^https:\/\/www\.linkedin\.com\/feed\/update\/urn:li:share:\d+\/$/,
      );
    }
    await expectNoAxeViolations(await withScriptsForAxe(page, newContext));
  });
});

test("the page and all ten posts' previews are in the server HTML with their metadata", async ({
  request,
}) => {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("<title>Founder Brand Content Examples | Northstory</title>");
  expect(html).toMatch(/<meta name="description" content="Ten real LinkedIn posts/);
  for (const author of authors) expect(html).toContain(author);
  // No third-party frame until asked.
  expect(html).not.toContain("<iframe");
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("Load post swaps one preview for the LinkedIn embed, in the same space, only when asked", async ({
      page,
    }) => {
      const thirdParty: string[] = [];
      page.on("request", (request) => {
        if (!request.url().startsWith("http://localhost")) thirdParty.push(request.url());
      });
      await page.route(/^https:\/\/www\.linkedin\.com\//, (route) =>
        route.fulfill({ status: 200, contentType: "text/html", body: "<p>LinkedIn post</p>" }),
      );
      await page.goto(path);
      await shownOrder(page);
      expect(thirdParty).toEqual([]);

      const card = page.getByRole("article", { name: "Devon Mercer" });
      await expect(card).toContainText("Founder & CEO, Cue");
      await expect(card).toContainText("the worst discovery question in B2B sales");
      const view = card.getByRole("link", { name: /View on LinkedIn/ });
      await expect(view).toHaveAttribute(
        "href",
        "https://www.linkedin.com/feed/update/urn:li:share:7323587730019266560/",
      );
      await expect(view).toHaveAttribute("target", "_blank");
      await expect(view).toHaveAttribute("rel", "noopener noreferrer");

      await card.scrollIntoViewIfNeeded();
      const before = await card.boundingBox();
      // The frame can show before its request is reported: wait for the request itself.
      const embedRequest = page.waitForRequest(/^https:\/\/www\.linkedin\.com\/embed\//);
      await card.getByRole("button", { name: "Load post by Devon Mercer" }).click();
      const embed = card.locator("iframe");
      await expect(embed).toHaveAttribute(
        "src",
        "https://www.linkedin.com/embed/feed/update/urn:li:share:7323587730019266560",
      );
      await expect(embed).toHaveAttribute("title", "LinkedIn post by Devon Mercer");
      // Focus stays where the button was. (Not toBeFocused: that also requires the page's
      // document.hasFocus(), which a busy machine's headless Chromium can report false while
      // the cross-origin frame loads: it failed that way once in CI.)
      await expect
        .poll(() => embed.evaluate((frame) => frame === document.activeElement))
        .toBe(true);
      await embedRequest;
      expect(thirdParty.some((url) => url.startsWith("https://www.linkedin.com/embed/"))).toBe(
        true,
      );
      const after = await card.boundingBox();
      expect({ width: after?.width, height: after?.height }).toEqual({
        width: before?.width,
        height: before?.height,
      });
      // Every card is the same height, so the order cannot change the page's length.
      const heights = await grid(page)
        .locator(":scope > li > article")
        .evaluateAll(
          (cards) => new Set(cards.map((element) => element.getBoundingClientRect().height)).size,
        );
      expect(heights).toBe(1);
      await expectNoAxeViolations(page);
    });
  });
}

test("reduced motion still gets a shuffled order", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const orders = new Set<string>();
  for (let load = 0; load < 5; load++) {
    await page.goto(path);
    orders.add((await shownOrder(page)).join("|"));
  }
  expect(orders.size).toBeGreaterThan(1);
});
