import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, leadIdsNamed, setOnLead, test } from "../support/back-office-e2e.ts";
import { waitForHydration } from "../support/fixtures.ts";

// Two visitors from one campaign, one of whom sends the form, as the test asks;
// with a crawler and a signed-in editor who must add nothing. The shared server counts every
// journey's visits, so this campaign's name is this run's own.

const safari =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const pixel =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const edge =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

test("two visitors from one campaign browse three pages and one sends the form: 2 visitors, 1 lead, 0.5; no cookie anywhere", async ({
  newContext,
  backOffice,
}) => {
  const campaign = `launch-${Date.now().toString(36)}`;
  const landing = `${backOffice.url}/?utm_source=linkedin&utm_medium=social&utm_campaign=${campaign}`;
  for (const [index, userAgent] of [safari, pixel].entries()) {
    const visitor = await (await newContext({ userAgent })).newPage();
    const cookies: string[] = [];
    visitor.on("response", (response) => {
      if (response.headers()["set-cookie"]) cookies.push(response.url());
    });
    await visitor.goto(landing, { referer: "https://www.linkedin.com/" });
    await waitForHydration(visitor);
    await visitor.getByRole("link", { name: "Pricing" }).first().click();
    await expect(visitor).toHaveURL(/\/pricing$/);
    // The address changes a moment before the pricing page replaces the home page: a click
    // in between can land on the outgoing page (it did once in CI).
    await expect(
      visitor.getByRole("heading", { level: 1, name: "Programs start at $3,000 per month" }),
    ).toBeVisible();
    // The footer's Contact link leads to the form (a click counted by its name, footer-nav).
    await visitor
      .getByRole("contentinfo")
      .getByRole("link", { name: "Contact", exact: true })
      .click();
    await expect(visitor).toHaveURL(/\/contact\?from=/);
    if (index === 0) {
      await visitor.getByLabel("Name *").fill("Campaign Reader");
      await visitor.getByLabel("Email *").fill("reader@example.com");
      await visitor.getByLabel("Message *").fill("Your LinkedIn post made me write.");
      await visitor.getByRole("button", { name: "Send Message" }).click();
      await expect(visitor.getByText("Message Sent Successfully!")).toBeVisible();
      // Then opens an article from a bookmark: a landing page and an article whose address
      // is longer than a phone's table has room for (the report must still fit).
      await visitor.goto(`${backOffice.url}/blog/writing-hooks-for-executives`);
    }
    expect(await visitor.evaluate(() => document.cookie)).toBe("");
    expect(cookies).toEqual([]);
  }

  // A crawler and a signed-in editor, on the same campaign link: not counted.
  const crawler = await (await newContext({ userAgent: googlebot })).newPage();
  await crawler.goto(landing);
  await backOffice.invite("ana@example.com", "editor", "Ana Lytics");
  const editor = await (await newContext({ userAgent: edge })).newPage();
  await backOffice.signIn(editor, "ana@example.com");
  await editor.goto(landing, { referer: "https://www.linkedin.com/" });
  await waitForHydration(editor);
  await editor.getByRole("link", { name: "Pricing" }).first().click();
  await expect(editor).toHaveURL(/\/pricing$/);

  // What the editor's report says (events are written every two seconds).
  const row = `linkedin,social,${campaign},2,1,0.5`;
  await expect
    .poll(
      async () =>
        (await (await editor.request.get(`${backOffice.url}/admin/analytics.csv?days=7`)).text())
          .split("\n")
          .find((line) => line.includes(campaign)),
      { timeout: 15_000 },
    )
    .toBe(row);
  // The sales team puts a value on the lead: the report says what the campaign is worth.
  const [leadId = ""] = await leadIdsNamed(backOffice, "reader@example.com");
  await setOnLead(backOffice, leadId, { intent: "value", value: "36000" });
  await editor.goto(`${backOffice.url}/admin/analytics?days=7`);
  const deals = editor.getByRole("region", {
    name: "Deal values of the range's leads by source, medium and campaign: open, won and lost",
  });
  await expect(deals.getByRole("row").filter({ hasText: campaign })).toHaveText(
    new RegExp(`LinkedIn\\s*social · ${campaign}\\s*1 of 1\\s*\\$36,000\\s*\\$0\\s*\\$0`),
  );
  const sources = editor.getByRole("region", {
    name: "Visitors and leads by source, medium and campaign",
  });
  await expect(sources.getByRole("row").filter({ hasText: campaign })).toHaveText(
    // The source named as the leads inbox names it; the CSV above keeps "linkedin".
    new RegExp(`LinkedIn\\s*social · ${campaign}\\s*2\\s*1\\s*50%`),
  );
  // A conversion with no visitors before says so, rather than a dash.
  await expect(editor.getByText("No visitors in the previous 7 days")).toBeVisible();
  // The report reads at both widths: no axe violation, nothing wider than a phone.
  for (const width of [1280, 390]) {
    await editor.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(editor);
    const overflow = await editor.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
    // Nor does the sources table scroll sideways within itself: its figures are in view.
    for (const [name, table] of [
      ["sources", sources],
      ["deals", deals],
    ] as const) {
      const hidden = await table.evaluate((box) => box.scrollWidth - box.clientWidth);
      expect(hidden, `${name} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
});
