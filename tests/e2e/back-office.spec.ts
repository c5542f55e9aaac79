import type { Page } from "@playwright/test";
import { expectNoAxeViolations, withScriptsForAxe } from "../support/axe.ts";
import { signInLinkFromMail } from "../support/back-office.ts";
import { expect, test } from "../support/back-office-e2e.ts";
import { facesDrawing, fontInspector } from "../support/fonts.ts";

/** A passkey authenticator built into the browser (Chrome's virtual authenticator). */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test("invited by the command, the first admin signs in from the email, adds a passkey, and signs in with it", async ({
  page,
  backOffice,
}) => {
  await addVirtualAuthenticator(page);
  await backOffice.signInWithForm(page, backOffice.adminEmail);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello, Ada Lovelace");
  await expect(page.getByRole("navigation", { name: "Back office" })).toContainText("Team");

  await page.getByRole("link", { name: "Your account" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
  await page.getByLabel("Name for the new passkey").fill("Test laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status")).toContainText("Passkey “Test laptop” added.");
  await expect(page.getByText("Test laptop", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: /^Sign out \(/ }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in\?signed-out=1$/);
  await expect(page.getByRole("status")).toHaveText("You are signed out.");
  await page.goto(`${backOffice.url}/admin/team`);
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Fteam$/);

  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(`${backOffice.url}/admin/team`);
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await page.goto(`${backOffice.url}/admin/account`);
  await expect(page.getByText(/with passkey/)).toBeVisible();
});

test("signing in by email returns to the page asked for; a used or tampered link says so and offers a new one", async ({
  page,
  newContext,
  backOffice,
}) => {
  await backOffice.invite("uma@example.com", "sales", "Uma Used");
  // The invitation first, so the link below is the one asked for on the sign-in page.
  await backOffice.mailTo("uma@example.com");
  const before = backOffice.mailCount();
  await page.goto(`${backOffice.url}/admin/leads?status=new`);
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Fleads%3Fstatus%3Dnew$/);
  await page.getByLabel("Email address").fill("uma@example.com");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  // The newest email to her that returns to the leads, waited for: once in CI, on a slow
  // machine, the newest after the count above was still her invitation (next=/admin).
  let link = "";
  await expect
    .poll(
      async () => {
        link = signInLinkFromMail(await backOffice.mailTo("uma@example.com", before));
        return link;
      },
      { timeout: 15_000 },
    )
    .toContain("next=%2Fadmin%2Fleads%3Fstatus%3Dnew");
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${backOffice.url}/admin/leads?status=new`);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  // The link again, in a browser that is not signed in: used, and says so.
  const other = await (await newContext()).newPage();
  await other.goto(link);
  await expect(other.getByRole("alert")).toHaveText(/already been used/);
  await other.goto(link.replace(/token=[\w-]{3}/, "token=abc"));
  await expect(other.getByRole("alert")).toHaveText(/not valid/);
  await other.getByRole("link", { name: "Ask for a new sign-in link" }).click();
  await expect(other.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
});

test("a sales user sees only what their role allows; the team page refuses them", async ({
  page,
  backOffice,
}) => {
  await backOffice.invite("sam@example.com", "sales", "Sam Seller");
  await backOffice.signIn(page, "sam@example.com");
  const nav = page.getByRole("navigation", { name: "Back office" });
  await expect(nav).toContainText("Leads");
  await expect(nav).not.toContainText("Team");
  await page.goto(`${backOffice.url}/admin/team`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not part of your role");
  await expect(page.getByText("ada@example.com")).toHaveCount(0);
});

test("the admin invites a colleague from the Team page; the colleague signs in from the email", async ({
  page,
  newContext,
  backOffice,
}) => {
  await backOffice.invite("ina@example.com", "admin", "Ina Viter");
  await backOffice.signIn(page, "ina@example.com");
  await page.goto(`${backOffice.url}/admin/team`);
  await page.getByLabel("Email address").fill("not-an-address");
  await page.getByRole("button", { name: "Send invitation", exact: true }).click();
  await expect(page.getByText("Enter an email address like name@company.com.")).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");

  const before = backOffice.mailCount();
  await page.getByLabel("Email address").fill("eve@example.com");
  await page.getByLabel("Name (optional)").fill("Eve Editor");
  await page.getByLabel("Role", { exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "Send invitation", exact: true }).click();
  await expect(page.getByRole("status")).toContainText(
    "Invitation emailed to eve@example.com (Editor)",
  );
  await expect(page.getByText("Eve Editor")).toBeVisible();
  const mail = await backOffice.mailTo("eve@example.com", before);
  expect(mail.subject).toBe("You're invited to the Northstory back office");

  const colleague = await (await newContext()).newPage();
  await colleague.goto(signInLinkFromMail(mail));
  await expect(colleague.getByText("Continue as eve@example.com")).toBeVisible();
  await colleague.getByRole("button", { name: "Sign in" }).click();
  await expect(colleague.getByRole("heading", { level: 1 })).toHaveText("Hello, Eve Editor");
});

for (const width of [390, 1280]) {
  test(`back-office pages have no axe violations at ${width} px`, async ({ page, backOffice }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${backOffice.url}/admin/sign-in`);
    await expectNoAxeViolations(page);
    // An admin of its own: two journeys signing in one person at once could each open the
    // other's link.
    await backOffice.invite(`axe-${width}@example.com`, "admin", `Axe ${width}`);
    await backOffice.signIn(page, `axe-${width}@example.com`);
    for (const path of ["/admin", "/admin/team", "/admin/account", "/admin/no-such-page"]) {
      await page.goto(`${backOffice.url}${path}`);
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
}

test("keyboard only: ask for a link, sign in, reach the team page", async ({
  page,
  backOffice,
}) => {
  await backOffice.invite("kim@example.com", "admin", "Kim Keys");
  // The invitation first, so the link used below is the one the form asked for.
  await backOffice.mailTo("kim@example.com");
  const before = backOffice.mailCount();
  await page.goto(`${backOffice.url}/admin/sign-in`);
  // Skip link, the header's home link, then the email field.
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Tab");
    if (await page.getByLabel("Email address").evaluate((el) => el === document.activeElement))
      break;
  }
  await expect(page.getByLabel("Email address")).toBeFocused();
  await page.keyboard.type("kim@example.com");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("Check your email");
  await page.goto(signInLinkFromMail(await backOffice.mailTo("kim@example.com", before)));
  const signIn = page.getByRole("button", { name: "Sign in" });
  for (let i = 0; i < 10 && !(await signIn.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(signIn).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: /^Hello/ })).toBeVisible();
  const team = page.getByRole("link", { name: "Team" }).first();
  // The focus starts in the overview, whose lists (leads, posts out for sign-off, scheduled
  // posts) grow with what the other journeys made: round to the header's link.
  for (let i = 0; i < 80 && !(await team.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(team).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("signing in by email link, reading the team and changing a role all work", async ({
    page,
    newContext,
    backOffice,
  }) => {
    await backOffice.invite("rita@example.com", "sales", "Rita Role");
    await backOffice.invite("rolf@example.com", "admin", "Rolf Admin");
    await backOffice.signIn(page, "rolf@example.com");
    await page.goto(`${backOffice.url}/admin/team`);
    await expect(page.getByText("Rita Role")).toBeVisible();
    await page.getByLabel("Role of rita@example.com").selectOption("editor");
    await page.getByRole("button", { name: "Change role of rita@example.com" }).click();
    await expect(page.getByRole("status")).toHaveText("rita@example.com is now Editor.");
    await expect(page.getByLabel("Role of rita@example.com")).toHaveValue("editor");
    // No passkey button without scripts: the page says what is needed instead.
    await page.goto(`${backOffice.url}/admin/account`);
    await expect(page.getByText("Adding a passkey needs a browser with JavaScript")).toBeVisible();
    await expectNoAxeViolations(await withScriptsForAxe(page, newContext));
  });
});

test("public pages load none of the back office's code", async ({ page, backOffice }) => {
  // Every script the pages ask for, read afterwards: a body read while the next page loads
  // may already be gone.
  const urls = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.add(request.url());
  });
  for (const path of ["/", "/blog", "/contact", "/pricing"]) {
    await page.goto(`${backOffice.url}${path}`);
  }
  expect(urls.size).toBeGreaterThan(0);
  for (const url of urls) {
    const code = await (await page.request.get(url)).text();
    expect(code).not.toContain("back office");
    expect(code).not.toContain("navigator.credentials");
    expect(code).not.toContain("Sign in with a passkey");
  }
});

test("the back office draws its headings in Fraunces and its text in Inter, as the public pages do", async ({
  page,
  backOffice,
}) => {
  await backOffice.invite("fay@example.com", "editor", "Fay Fonts");
  await backOffice.signIn(page, "fay@example.com");
  const cdp = await fontInspector(page);
  // The first page and one reached in the browser (its stylesheet linked by then).
  await page.goto(`${backOffice.url}/admin`);
  await page.evaluate(() => document.fonts.ready);
  await page.goto(`${backOffice.url}/admin`);
  expect(await facesDrawing(cdp, "h1")).toEqual(["web Fraunces"]);
  expect(await facesDrawing(cdp, "main p")).toEqual(["web Inter"]);
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Posts" })
    .click();
  await expect(page).toHaveURL(/\/admin\/posts$/);
  // The new page's heading is in, and has been drawn (a node not yet painted reports no face).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Posts");
  await expect.poll(() => facesDrawing(cdp, "h1")).toEqual(["web Fraunces"]);
  await expect.poll(() => facesDrawing(cdp, "main p")).toEqual(["web Inter"]);
});
