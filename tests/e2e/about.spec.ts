import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";

const leaderNames = [
  "Jordan Ellery",
  "Priya Natarajan",
  "Marcus Bell",
  "Elena Sokolova",
  "Darnell Hayes",
  "Hannah Whitaker",
  "Tomás Rivera",
  "Grace Liu",
  "Samuel Okafor",
];

const leaderButton = (page: Page, name: string) =>
  page.getByRole("region", { name: "Leadership" }).getByRole("button", { name, exact: true });

test("the About page's story, TL;DR and every leader's name, title and bio are in the server HTML", async ({
  request,
}) => {
  const response = await request.get("/about");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("<title>About Us | Northstory</title>");
  expect(html).toMatch(
    /<meta name="description" content="Founded in 2014 in Durham, NC, Northstory is a team of 50\+/,
  );
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/about"\/>/);
  expect(html).toContain("Our story");
  expect(html).toContain("TL;DR");
  for (const name of leaderNames) expect(html).toContain(name);
  expect(html).toContain("President &amp; Chief Operating Officer");
  // A bio paragraph from the middle of a bio: the whole text is there, not just a teaser.
  expect(html).toContain("He spent six years recruiting for newsrooms and agencies");
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("the About page shows the story, the TL;DR and nine leader cards", async ({ page }) => {
      await page.goto("/about");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "We help founders become the voice their market trusts",
      );
      await expect(page.getByRole("heading", { name: "Our story", exact: true })).toBeVisible();
      await expect(page.getByRole("complementary", { name: "TL;DR" })).toContainText(
        "Founded in 2014 in Durham, NC",
      );
      const leadership = page.getByRole("region", { name: "Leadership" });
      await expect(leadership.getByRole("listitem")).toHaveCount(9);
      for (const name of leaderNames) await expect(leaderButton(page, name)).toBeVisible();
      // Every portrait has its size in the markup, so nothing shifts while it loads.
      for (const img of await leadership.locator("img").all()) {
        await expect(img).toHaveAttribute("width", "320");
        await expect(img).toHaveAttribute("height", "320");
      }
      await leadership.scrollIntoViewIfNeeded();
      await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          leadership
            .locator("img")
            .evaluateAll((images) =>
              images.every((img) => (img as HTMLImageElement).naturalWidth > 0),
            ),
        )
        .toBe(true);
    });

    test("the sub-navigation marks the current page on each About page", async ({ page }) => {
      for (const [path, name, heading] of [
        ["/about", "About", "We help founders become the voice their market trusts"],
        ["/about/values", "Values", "We wear the HAT"],
        ["/about/careers", "Careers", "Do the best work of your career with good people"],
        ["/about/partners", "Partners", "Grow with the Northstory partner program"],
      ] as const) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
          const subnav = page.getByRole("navigation", { name: "About sections" });
          for (const label of ["About", "Values", "Careers", "Partners", "Contact"]) {
            await expect(subnav.getByRole("link", { name: label, exact: true })).toBeVisible();
          }
          await expect(subnav.getByRole("link", { name: "Contact" })).toHaveAttribute(
            "href",
            "/contact?from=about-subnav",
          );
          await expect(subnav.locator('[aria-current="page"]')).toHaveCount(1);
          await expect(subnav.getByRole("link", { name, exact: true })).toHaveAttribute(
            "aria-current",
            "page",
          );
        });
      }
    });
  });
}

