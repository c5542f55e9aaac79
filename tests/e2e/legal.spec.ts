import { expect, test } from "../support/fixtures.ts";

const documents = [
  {
    path: "/terms",
    title: "Terms of Service",
    sections: 18,
    jumpTo: "13. Limitation of Liability",
    text: "at least 18 years old",
    updated: { iso: "2026-11-28", long: "November 28, 2026" },
  },
  {
    path: "/privacy-policy",
    title: "Privacy Policy",
    sections: 16,
    jumpTo: "11. Your Rights and Choices",
    text: "we do not sell your personal information",
    updated: { iso: "2026-11-29", long: "November 29, 2026" },
  },
];

for (const doc of documents) {
  test(`${doc.path} is rendered from Markdown in the server HTML with its metadata and last-updated date`, async ({
    request,
  }) => {
    const response = await request.get(doc.path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${doc.title} | Northstory</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{110,160}"\/>/);
    expect(html).toMatch(
      new RegExp(`<link rel="canonical" href="http://localhost:\\d+${doc.path}"/>`),
    );
    // React writes the attribute as dateTime; HTML attribute names are case-insensitive.
    expect(html).toContain(`<time dateTime="${doc.updated.iso}">${doc.updated.long}</time>`);
    expect(html).toContain(doc.text);
    // Front matter is data, not page text.
    expect(html).not.toContain(`updated: ${doc.updated.iso}`);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width}px the ${doc.title} table of contents lists every section and its links jump to them`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(doc.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(doc.title);
      await expect(page.getByText(`Last updated: ${doc.updated.long}`)).toBeVisible();

      const toc = page.getByRole("navigation", { name: "On this page" });
      const links = toc.getByRole("link");
      await expect(links).toHaveCount(doc.sections);
      const sectionHeadings = page.getByRole("article").getByRole("heading", { level: 2 });
      await expect(sectionHeadings).toHaveCount(doc.sections);
      // Each entry points at the heading of the same name.
      expect(await links.allTextContents()).toEqual(await sectionHeadings.allTextContents());

      const target = page.getByRole("heading", { level: 2, name: doc.jumpTo });
      await expect(target).not.toBeInViewport();
      await toc.getByRole("link", { name: doc.jumpTo }).click();
      const id = await target.getAttribute("id");
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(target).toBeInViewport();
      // Not hidden under the sticky header (64px tall).
      await expect
        .poll(async () => (await target.boundingBox())?.y ?? -1)
        .toBeGreaterThanOrEqual(64);
      // And it stays at the top (the page's scroll padding, 80px), its place the same on
      // each of the next ten frames.
      const places = await target.evaluate(async (heading) => {
        const seen: number[] = [];
        for (let frame = 0; frame < 10; frame++) {
          await new Promise((done) => requestAnimationFrame(done));
          seen.push(Math.round(heading.getBoundingClientRect().top));
        }
        return seen;
      });
      for (const y of places)
        expect(y, `heading at ${places.join(", ")}`).toBeGreaterThanOrEqual(64);
      for (const y of places) expect(y, `heading at ${places.join(", ")}`).toBeLessThanOrEqual(120);
    });
  }
}
