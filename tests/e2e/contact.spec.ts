import type { Page } from "@playwright/test";
import { expectNoAxeViolations, withScriptsForAxe } from "../support/axe.ts";
import { expect, test, waitForHydration } from "../support/fixtures.ts";

async function fill(page: Page, values: { name: string; email: string; message: string }) {
  await page.getByLabel("Name *").fill(values.name);
  await page.getByLabel("Email *").fill(values.email);
  await page.getByLabel("Message *").fill(values.message);
}

const lead = {
  name: "Dana Whitfield",
  email: "dana@example.com",
  message: "We sell to CFOs and want a steady LinkedIn presence.",
};

test("the contact page shows the form, the map on request and the office details", async ({
  page,
}) => {
  const thirdParty: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith("http://localhost")) thirdParty.push(request.url());
  });
  await page.route(/google\.com/, (route) =>
    route.fulfill({ status: 200, body: "<p>map</p>", contentType: "text/html" }),
  );
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Drop us a line." })).toBeVisible();
  await expect(page.getByText("We'd love to hear from you.")).toBeVisible();
  for (const card of ["Get in Touch", "Find Us", "Office Information"]) {
    await expect(page.getByRole("heading", { name: card })).toBeVisible();
  }
  await expect(page.getByLabel("Email *")).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Message *")).toHaveAttribute("rows", "6");
  await expect(page.locator("address")).toContainText("Durham, NC 27701");
  await expect(page.getByRole("link", { name: "sales@northstory.example" })).toHaveAttribute(
    "href",
    "mailto:sales@northstory.example",
  );
  expect(thirdParty).toEqual([]);
  // The frame can show before its request is reported: wait for the request itself.
  const mapRequest = page.waitForRequest(/google\.com/);
  await page.getByRole("button", { name: "Show the map" }).focus();
  await page.keyboard.press("Enter");
  const map = page.locator('iframe[title^="Map of the Northstory office"]');
  await expect(map).toBeVisible();
  // The focus is on the map, not thrown back to the top of the page.
  await expect(map).toBeFocused();
  await mapRequest;
  expect(thirdParty.some((url) => url.includes("google.com"))).toBe(true);
});

test("empty or whitespace-only fields are refused with a toast and nothing is sent", async ({
  page,
}) => {
  let posted = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posted++;
  });
  await page.goto("/contact");
  await fill(page, { ...lead, name: "    " });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please fill in all required fields.")).toBeVisible();
  expect(posted).toBe(0);
  await expect(page.getByLabel("Email *")).toHaveValue(lead.email);
  // The field says what is wrong under it, and has the focus to put it right.
  const name = page.getByLabel("Name *");
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Name is required.");
  await expectNoAxeViolations(page);
  // Put right, the next problem is the address's; the name is no longer marked.
  await name.fill(lead.name);
  await expect(name).not.toHaveAttribute("aria-invalid");
  await expect(name).not.toHaveAccessibleDescription("Name is required.");
  await page.getByLabel("Email *").fill("riley@");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByLabel("Email *")).toBeFocused();
  await expect(page.getByLabel("Email *")).toHaveAccessibleDescription(
    "Please enter a valid email address.",
  );
  await expect(name).not.toHaveAttribute("aria-invalid");
  expect(posted).toBe(0);
});

test("the form's checks load when the visitor reaches the form, not with the page; a form sent before they have come waits for them", async ({
  page,
}) => {
  const checks = /\/assets\/contact-schema-[^/]*\.js$/;
  const asked: string[] = [];
  let posted = 0;
  page.on("request", (request) => {
    if (checks.test(request.url())) asked.push(request.url());
    if (request.method() === "POST") posted++;
  });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(checks, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/contact");
  await waitForHydration(page);
  expect(asked).toEqual([]);
  // An empty form sent at once, a tap straight on the button: nothing goes meanwhile, and
  // once the checks have come, the form says what is missing, as it always does.
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect.poll(() => asked.length).toBe(1);
  release();
  const name = page.getByLabel("Name *");
  await expect(name).toHaveAccessibleDescription("Name is required.");
  await expect(name).toBeFocused();
  expect(posted).toBe(0);
  // Put right and sent: it arrives.
  await fill(page, lead);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message Sent Successfully!")).toBeVisible();
  expect(posted).toBe(1);
});

test("a form whose checks cannot be loaded (the connection gone meanwhile) is sent as it is, and the server checks it", async ({
  page,
}) => {
  await page.route(/\/assets\/contact-schema-[^/]*\.js$/, (route) =>
    route.abort("connectionrefused"),
  );
  await page.goto("/contact");
  await waitForHydration(page);
  await fill(page, { ...lead, email: "checks-gone@example.com" });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message Sent Successfully!")).toBeVisible();
  // The server refuses what it must, with the reason.
  await fill(page, { ...lead, email: "not-an-address" });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please enter a valid email address.").first()).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`at ${width} px a toast shows below the sticky header, not over the menu`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({
      hasText: "Please fill in all required fields.",
    });
    await expect(toast).toBeVisible();
    // Sonner slides a toast in: measure once it has come to rest.
    await expect(toast).toHaveAttribute("data-mounted", "true");
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== "running"),
    );
    const header = await page.getByRole("banner").boundingBox();
    const box = await toast.boundingBox();
    if (!header || !box) throw new Error("the header or the toast has no box");
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    // In the site's text face (its whole stack), not the toast library's system one.
    const faces = await toast.evaluate((element) => {
      const title = element.querySelector("[data-title]");
      if (!title) throw new Error("the toast has no title");
      return [getComputedStyle(title).fontFamily, getComputedStyle(document.body).fontFamily];
    });
    expect(faces[0]).toBe(faces[1]);
    expect(faces[0]).toMatch(/^"Inter Variable"/);
  });
}

