import { Webhook } from "standardwebhooks";
import { expectNoAxeViolations, withScriptsForAxe } from "../support/axe.ts";
import { holdScripts, waitForHydration } from "../support/fixtures.ts";
import { expect, test } from "../support/lead-site-e2e.ts";

test.use({ viewport: { width: 1280, height: 900 } });

type LeadEvent = {
  type: string;
  data: {
    name: string;
    source: {
      cta: string | null;
      formPage: string | null;
      lastTouch: Record<string, string> | null;
      firstTouch: Record<string, string> | null;
    };
  };
};

test("a visitor from a LinkedIn campaign browses three pages and writes in: the team's email and the CRM's webhook both say where they came from", async ({
  page,
  leadSite,
}) => {
  await page.goto(`${leadSite.url}/?utm_source=linkedin&utm_campaign=q4`, {
    referer: "https://www.linkedin.com/feed/",
  });
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await nav.getByRole("link", { name: "How It Works" }).click();
  await expect(page).toHaveURL(/\/how-northstory-works-audience$/);
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact\?from=footer-nav$/);

  await page.getByLabel("Name *").fill("Linda Campaign");
  await page.getByLabel("Email *").fill("linda@acme.example");
  await page.getByLabel("Message *").fill("Saw your post on LinkedIn. Can we talk?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message Sent Successfully!")).toBeVisible();

  const mail = await leadSite.mailFrom("Linda Campaign");
  const source = mail.text?.split("Source:\n")[1] ?? "";
  expect(source).toContain("  Landing page: /?utm_source=linkedin&utm_campaign=q4\n");
  expect(source).toContain("  Referrer: https://www.linkedin.com\n");
  expect(source).toContain("  UTM source: linkedin\n");
  expect(source).toContain("  UTM campaign: q4\n");
  expect(source).toContain("  Call to action: footer-nav\n");
  expect(source).toContain("  Sent from: /contact?from=footer-nav\n");
  // The first visit is this one: no separate line for it.
  expect(source).not.toContain("First visit");

  await expect
    .poll(() => leadSite.webhook.accepted().filter((r) => r.body.includes("Linda Campaign")).length)
    .toBe(1);
  const request = leadSite.webhook.accepted().find((r) => r.body.includes("Linda Campaign"));
  const event = new Webhook(leadSite.webhookSecret).verify(
    request?.body ?? "",
    request?.headers as Record<string, string>,
  ) as LeadEvent;
  expect(event.type).toBe("lead.created");
  expect(event.data.source).toMatchObject({
    cta: "footer-nav",
    formPage: "/contact?from=footer-nav",
    lastTouch: {
      landing: "/?utm_source=linkedin&utm_campaign=q4",
      referrer: "https://www.linkedin.com",
      utm_source: "linkedin",
      utm_campaign: "q4",
    },
  });
  expect(event.data.source.firstTouch).toEqual(event.data.source.lastTouch);
  await expectNoAxeViolations(page);
});