test("the current sub-page is highlighted in the server HTML too, and follows client-side navigation", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/about/careers")).text();
  const subnavHtml = html.match(/<nav aria-label="About sections".*?<\/nav>/)?.[0] ?? "";
  expect(subnavHtml.match(/aria-current="page"/g)).toHaveLength(1);
  expect(subnavHtml).toMatch(/aria-current="page"[^>]*href="\/about\/careers"/);

  await page.goto("/about");
  const subnav = page.getByRole("navigation", { name: "About sections" });
  await subnav.getByRole("link", { name: "Values" }).click();
  await expect(page).toHaveURL(/\/about\/values$/);
  await expect(subnav.getByRole("link", { name: "Values" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(subnav.getByRole("link", { name: "About", exact: true })).not.toHaveAttribute(
    "aria-current",
  );
  await expect(subnav.getByRole("link", { name: "Values" })).toHaveCSS("color", "rgb(31, 62, 163)");
  await expect(subnav.getByRole("link", { name: "Careers" })).not.toHaveCSS(
    "color",
    "rgb(31, 62, 163)",
  );
});

test.describe("the leader dialog", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("clicking a card opens the leader's dialog; Escape closes it, returns focus and clears the selection", async ({
    page,
  }) => {
    await page.goto("/about");
    const button = leaderButton(page, "Priya Natarajan");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    // Anywhere on the card opens it, not only the name: click the portrait.
    // The name button's hit area covers the card, so a click on the portrait is a click on it.
    const portrait = page
      .getByRole("region", { name: "Leadership" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: "Priya Natarajan", exact: true }) })
      .locator("img")
      .first();
    await portrait.scrollIntoViewIfNeeded();
    const box = await portrait.boundingBox();
    if (!box) throw new Error("the portrait is not on screen");
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);

    const dialog = page.getByRole("dialog", { name: "Priya Natarajan" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Priya Natarajan" })).toBeVisible();
    await expect(dialog).toContainText("President & Chief Operating Officer");
    await expect(dialog).toContainText("She joined Northstory in 2016");
    await expect(dialog).toContainText("Priya holds an MBA");
    const photo = dialog.getByRole("img", { name: "Portrait of Priya Natarajan" });
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const linkedIn = dialog.getByRole("link", { name: /View LinkedIn/ });
    await expect(linkedIn).toHaveAttribute(
      "href",
      "https://www.linkedin.com/in/priya-natarajan-northstory-example",
    );
    await expect(linkedIn).toHaveAttribute("target", "_blank");
    await expect(linkedIn).toHaveAttribute("rel", "noopener noreferrer");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expect(button).toHaveAttribute("aria-expanded", "true");
    // Only one dialog is ever open.
    await expect(page.getByRole("dialog")).toHaveCount(1);
    await expectNoAxeViolations(page);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect(page.locator('[aria-haspopup="dialog"][aria-expanded="true"]')).toHaveCount(0);

    // The selection was cleared, so choosing the same leader again opens the dialog again.
    await button.click();
    await expect(dialog).toBeVisible();
    // A click on the backdrop closes it too.
    await page.mouse.click(10, 400);
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    // Another leader shows their own details.
    await leaderButton(page, "Grace Liu").click();
    const grace = page.getByRole("dialog", { name: "Grace Liu" });
    await expect(grace).toContainText("Director of Finance & People Operations");
    await expect(grace.getByRole("link", { name: /View LinkedIn/ })).toHaveAttribute(
      "href",
      "https://www.linkedin.com/in/grace-liu-northstory-example",
    );
    await page.keyboard.press("Escape");
    await expect(grace).toBeHidden();
  });

  test("the LinkedIn icon on a card opens the profile in a new tab without opening the dialog", async ({
    page,
    context,
  }) => {
    await context.route(/^https:\/\/www\.linkedin\.com\//, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<title>LinkedIn profile</title>",
      }),
    );
    await page.goto("/about");
    const icon = page.getByRole("link", { name: "Marcus Bell on LinkedIn (opens in a new tab)" });
    await expect(icon).toHaveAttribute(
      "href",
      "https://www.linkedin.com/in/marcus-bell-northstory-example",
    );
    await expect(icon).toHaveAttribute("target", "_blank");
    await expect(icon).toHaveAttribute("rel", "noopener noreferrer");

    const [profile] = await Promise.all([context.waitForEvent("page"), icon.click()]);
    await expect(profile).toHaveURL("https://www.linkedin.com/in/marcus-bell-northstory-example");
    await profile.close();

    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(leaderButton(page, "Marcus Bell")).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("the leader dialog by keyboard on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Enter on a leader's name opens the dialog, Tab stays inside it, and the close button returns focus", async ({
    page,
  }) => {
    await page.goto("/about");
    const button = leaderButton(page, "Tomás Rivera");
    // Reach the name by tabbing from the previous card's LinkedIn link.
    await page
      .getByRole("link", { name: "Hannah Whitaker on LinkedIn (opens in a new tab)" })
      .focus();
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "Tomás Rivera" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Head of Strategy");
    // Tab cycles through the dialog; past its last control Chrome hands focus to the browser's
    // own UI (the document body), but never to the page behind the dialog.
    const visited = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      const where = await dialog.evaluate((element) =>
        element.contains(document.activeElement)
          ? (document.activeElement?.textContent ?? "")
          : document.activeElement === document.body
            ? "browser"
            : "page behind",
      );
      expect(where).not.toBe("page behind");
      visited.add(where);
    }
    expect([...visited].filter((where) => where !== "browser").length).toBe(2);
    // The dialog fits the phone screen.
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    await dialog.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    await page.keyboard.press("Space");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

test("the values page explains HAT: happiness, accountability and transparency", async ({
  page,
}) => {
  await page.goto("/about/values");
  await expect(page).toHaveTitle("Our Values: HAT | Northstory");
  for (const value of ["Happiness", "Accountability", "Transparency"]) {
    await expect(page.getByRole("heading", { level: 3, name: value })).toBeVisible();
  }
});

test("the careers page lists the benefits, the equal opportunity statement, no current openings and the LinkedIn page", async ({
  page,
}) => {
  await page.goto("/about/careers");
  for (const benefit of [
    "Health insurance",
    "Unlimited vacation",
    "Parental leave",
    "Flexibility",
    "Savings and retirement",
    "Good people",
  ]) {
    await expect(page.getByRole("heading", { level: 3, name: benefit })).toBeVisible();
  }
  await expect(page.getByText("6 weeks of fully paid parental leave")).toContainText(
    "optional additional 6 weeks of unpaid",
  );
  await expect(page.getByRole("heading", { name: "Equal opportunity" })).toBeVisible();
  await expect(page.getByText("is an equal opportunity employer")).toBeVisible();
  await expect(page.getByText("No current openings")).toBeVisible();
  const linkedIn = page.getByRole("link", { name: /Follow Northstory on LinkedIn/ });
  await expect(linkedIn).toHaveAttribute(
    "href",
    "https://www.linkedin.com/company/northstory-example",
  );
  await expect(linkedIn).toHaveAttribute("target", "_blank");
});

test("Join Our Partner Program leads through /about/contact, a permanent redirect, to the contact page", async ({
  page,
  request,
}) => {
  const redirect = await request.get("/about/contact", { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers().location).toBe("/contact");

  await page.goto("/about/partners");
  const join = page.getByRole("link", { name: "Join Our Partner Program" }).first();
  await expect(join).toHaveAttribute("href", "/about/contact");
  await join.click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1, name: "Drop us a line." })).toBeVisible();
});
