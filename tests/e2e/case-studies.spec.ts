import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";

const base = "/founder-brand-case-studies";

const studies = [
  {
    slug: "amoeba-ai",
    tab: "Amoeba AI",
    headings: ["Have you met Mara?"],
    stats: [] as string[],
    video: true,
  },
  {
    slug: "the-spikes-case-study",
    tab: "The Spikes",
    headings: ["The challenge", "The solution", "The results"],
    stats: ["7"],
    video: false,
  },
  {
    slug: "cue-case-study",
    tab: "Cue",
    headings: ["Challenge", "Solution", "Results"],
    stats: ["16", "9.7%", "$30k"],
    video: true,
  },
  {
    slug: "blast-media",
    tab: "Blast Media",
    headings: ["Challenge", "Solution", "Result"],
    stats: ["$1M+", "12X ROI"],
    video: true,
  },
  {
    slug: "storyboard-media",
    tab: "Storyboard Media",
    headings: ["Strategy and Goals", "Implementation", "Results"],
    stats: ["10x", "2"],
    video: true,
  },
];

test("a direct request for the bare case-study path is redirected by the server to Amoeba AI", async ({
  page,
  request,
}) => {
  const response = await request.get(base, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe(`${base}/amoeba-ai`);

  await page.goto(base);
  await expect(page).toHaveURL(new RegExp(`${base}/amoeba-ai$`));
  const tabs = page.getByRole("navigation", { name: "Case studies" });
  await expect(tabs.getByRole("link", { name: "Amoeba AI" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test.describe("on a desktop (1280px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("choosing Case Studies in the menu lands on Amoeba AI and Back skips the bare path", async ({
    page,
  }) => {
    await page.goto("/pricing");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Client Success" }).click();
    await nav.getByRole("link", { name: "Case Studies" }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/amoeba-ai$`));
    await expect(page.getByRole("heading", { name: "Have you met Mara?" })).toBeVisible();
    // The redirect replaced the history entry: one step back is the page we came from.
    await page.goBack();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`${base}/amoeba-ai$`));
  });

  test("the tabs switch between the five studies and highlight only the active one", async ({
    page,
  }) => {
    await page.goto(`${base}/amoeba-ai`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Founder brands that built pipeline",
    );
    await expect(page.getByRole("link", { name: "Start Your Success Story" })).toHaveAttribute(
      "href",
      "/book-a-call?from=case-study-amoeba-ai",
    );
    const tabs = page.getByRole("navigation", { name: "Case studies" });
    await expect(tabs.getByRole("link")).toHaveText(studies.map((study) => study.tab));

    // Each study has its own picture, of its own height: the tabs must not move under the
    // pointer from one study to the next.
    const tabsTop = (await tabs.boundingBox())?.y;
    for (const study of studies) {
      await tabs.getByRole("link", { name: study.tab, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${base}/${study.slug}$`));
      await expect(tabs.locator('[aria-current="page"]')).toHaveText(study.tab);
      // The header's picture is of the study being read, not of one study on every page.
      const art = page
        .locator("section", { has: page.getByRole("heading", { level: 1 }) })
        .getByRole("img")
        .first();
      await expect(art).toBeVisible();
      await expect(art).toHaveAccessibleName(
        new RegExp(`^(A pipeline chart from the )?${study.tab}\\b`),
      );
      for (const other of studies.filter((candidate) => candidate !== study)) {
        await expect(art).not.toHaveAccessibleName(new RegExp(`\\b${other.tab}\\b`));
      }
      expect((await tabs.boundingBox())?.y).toBe(tabsTop);
      await expect(tabs.getByRole("link", { name: study.tab, exact: true })).toHaveCSS(
        "background-color",
        "rgb(31, 62, 163)",
      );
      const article = page.getByRole("article");
      for (const heading of study.headings) {
        await expect(
          article.getByRole("heading", { level: 3, name: heading, exact: true }),
        ).toBeVisible();
      }
      for (const stat of study.stats) {
        await expect(article.locator("dd").getByText(stat, { exact: true })).toBeVisible();
      }
      await expect(article.getByRole("button", { name: /^Play video/ })).toHaveCount(
        study.video ? 1 : 0,
      );
      if (study.video) {
        // The poster frame has the speaker in it, not the empty set.
        await expect(
          article.getByRole("button", { name: /^Play video/ }).locator("img"),
        ).toHaveAttribute("src", /^\/assets\/poster-(?!studio-)[a-z]+-[a-z]+-[\w-]+\.svg$/);
      }
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Founder brands that built pipeline",
      );
    }
  });

  test("a study's video loads from the video host only when the visitor presses play", async ({
    page,
  }) => {
    const videoRequests: string[] = [];
    await page.route(/youtube/, (route) => {
      videoRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<p>video</p>" });
    });
    await page.goto(`${base}/cue-case-study`);
    await expect(page.getByRole("blockquote")).toContainText(
      "I had the opinions but not the hours.",
    );
    expect(videoRequests).toEqual([]);
    // Pressed from the keyboard: the player takes the focus of the button it replaces.
    await page.getByRole("button", { name: /^Play video/ }).focus();
    await page.keyboard.press("Enter");
    const player = page.locator('iframe[src*="youtube-nocookie.com/embed/Lk3vR8tWb2Q"]');
    await expect(player).toBeVisible();
    await expect(player).toBeFocused();
    expect(videoRequests.length).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
  });
});

test("each study's content and metadata are in the server HTML, with the $30k pilot stated consistently", async ({
  request,
}) => {
  for (const study of studies) {
    const response = await request.get(`${base}/${study.slug}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`${study.tab} Case Study | Northstory</title>`);
    expect(html).toMatch(
      new RegExp(`<link rel="canonical" href="http://localhost:\\d+${base}/${study.slug}"/>`),
    );
    for (const heading of study.headings) expect(html).toContain(`>${heading}</h3>`);
    expect(html).not.toContain("$25k");
  }
  const cue = await (await request.get(`${base}/cue-case-study`)).text();
  expect(cue).toMatch(
    /<meta name="description" content="[^"]*16 leads[^"]*9\.7%[^"]*\$30k pilot within 90 days/,
  );
  expect(cue).toContain("$30k");
  expect(cue).toContain("first 10 weeks");
  const spikes = await (await request.get(`${base}/the-spikes-case-study`)).text();
  expect(spikes).toMatch(
    /<meta name="description" content="[^"]*7 new clients in the first 9 months/,
  );
  const storyboard = await (await request.get(`${base}/storyboard-media`)).text();
  expect(storyboard).toContain("The first deal closed after 5 months");
  const unknown = await request.get(`${base}/not-a-study`);
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain("<title>Page not found | Northstory</title>");
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    // Their accessibility, as they load, is checked by the sweep (accessibility.spec.ts).
    test("each study, opened directly, shows its active tab in view and fits the screen", async ({
      page,
    }) => {
      for (const study of studies) {
        await test.step(study.tab, async () => {
          await page.goto(`${base}/${study.slug}`);
          const tabs = page.getByRole("navigation", { name: "Case studies" });
          const active = tabs.getByRole("link", { name: study.tab, exact: true });
          await expect(active).toHaveAttribute("aria-current", "page");
          await expect(active).toBeInViewport();
          await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
          // Nothing is wider than the screen.
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
          ).toBeLessThanOrEqual(viewport.width);
        });
      }
    });
  });
}