test.describe("before the page's scripts have started (a slow phone)", () => {
  /** What the team's email says of a lead's visit. */
  const sourceIn = async (
    leadSite: { mailFrom(name: string): Promise<{ text?: string }> },
    name: string,
  ) => (await leadSite.mailFrom(name)).text?.split("Source:\n")[1] ?? "";

  test("a visitor who taps on before the landing page's scripts start keeps the campaign they came from", async ({
    newContext,
    leadSite,
  }) => {
    // The browser's own page: the journey acts before the page is interactive.
    const page = await (await newContext()).newPage();
    const release = await holdScripts(page);
    await page.goto(`${leadSite.url}/?utm_source=linkedin&utm_campaign=fast-tap`, {
      referer: "https://www.linkedin.com/feed/",
      waitUntil: "domcontentloaded",
    });
    // A visitor taps once the page has painted; its scripts are still on their way, so the
    // link is followed as a plain link, to a page whose address has no campaign.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Pricing" })
      .click();
    await expect(page).toHaveURL(/\/pricing$/);
    // Then the scripts arrive, as they do a few seconds on: this page's and the next's run.
    release();
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(/\/contact\?from=footer-nav$/);
    await waitForHydration(page);
    await page.getByLabel("Name *").fill("Fast Tapper");
    await page.getByLabel("Email *").fill("fast@acme.example");
    await page.getByLabel("Message *").fill("Tapped through quickly from your post.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message Sent Successfully!")).toBeVisible();

    const source = await sourceIn(leadSite, "Fast Tapper");
    expect(source).toContain("  Landing page: /?utm_source=linkedin&utm_campaign=fast-tap\n");
    expect(source).toContain("  UTM source: linkedin\n");
    expect(source).toContain("  UTM campaign: fast-tap\n");
  });

  test("a form sent before the scripts start still says where the visit came from", async ({
    newContext,
    leadSite,
  }) => {
    // The browser's own page: the journey acts before the page is interactive.
    const page = await (await newContext()).newPage();
    await holdScripts(page);
    await page.goto(`${leadSite.url}/contact?utm_source=newsletter&utm_campaign=december`, {
      waitUntil: "domcontentloaded",
    });
    await page.getByLabel("Name *").fill("Early Reader");
    await page.getByLabel("Email *").fill("early@acme.example");
    await page.getByLabel("Message *").fill("Read the December issue and want to talk.");
    await page.getByRole("button", { name: "Send Message" }).click();
    // Sent as a plain form: the page that comes back confirms it.
    await expect(page.getByRole("status")).toContainText("Message Sent Successfully!");

    const source = await sourceIn(leadSite, "Early Reader");
    expect(source).toContain(
      "  Landing page: /contact?utm_source=newsletter&utm_campaign=december\n",
    );
    expect(source).toContain("  UTM source: newsletter\n");
    expect(source).not.toContain("Visit: not known");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor from a campaign link who goes on to the form keeps the campaign", async ({
    page,
    leadSite,
  }) => {
    await page.goto(`${leadSite.url}/pricing?utm_source=linkedin&utm_campaign=noscript`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL(/\/contact\?from=footer-nav$/);
    await page.getByLabel("Name *").fill("Plain Reader");
    await page.getByLabel("Email *").fill("plain@acme.example");
    await page.getByLabel("Message *").fill("Saw your post, no scripts here.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toContainText("Message Sent Successfully!");

    const source = (await leadSite.mailFrom("Plain Reader")).text?.split("Source:\n")[1] ?? "";
    expect(source).toContain(
      "  Landing page: /pricing?utm_source=linkedin&utm_campaign=noscript\n",
    );
    expect(source).toContain("  UTM campaign: noscript\n");
    expect(source).toContain("  Call to action: footer-nav\n");
  });

  test("the form still says which page and call to action it was sent from", async ({
    page,
    newContext,
    leadSite,
  }) => {
    await page.goto(`${leadSite.url}/contact?from=pricing-full-service`);
    await page.getByLabel("Name *").fill("Noscript Lead");
    await page.getByLabel("Email *").fill("noscript@acme.example");
    await page.getByLabel("Message *").fill("Full Service for three executives?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toContainText("Message Sent Successfully!");

    const source = (await leadSite.mailFrom("Noscript Lead")).text?.split("Source:\n")[1] ?? "";
    expect(source).toContain("  Call to action: pricing-full-service\n");
    expect(source).toContain("  Sent from: /contact?from=pricing-full-service\n");
    expect(source).toContain("  Visit: not known");
    await expect
      .poll(() => leadSite.webhook.accepted().some((r) => r.body.includes("Noscript Lead")))
      .toBe(true);
    const event = leadSite.webhook.accepted().find((r) => r.body.includes("Noscript Lead"))
      ?.json as LeadEvent;
    expect(event.data.source).toMatchObject({
      cta: "pricing-full-service",
      formPage: "/contact?from=pricing-full-service",
      lastTouch: null,
    });
    await expectNoAxeViolations(await withScriptsForAxe(page, newContext));
  });
});