test("while sending, the fields and button are disabled; on success a toast thanks the visitor and the form clears", async ({
  page,
}) => {
  await page.goto("/contact");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/contact.data*", async (route) => {
    await held;
    await route.continue();
  });
  await fill(page, lead);
  await page.getByRole("button", { name: "Send Message" }).click();
  const sending = page.getByRole("button", { name: "Sending Message..." });
  await expect(sending).toBeDisabled();
  await expect(page.getByLabel("Name *")).toBeDisabled();
  await expect(page.getByLabel("Message *")).toBeDisabled();
  release();
  await expect(page.getByText("Message Sent Successfully!")).toBeVisible();
  await expect(
    page.getByText("Thanks for reaching out. We'll get back to you as soon as possible!"),
  ).toBeVisible();
  await expect(page.getByLabel("Name *")).toHaveValue("");
  await expect(page.getByLabel("Email *")).toHaveValue("");
  await expect(page.getByLabel("Message *")).toHaveValue("");
  // The toast goes; a note under the emptied form's button still says the message arrived.
  await expect(page.getByText("Message Sent Successfully!")).toBeHidden({ timeout: 10_000 });
  await expect(
    page.getByText(
      "Thank you: your message is with our sales team, and we reply within one business day.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  await expectNoAxeViolations(page);
});

test("when the message cannot be sent, a toast says so and the values are kept", async ({
  page,
}) => {
  await page.goto("/contact");
  await page.route("**/contact.data*", (route) => route.abort("connectionrefused"));
  await fill(page, lead);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Failed to Send Message")).toBeVisible();
  await expect(
    page.getByText(
      "There was an error sending your message. Please try again or contact us directly at sales@northstory.example.",
    ),
  ).toBeVisible();
  await expect(page.getByLabel("Name *")).toHaveValue(lead.name);
  await expect(page.getByLabel("Email *")).toHaveValue(lead.email);
  await expect(page.getByLabel("Message *")).toHaveValue(lead.message);
  await expectNoAxeViolations(page);
});

test("a server failure answer also shows the failure toast and keeps the values", async ({
  page,
}) => {
  await page.goto("/contact");
  await page.route("**/contact.data*", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ ok: false }),
    }),
  );
  await fill(page, lead);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Failed to Send Message")).toBeVisible();
  await expect(page.getByLabel("Message *")).toHaveValue(lead.message);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still sends and the returned page confirms it", async ({ page, newContext }) => {
    await page.goto("/contact");
    await fill(page, { ...lead, name: "No Script Visitor" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toContainText("Message Sent Successfully!");
    await expectNoAxeViolations(await withScriptsForAxe(page, newContext));
  });
});

test("on a slow phone, text typed before the page's scripts start is kept and sent", async ({
  newContext,
}) => {
  const context = await newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  // The scripts arrive only once the visitor has typed, as on a slow connection.
  let release: () => void = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/contact", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Name *").pressSequentially(lead.name);
  await page.getByLabel("Email *").pressSequentially(lead.email);
  await page.getByLabel("Message *").pressSequentially(lead.message);
  release();
  await waitForHydration(page);
  // And two frames on: anything hydration set off (a render it scheduled) has run.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await expect(page.getByLabel("Name *")).toHaveValue(lead.name);
  await expect(page.getByLabel("Email *")).toHaveValue(lead.email);
  await expect(page.getByLabel("Message *")).toHaveValue(lead.message);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message Sent Successfully!")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel("Message *")).toHaveValue("");
});

test("a visitor who sends before the scripts start still gets the confirmation page", async ({
  newContext,
}) => {
  const page = await (await newContext()).newPage();
  await page.route("**/assets/*.js", () => {
    // Never arrive.
  });
  await page.goto("/contact", { waitUntil: "domcontentloaded" });
  await fill(page, { ...lead, name: "Early Sender" });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status")).toContainText("Message Sent Successfully!");
});
