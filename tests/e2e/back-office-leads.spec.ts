import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expectNoAxeViolations, withScriptsForAxe } from "../support/axe.ts";
import { signInLinkFromMail, signInWithLink } from "../support/back-office.ts";
import {
  type BackOffice,
  expect,
  leadIdsNamed,
  setOnLead,
  test,
} from "../support/back-office-e2e.ts";
import { type ContactFields, formToken, postContact } from "../support/contact.ts";
import { holdScripts, waitForHydration } from "../support/fixtures.ts";

// The journey server is shared by every journey: each of these sends leads under names of
// its own and looks only for those. Sign-in requests are rate-limited per
// address and per client, so only the journey signs in through the sign-in form, as an
// admin of its own (the first admin's budget belongs to the sign-in journeys); the other
// tests invite a person of their own and use the link from the invitation directly.

/** Invites `email` with `role` and gives `page` their session. */
async function signInAs(
  page: Page,
  backOffice: BackOffice,
  email: string,
  role: "admin" | "sales",
) {
  const before = backOffice.mailCount();
  await backOffice.invite(email, role, `${role} ${email.split("@")[0]}`);
  const link = signInLinkFromMail(await backOffice.mailTo(email, before));
  const cookie = await signInWithLink(backOffice.url, link);
  const at = cookie.indexOf("=");
  await page
    .context()
    .addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: backOffice.url }]);
}

/** A lead sent without a browser, as the contact form posts it. */
async function sendLead(baseUrl: string, fields: ContactFields) {
  const answer = await postContact(baseUrl, { ...fields, token: await formToken(baseUrl) });
  expect(answer.status).toBe(200);
}

async function pageOverflow(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Presses Tab until `target` has focus (at most `limit` times). */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test("a visitor's message reaches the inbox; the admin works it, exports it and signs out", async ({
  page,
  newContext,
  backOffice,
}) => {
  const visitor = await (await newContext()).newPage();
  await visitor.goto(`${backOffice.url}/contact`);
  await waitForHydration(visitor);
  await visitor.getByLabel("Name *").fill("Priya Journey");
  await visitor.getByLabel("Email *").fill("priya@example.com");
  await visitor.getByLabel("Message *").fill("We sell to CFOs.\nCan we talk next week?");
  await visitor.getByRole("button", { name: "Send Message" }).click();
  await expect(visitor.getByText("Message Sent Successfully!")).toBeVisible();
  await visitor.close();

  // An admin invited by the first one (who was invited by the command) signs in by email.
  await backOffice.invite("jo@example.com", "admin", "Jo Journey");
  await backOffice.signIn(page, "jo@example.com");
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Leads" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await page.getByLabel("Search", { exact: true }).fill("priya");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]q=priya/);
  await expect(
    page.getByRole("heading", { level: 2, name: "1 lead showing 1–1, newest first" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Priya Journey" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Priya Journey" })).toBeVisible();
  await expect(page.getByText("We sell to CFOs.\nCan we talk next week?")).toBeVisible();
  await expect(page.getByRole("link", { name: "priya@example.com" })).toHaveAttribute(
    "href",
    "mailto:priya@example.com",
  );
  // With scripts a status saves itself once picked, and says so beside the list.
  await expect(page.getByRole("button", { name: "Save status" })).toHaveCount(0);
  await page.getByLabel("Lead status").selectOption("contacted");
  await expect(page.getByText("Status changed: New → Contacted.")).toBeVisible();
  await page.getByLabel("Add a note").fill("Called Priya; demo on Tuesday.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status")).toHaveText("Note added.");
  await expect(page.getByLabel("Add a note")).toHaveValue("");
  const history = page.getByRole("region", { name: "Notes and history" });
  await expect(history.getByRole("listitem").first()).toContainText(
    "Called Priya; demo on Tuesday.",
  );
  await expect(history).toContainText("Changed the status: New → Contacted");
  await expectNoAxeViolations(page);

  // The access request: a button posts the address and the browser saves the file. It is
  // out of the way, with the other plumbing, until opened.
  await expect(
    page.getByRole("button", { name: "Export everything about this address" }),
  ).toBeHidden();
  await page.getByText("Delivery and privacy").click();
  const [personFile] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export everything about this address" }).click(),
  ]);
  expect(personFile.suggestedFilename()).toMatch(/^northstory-person-\d{4}-\d{2}-\d{2}\.json$/);
  const person = JSON.parse(await readFile(await personFile.path(), "utf8")) as {
    leads: { lead: { email: string } }[];
  };
  expect(person.leads.map((entry) => entry.lead.email)).toEqual(["priya@example.com"]);
  await page.reload();
  await expect(history).toContainText("Exported everything about this address");

  // Back to the filtered inbox, then the CSV of that filter.
  await page.getByRole("link", { name: "All leads" }).click();
  await expect(page).toHaveURL(/\/admin\/leads\?q=priya$/);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /^Export CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^northstory-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(await readFile(await download.path()), {
    bom: true,
    columns: true,
  }) as Record<string, string>[];
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    name: "Priya Journey",
    email: "priya@example.com",
    status: "contacted",
    message: "We sell to CFOs.\nCan we talk next week?",
  });

  await page.getByRole("button", { name: /^Sign out/ }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in\?signed-out=1$/);
  await page.goto(`${backOffice.url}/admin/leads`);
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Fleads$/);
  await expect(page.getByText("Priya Journey")).toHaveCount(0);
});

test("a salesperson marks spam and lands on the next lead, takes it, sets a follow-up and replies; the lead gets the email and the history says so", async ({
  page,
  backOffice,
}) => {
  await sendLead(backOffice.url, {
    name: "Rhea Reply",
    email: "rhea@replyco.example",
    message: "Hi Northstory,\nWe need a LinkedIn plan for our founder.",
  });
  await sendLead(backOffice.url, {
    name: "Rhea Spam",
    email: "spam@replyco.example",
    message: "Cheap followers, 10,000 a week!",
  });
  await signInAs(page, backOffice, "rory@example.com", "sales");
  await page.goto(`${backOffice.url}/admin/leads?q=replyco`);
  await waitForHydration(page);
  await page.getByRole("link", { name: /Rhea Spam/ }).click();
  await expect(page.getByText("1 of 2")).toBeVisible();

  // Spam is done with: the next lead of the same list opens, saying which lead went.
  await page.getByRole("button", { name: "Mark as spam" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rhea Reply" })).toBeVisible();
  await expect(page.getByText("Rhea Spam was marked as spam.")).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=replyco/);
  // Marked by mistake: Undo brings it back, in the same list, with the status it had.
  await page.getByRole("button", { name: "Undo: Rhea Spam is not spam" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rhea Spam" })).toBeVisible();
  await expect(page.getByText("Not spam after all: the status is back to New.")).toBeVisible();
  await expect(page.getByLabel("Lead status")).toHaveValue("new");
  await expect(page).toHaveURL(/[?&]q=replyco/);
  await expect(page.getByText("1 of 2")).toBeVisible();
  await page.getByRole("button", { name: "Mark as spam" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Rhea Reply" })).toBeVisible();
  await expect(page.getByText("Rhea Spam was marked as spam.")).toBeVisible();

  await page.getByRole("button", { name: "Assign to me" }).click();
  await expect(page.getByText("Assigned to sales rory.")).toBeVisible();
  // The button is gone: the focus is on the answer, in view, not dropped to the page.
  const answer = page.getByRole("status").filter({ hasText: "Assigned to sales rory." });
  await expect(answer).toBeFocused();
  await expect(answer).toBeInViewport();
  await expect(page.getByLabel("Owner", { exact: true }).locator("option:checked")).toHaveText(
    "sales rory",
  );
  await expect(page.getByRole("button", { name: "Assign to me" })).toHaveCount(0);
  // A date saves itself too; the focus stays in the field.
  const followUp = page.getByLabel("Follow up on");
  await followUp.fill("2030-01-15");
  await expect(page.getByText("Follow up on January 15, 2030.")).toBeVisible();
  await expect(followUp).toBeFocused();
  // Clear empties it and saves at once; the button goes, the focus goes to the field.
  await page.getByRole("button", { name: "Clear the follow-up date" }).click();
  await expect(page.getByText("The follow-up date is cleared.")).toBeVisible();
  await expect(followUp).toHaveValue("");
  await expect(followUp).toBeFocused();
  await expect(page.getByRole("button", { name: "Clear the follow-up date" })).toHaveCount(0);
  await followUp.fill("2030-01-15");
  await expect(page.getByText("Follow up on January 15, 2030.")).toBeVisible();
  await page.reload();
  await expect(followUp).toHaveValue("2030-01-15");

  const before = backOffice.mailCount();
  const reply = page.getByLabel("Your reply");
  await reply.fill("Thanks Rhea, does Tuesday at 10 work for a call?");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(
    page.getByText("Reply queued: it goes out within seconds. The lead is now Contacted."),
  ).toBeVisible();
  await expect(reply).toHaveValue("");
  const mail = await backOffice.mailTo("rhea@replyco.example", before);
  expect(mail.subject).toBe("Re: We need a LinkedIn plan for our founder.");
  expect(mail.from?.text).toMatch(/^"?sales rory at Northstory"? </);
  expect(mail.replyTo?.text).toBe("rory@example.com");
  expect(mail.text).toContain("Thanks Rhea, does Tuesday at 10 work for a call?");
  expect(mail.text).toContain("> We need a LinkedIn plan for our founder.");

  await page.reload();
  const history = page.getByRole("region", { name: "Notes and history" });
  await expect(history).toContainText("Replied by email");
  await expect(history).toContainText("Thanks Rhea, does Tuesday at 10 work for a call?");
  await expect(history.getByText("Email sent")).toBeVisible();
  await expect(history).toContainText("Changed the owner: Unassigned → sales rory");
  await expect(history).toContainText("Changed the status: New → Contacted");
  await expectNoAxeViolations(page);

  // The inbox: hers, with its follow-up; spam only under its own status.
  await page.goto(`${backOffice.url}/admin/leads?view=mine`);
  await expect(page.getByRole("link", { name: /Rhea Reply/ })).toBeVisible();
  await expect(page.getByText("Follow up Jan 15, 2030")).toBeVisible();
  await page.goto(`${backOffice.url}/admin/leads?q=replyco`);
  await expect(page.getByRole("link", { name: /Rhea Spam/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("shortcuts and ticks: ? lists the keys, j/k move, a assigns, / searches; ticked leads change together", async ({
  page,
  backOffice,
}) => {
  for (const n of [1, 2, 3]) {
    await sendLead(backOffice.url, {
      name: `Kira Keys ${n}`,
      email: `kira${n}@keys.example`,
      message: `Lead number ${n} for the keyboard.`,
    });
  }
  await signInAs(page, backOffice, "kit@example.com", "sales");
  await page.goto(`${backOffice.url}/admin/leads?q=keys.example`);
  await waitForHydration(page);

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help).toContainText("Assign the lead that has focus to me");
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  const rows = page.getByRole("region", { name: /^3 leads/ }).getByRole("listitem");
  const link = (n: number) => page.getByRole("link", { name: new RegExp(`Kira Keys ${n}$`) });
  await page.keyboard.press("j");
  await expect(link(3)).toBeFocused();
  await page.keyboard.press("j");
  await expect(link(2)).toBeFocused();
  await page.keyboard.press("k");
  await expect(link(3)).toBeFocused();
  await page.keyboard.press("a");
  await expect(page.getByText("Assigned to sales kit.")).toBeVisible();
  await expect(rows.first()).toContainText("You");

  // In a field, the keys are the field's.
  await page.keyboard.press("/");
  const search = page.getByLabel("Search", { exact: true });
  await expect(search).toBeFocused();
  await search.fill("");
  await page.keyboard.type("jak");
  await expect(search).toHaveValue("jak");

  await page.getByLabel("Tick all on this page").check();
  const bar = page.getByRole("form", { name: "Change the ticked leads" });
  await expect(bar).toContainText("3 leads ticked:");
  await bar.getByLabel("Set status").selectOption("qualified");
  await bar.getByRole("button", { name: "Apply to ticked leads" }).click();
  // The answer is in the bar, where the salesperson is looking, not at the top of the page.
  await expect(bar).toContainText("3 leads updated (status Qualified).");
  await expect(bar.getByText("3 leads updated (status Qualified).")).toBeInViewport();
  await expect(rows.filter({ hasText: "Qualified" })).toHaveCount(3);
  await expect(page.getByLabel("Tick all on this page")).not.toBeChecked();
  // The bar is ready for the next change: nothing of the last one is left to be applied
  // to other leads by mistake.
  await expect(bar.getByLabel("Set status")).toHaveValue("keep");
  await expect(bar.getByLabel("Set owner")).toHaveValue("keep");
  await expectNoAxeViolations(page);

  // On a phone the bar that follows the ticks keeps under a quarter of the screen (it took
  // 330 px of 844 with its controls one under another), and ticking
  // again replaces the last answer with the count.
  await page.setViewportSize({ width: 390, height: 844 });
  await rows.first().getByRole("checkbox").check();
  await expect(bar).toContainText("1 lead ticked:");
  const height = (await bar.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
  expect(height).toBeLessThanOrEqual(844 / 4);

  // n adds a lead by hand.
  await page.locator("body").click({ position: { x: 5, y: 300 } });
  await page.keyboard.press("n");
  await expect(page.getByRole("heading", { level: 1, name: "Add a lead" })).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`the inbox, a lead and settings have no axe violations and no sideways scroll at ${width} px`, async ({
    page,
    backOffice,
  }) => {
    // Long unbroken text is the usual cause of a page wider than a phone.
    await sendLead(backOffice.url, {
      name: `Wide${"n".repeat(80)} ${width}`,
      email: `a-very-long-address-${"x".repeat(60)}-${width}@example.com`,
      message: `${"y".repeat(400)}\nSecond line`,
    });
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, backOffice, `axe-${width}@example.com`, "admin");
    await page.goto(`${backOffice.url}/admin/leads`);
    await expectNoAxeViolations(page);
    expect(await pageOverflow(page), "/admin/leads").toBeLessThanOrEqual(0);
    await page.getByRole("link", { name: new RegExp(`^(Unread: )?Wide.* ${width}$`) }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Wide/ })).toBeVisible();
    // A refused note shows its error beside the field.
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByText("A note cannot be empty.")).toBeVisible();
    await expect(page.getByLabel("Add a note")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    expect(await pageOverflow(page), "lead page").toBeLessThanOrEqual(0);
    await page.goto(`${backOffice.url}/admin/leads?q=no-such-lead-anywhere`);
    await expect(page.getByText("No leads match this filter.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`${backOffice.url}/admin/settings`);
    await expectNoAxeViolations(page);
    expect(await pageOverflow(page), "/admin/settings").toBeLessThanOrEqual(0);
    // The pipeline board: on a phone its stages scroll within their row, not the page,
    // cards out of view included (a valued, owned lead in another stage has hidden words).
    const [wide = ""] = await leadIdsNamed(backOffice, `Wide${"n".repeat(80)} ${width}`);
    await setOnLead(backOffice, wide, { intent: "status", status: "qualified" });
    await setOnLead(backOffice, wide, { intent: "value", value: "12000" });
    await page.goto(`${backOffice.url}/admin/leads/pipeline`);
    await expect(page.getByRole("region", { name: /^Qualified/ })).toContainText("Wide");
    await expectNoAxeViolations(page);
    expect(await pageOverflow(page), "/admin/leads/pipeline").toBeLessThanOrEqual(0);
    // Adding a lead by hand, refused: each problem beside its field.
    await page.goto(`${backOffice.url}/admin/leads/new`);
    await page.getByRole("button", { name: "Add lead" }).click();
    await expect(page.getByText("Name is required.")).toBeVisible();
    await expect(page.getByLabel("How they reached you")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    expect(await pageOverflow(page), "/admin/leads/new").toBeLessThanOrEqual(0);
    // The overview: its numbers, the chart and its table.
    await page.goto(`${backOffice.url}/admin`);
    await expect(page.getByText("New, not answered")).toBeVisible();
    // The chart is drawn for the width: whole on the screen, nothing to scroll sideways.
    const chart = page.getByRole("img", { name: /in the last \d+ weeks/ });
    await expect(chart).toBeVisible();
    const box = await chart.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, `chart at ${width}`).toBe(true);
    await page.getByText("Show the numbers as a table").click();
    await expect(page.getByRole("table", { name: "Leads per week by source" })).toBeVisible();
    // With many sources it scrolls sideways on a phone: its box takes the keyboard's focus.
    const scroller = page.getByRole("region", { name: "Leads per week by source, as a table" });
    await scroller.focus();
    await expect(scroller).toBeFocused();
    await expectNoAxeViolations(page);
    expect(await pageOverflow(page), "/admin").toBeLessThanOrEqual(0);
  });
}

test("on a phone the first lead shows in the first screen: sections and filters fold away, and open when asked", async ({
  page,
  backOffice,
}) => {
  await sendLead(backOffice.url, {
    name: "Phoebe Phone",
    email: "phoebe@handheld.example",
    message: "Reading this on a phone.",
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, backOffice, "phone@example.com", "sales");
  await page.goto(`${backOffice.url}/admin/leads`);
  await waitForHydration(page);
  const firstLead = page
    .getByRole("region", { name: /^\d+ leads?/ })
    .getByRole("listitem")
    .first();
  await expect(firstLead).toBeInViewport({ ratio: 1 });
  // Ticking a lead brings the bar to the bottom of the screen in two rows (the count and
  // Apply, then the two choices): it covers little of the list, and all of it shows.
  await page.getByLabel("Tick Phoebe Phone").first().check();
  const bar = page.getByRole("form", { name: "Change the ticked leads" });
  await expect(bar).toContainText("1 lead ticked:");
  await expect(bar).toBeInViewport({ ratio: 1 });
  const barBox = await bar.boundingBox();
  expect(barBox?.height).toBeLessThan(170);
  const apply = bar.getByRole("button", { name: "Apply to ticked leads" });
  expect((await apply.boundingBox())?.y).toBeLessThan(
    (await bar.getByLabel("Set status").boundingBox())?.y ?? 0,
  );
  await page.getByLabel("Tick Phoebe Phone").first().uncheck();
  // The chosen view is scrolled into sight in the row of chips, even the row's last.
  await page.goto(`${backOffice.url}/admin/leads?view=my-due`);
  await waitForHydration(page);
  await expect(
    page
      .getByRole("navigation", { name: "Views" })
      .getByRole("link", { name: /^My follow-ups due/ }),
  ).toBeInViewport({ ratio: 1 });
  await page.goto(`${backOffice.url}/admin/leads`);
  const sections = page.getByRole("navigation", { name: "Back office" });
  await expect(sections).toBeHidden();
  await expect(page.getByLabel("Search", { exact: true })).toBeHidden();

  // The menu opens, leads to a section and is closed on arrival; Escape closes it too.
  // "Menu", and the count of unread leads beside it.
  const menu = page.locator("summary").filter({ hasText: /^Menu/ });
  await menu.click();
  await sections.getByRole("link", { name: "Your account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(sections).toBeHidden();
  await menu.click();
  await expect(sections).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sections).toBeHidden();
  await expect(menu).toBeFocused();

  // The filters open on a tap and keep working; the line says how many are on.
  await page.goto(`${backOffice.url}/admin/leads`);
  await page.getByText("Search, filter and sort").click();
  await page.getByLabel("Search", { exact: true }).fill("phoebe");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/[?&]q=phoebe/);
  await expect(page.getByText("(1 filter on)")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: /^1 lead/ })).toBeVisible();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

  // From 1024 px wide, sections and filters are always there, with nothing to open.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(sections).toBeVisible();
  await expect(page.getByLabel("Search", { exact: true })).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(page.getByText("Search, filter and sort")).toBeHidden();
});

test("keyboard only: search the inbox, open a lead and change its status", async ({
  page,
  backOffice,
}) => {
  await sendLead(backOffice.url, {
    name: "Kim Keyboard",
    email: "kim@example.com",
    message: "Reached by keyboard.",
  });
  await signInAs(page, backOffice, "kai@example.com", "sales");
  await page.goto(`${backOffice.url}/admin/leads`);
  const search = page.getByLabel("Search", { exact: true });
  await tabTo(page, search);
  await page.keyboard.type("Kim Keyboard");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]q=Kim\+Keyboard/);
  const lead = page.getByRole("link", { name: "Kim Keyboard" });
  await tabTo(page, lead);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Kim Keyboard" })).toBeVisible();

  const status = page.getByLabel("Lead status");
  await tabTo(page, status, 60);
  // Typing a letter on a focused select picks the first option starting with it; an arrow
  // key then moves on. The status saves once, after the pause, with what was last picked
  // (the keys come a third of a second apart, as a person's do).
  await page.keyboard.type("q");
  await page.waitForTimeout(300);
  await page.keyboard.press("ArrowDown");
  await expect(status).toHaveValue("won");
  await expect(page.getByText("Status changed: New → Won.")).toBeVisible();
  await expect(status).toBeFocused();
  const history = page.getByRole("region", { name: "Notes and history" });
  await expect(history.getByText(/^Changed the status/)).toHaveText([
    "Changed the status: New → Won",
  ]);

  // A date typed digit by digit, pausing inside the year longer than the save waits, is sent
  // once, whole: every follow-up the page posts is counted.
  const sentDates: string[] = [];
  page.on("request", (request) => {
    const body = request.postData() ?? "";
    if (request.method() === "POST" && body.includes("follow-up")) sentDates.push(body);
  });
  const followUp = page.getByLabel("Follow up on");
  await tabTo(page, followUp);
  await page.keyboard.type("01152");
  await page.waitForTimeout(1_600); // a person's pause, past the 1.2 s the save waits
  await page.keyboard.type("030");
  await expect(page.getByText("Follow up on January 15, 2030.")).toBeVisible();
  expect(sentDates).toHaveLength(1);
  expect(sentDates[0]).toContain("2030-01-15");
  await expect(history.getByText(/^Changed the follow-up/)).toHaveText([
    "Changed the follow-up: none → January 15, 2030",
  ]);

  // A change still waiting for its pause when the page is left is sent (the field's blur
  // sends it), not dropped.
  await status.selectOption("lost");
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/leads\?/);
  await page.goForward();
  await expect(status).toHaveValue("lost");
  await expect(history).toContainText("Changed the status: Won → Lost");
  // Lost: the page asks why, and saves the answer as it saves the status.
  const why = page.getByLabel("Why lost?");
  await tabTo(page, why);
  await page.keyboard.type("t");
  await expect(why).toHaveValue("timing");
  await expect(page.getByText("Lost: timing.")).toBeVisible();
  await expect(history).toContainText("Changed why it was lost: none → Timing");
});

test("keyboard only: a salesperson adds someone met at an event, is told they wrote before, adds them anyway and writes to them first", async ({
  page,
  backOffice,
}) => {
  await sendLead(backOffice.url, {
    name: "Nia Event",
    email: "nia@brightforge.example",
    message: "Could you send pricing?",
  });
  await signInAs(page, backOffice, "kofi@example.com", "sales");
  await page.goto(`${backOffice.url}/admin/leads`);
  await waitForHydration(page);
  await tabTo(page, page.getByRole("link", { name: "Add a lead" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Add a lead" })).toBeVisible();

  await tabTo(page, page.getByLabel("Name"));
  await page.keyboard.type("Nia Okafor");
  await page.keyboard.press("Tab");
  await page.keyboard.type("NIA@brightforge.example");
  await page.keyboard.press("Tab");
  // Typing on a focused select picks the first option starting with the letters.
  await page.keyboard.type("ev");
  await expect(page.getByLabel("How they reached you")).toHaveValue("event");
  await page.keyboard.press("Tab");
  await page.keyboard.type("c");
  await expect(page.getByLabel("Status")).toHaveValue("contacted");
  // The owner is the person adding it unless they choose otherwise.
  await expect(page.getByLabel("Owner")).toHaveValue(/^[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Owner").locator("option:checked")).toHaveText("sales kofi");
  await tabTo(page, page.getByLabel("LinkedIn profile (optional)"));
  await page.keyboard.type("https://www.linkedin.com/in/nia-okafor/?utm_source=share");
  await tabTo(page, page.getByLabel("Note (optional)"));
  await page.keyboard.type("Met at the Founder Summit. Wants a LinkedIn plan for her CEO.");
  await tabTo(page, page.getByRole("button", { name: "Add lead" }));
  await page.keyboard.press("Enter");

  // The address wrote through the form: the answer takes the focus and links that lead.
  const answer = page.getByRole("alert");
  await expect(answer).toContainText("NIA@brightforge.example has written before");
  await expect(answer).toBeFocused();
  await expect(answer.getByRole("link", { name: /^Nia Event, / })).toBeVisible();
  // What was typed is all still there.
  await expect(page.getByLabel("Note (optional)")).toHaveValue(
    "Met at the Founder Summit. Wants a LinkedIn plan for her CEO.",
  );
  await tabTo(page, page.getByLabel("Add as a new lead anyway"));
  await page.keyboard.press("Space");
  await tabTo(page, page.getByRole("button", { name: "Add lead" }));
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { level: 1, name: "Nia Okafor" })).toBeVisible();
  const history = page.getByRole("region", { name: "Notes and history" });
  await expect(history).toContainText("Added this lead by hand (Event or meeting, Contacted)");
  await expect(history).toContainText(
    "Met at the Founder Summit. Wants a LinkedIn plan for her CEO.",
  );
  // Their profile, as LinkedIn's own address, opens in a new tab.
  await expect(
    page.getByRole("link", { name: "linkedin.com/in/nia-okafor (opens in a new tab)" }),
  ).toHaveAttribute("href", "https://www.linkedin.com/in/nia-okafor");
  const added = page.getByRole("region", { name: "Added by hand" });
  await expect(added).toContainText("Met at the Founder Summit.");
  await expect(added).toContainText("Event or meeting");
  await expect(page.getByLabel("Lead status")).toHaveValue("contacted");
  await expectNoAxeViolations(page);

  // What the deal is worth, typed as people type it, saves itself after the pause.
  await tabTo(page, page.getByLabel("Deal value (US$)"), 60);
  await page.keyboard.type("$48,000");
  await expect(page.getByText("Deal value $48,000.")).toBeVisible();
  await expect(page.getByLabel("Deal value (US$)")).toBeFocused();
  await expect(history).toContainText("Changed the deal value: none → $48,000");
  // A value that is not whole dollars is refused beside the field, nothing changed.
  await page.getByLabel("Deal value (US$)").fill("48k");
  await expect(page.getByText("Enter whole US dollars, such as 4,500.")).toBeVisible();
  await expect(page.getByLabel("Deal value (US$)")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Deal value (US$)").fill("$48,000");

  // The team writes first: no "Re:", nothing of theirs quoted.
  const before = backOffice.mailCount();
  await tabTo(page, page.getByLabel("Your reply"), 80);
  await page.keyboard.type("Good to meet you at the Founder Summit, Nia.");
  await tabTo(page, page.getByRole("button", { name: "Send reply" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText(/^Reply queued/)).toBeVisible();
  const mail = await backOffice.mailTo("NIA@brightforge.example", before);
  expect(mail.subject).toBe("Following up from Northstory");
  expect(mail.text?.trim()).toBe("Good to meet you at the Founder Summit, Nia.");

  // In the inbox beside the form's lead from the same address, said as added by hand.
  await page.goto(`${backOffice.url}/admin/leads?q=brightforge`);
  await expect(page.getByText("Event or meeting · added by hand")).toBeVisible();
  await expect(page.getByRole("link", { name: /Nia Event/ })).toBeVisible();
  await expect(page.getByText("$48,000")).toBeVisible();
  // The overview adds it to the open pipeline, which leads to the board of stages.
  await page.goto(`${backOffice.url}/admin`);
  await page.getByRole("link", { name: /^Open pipeline \$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pipeline" })).toBeVisible();
  const contacted = page.getByRole("region", { name: /^Contacted/ });
  await expect(contacted.getByRole("listitem").filter({ hasText: "Nia Okafor" })).toContainText(
    "$48,000",
  );
});

test("a reply written and not sent is not lost to a shortcut, a link or Mark as spam: leaving asks first", async ({
  page,
  backOffice,
}) => {
  for (const name of ["Una Unsent", "Ugo Unsent"]) {
    await sendLead(backOffice.url, {
      name,
      email: `${name.split(" ")[0]?.toLowerCase()}@unsent.example`,
      message: "Please call me back.",
    });
  }
  await signInAs(page, backOffice, "uma@example.com", "sales");
  await page.goto(`${backOffice.url}/admin/leads?q=unsent.example`);
  await waitForHydration(page);
  await page.getByRole("link", { name: /Ugo Unsent/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ugo Unsent" })).toBeVisible();
  const reply = page.getByLabel("Your reply");
  await reply.fill("Hi Ugo, Tuesday at 10?");
  // Out of the field, j would open the next lead: it asks first, and the focus is on it.
  await page.getByRole("heading", { level: 2, name: "Message" }).click();
  await page.keyboard.press("j");
  const question = page.getByRole("alert").filter({ hasText: "Your reply is not sent." });
  await expect(question).toBeFocused();
  await question.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ugo Unsent" })).toBeVisible();
  await expect(reply).toHaveValue("Hi Ugo, Tuesday at 10?");
  // Mark as spam is answered with the next lead: it asks too.
  await page.getByRole("button", { name: "Mark as spam" }).click();
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.getByLabel("Lead status")).toHaveValue("new");
  // Sent, nothing is left to lose: the link leaves at once.
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText(/^Reply queued/)).toBeVisible();
  await expect(reply).toHaveValue("");
  await page.getByLabel("Add a note").fill("Prefers mornings.");
  await page.getByRole("link", { name: "All leads" }).click();
  const noteQuestion = page.getByRole("alert").filter({ hasText: "Your note is not added." });
  await noteQuestion.getByRole("link", { name: "Leave this lead" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
});

test("a status picked before the page's scripts start, without pressing Save, is saved once they do", async ({
  page,
  backOffice,
}) => {
  await sendLead(backOffice.url, {
    name: "Pia Prehydration",
    email: "pia@early.example",
    message: "Picked early.",
  });
  await signInAs(page, backOffice, "petra@example.com", "sales");
  await page.goto(`${backOffice.url}/admin/leads?q=early.example`);
  const lead = page.getByRole("link", { name: /Pia Prehydration/ });
  const leadUrl = `${backOffice.url}${await lead.getAttribute("href")}`;
  // The lead's page as a slow phone gets it: painted, its scripts still on their way (the
  // browser's own page, in the same session: the journey acts before the page hydrates).
  const slow = await page.context().newPage();
  const release = await holdScripts(slow);
  await slow.goto(leadUrl, { waitUntil: "domcontentloaded" });
  await expect(slow.getByRole("button", { name: "Save status" })).toBeVisible();
  await slow.getByLabel("Lead status").selectOption("qualified");
  release();
  await waitForHydration(slow);
  await expect(slow.getByText("Status changed: New → Qualified.")).toBeVisible();
  await slow.reload();
  await expect(slow.getByLabel("Lead status")).toHaveValue("qualified");
  // A page opened from the list (drawn by the scripts, not the server) saves nothing of its
  // own: the one status it posts is the one picked there (a save of its own would come
  // first, 0.6 s after it opened).
  await waitForHydration(slow);
  const posted: string[] = [];
  slow.on("request", (request) => {
    if (request.method() === "POST") posted.push(request.postData() ?? "");
  });
  await slow.getByRole("link", { name: "All leads" }).click();
  await slow.getByRole("link", { name: /Pia Prehydration/ }).click();
  await expect(slow.getByRole("heading", { level: 1, name: "Pia Prehydration" })).toBeVisible();
  await slow.getByLabel("Lead status").selectOption("won");
  await expect(slow.getByText("Status changed: Qualified → Won.")).toBeVisible();
  expect(posted).toHaveLength(1);
  expect(posted[0]).toContain("status=won");
});

test("a status still waiting for its pause when the page goes away is saved, with no blur to send it", async ({
  page,
  backOffice,
}) => {
  await sendLead(backOffice.url, {
    name: "Lou Leaving",
    email: "lou@leaving.example",
    message: "Left at once.",
  });
  await signInAs(page, backOffice, "lena@example.com", "sales");
  await page.goto(`${backOffice.url}/admin/leads?q=leaving.example`);
  await page.getByRole("link", { name: /Lou Leaving/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Lou Leaving" })).toBeVisible();
  const leadUrl = page.url();
  const posted: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posted.push(request.postData() ?? "");
  });
  // Picked, and the page left by Back in the same moment, well inside the 0.6 s the save
  // waits. The focus is not in the form, so its removal sends no blur (browsers differ on
  // whether removing a focused field sends one): only the form's own leaving can send it.
  await page.evaluate(() => {
    const status = document.querySelector<HTMLSelectElement>('select[name="status"]');
    if (!status) throw new Error("no status field");
    (document.activeElement as HTMLElement | null)?.blur();
    status.value = "qualified";
    status.dispatchEvent(new Event("change", { bubbles: true }));
    history.back();
  });
  await expect(page).toHaveURL(/\/admin\/leads\?q=leaving\.example$/);
  await expect
    .poll(() => posted.filter((body) => body.includes("status=qualified")).length)
    .toBe(1);
  const again = await page.context().newPage();
  await again.goto(leadUrl);
  await expect(again.getByLabel("Lead status")).toHaveValue("qualified");
});

test("erasing a person takes a ticked box, then the inbox says how much went and nothing else", async ({
  page,
  backOffice,
}) => {
  await sendLead(backOffice.url, {
    name: "Ezra Erase",
    email: "ezra@example.com",
    message: "Please forget me.",
  });
  await sendLead(backOffice.url, {
    name: "Ezra Erase",
    email: "Ezra@Example.com",
    message: "And this one too.",
  });
  await signInAs(page, backOffice, "erica@example.com", "sales");
  await page.goto(`${backOffice.url}/admin/leads?q=ezra`);
  await page.getByRole("link", { name: "Ezra Erase" }).first().click();
  const confirm = page.getByLabel(/^I understand this deletes the 2 leads from/);
  await page.getByText("Delivery and privacy").click();
  await page.getByRole("button", { name: "Erase this person" }).click();
  // The browser holds the form back until the box is ticked.
  expect(await confirm.evaluate((box) => (box as HTMLInputElement).validity.valueMissing)).toBe(
    true,
  );
  await expect(page.getByRole("heading", { level: 1, name: "Ezra Erase" })).toBeVisible();
  await confirm.check();
  await page.getByRole("button", { name: "Erase this person" }).click();
  // With SMTP configured there are no email files on disk to erase.
  await expect(page).toHaveURL(/\/admin\/leads\?erased=2&files=0$/);
  await expect(page.getByRole("status")).toHaveText(
    "Erased 2 leads and 0 email files. The erasure is recorded without any personal data.",
  );
  await page.goto(`${backOffice.url}/admin/leads?q=ezra`);
  await expect(page.getByText("No leads match this filter.")).toBeVisible();
});

/** Presses the mouse on `from`, moves in steps to `to`'s centre and lets go. */
async function dragWithMouse(
  page: Page,
  from: ReturnType<Page["locator"]>,
  to: ReturnType<Page["locator"]> | (() => ReturnType<Page["locator"]>),
) {
  const start = await from.boundingBox();
  if (!start) throw new Error("Nothing to drag");
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 20, start.y + start.height / 2 + 10, {
    steps: 4,
  });
  const end = await (typeof to === "function" ? to() : to).boundingBox();
  if (!end) throw new Error("Nowhere to drop");
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
  await page.mouse.up();
}

test("the pipeline board: a card dragged to another stage or to Lost, moved with the keyboard from its menu, and put back with Undo", async ({
  page,
  backOffice,
}) => {
  await sendLead(backOffice.url, {
    name: "Dora Dragged",
    email: "dora@dragged.example",
    message: "Move me along.",
  });
  const [id = ""] = await leadIdsNamed(backOffice, "dora@dragged.example");
  // Among the largest deals of the journey server, so shown whatever else is in its stage.
  await setOnLead(backOffice, id, { intent: "value", value: "950000" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, backOffice, "drew@example.com", "sales");
  await page.goto(`${backOffice.url}/admin/leads/pipeline`);
  await waitForHydration(page);
  const stage = (name: string) => page.getByRole("region", { name: new RegExp(`^${name}`) });
  const card = () => page.locator("[data-card]").filter({ hasText: "Dora Dragged" });
  await expect(stage("New")).toContainText("Dora Dragged");
  const qualifiedBefore = await stage("Qualified").getByRole("heading").textContent();
  const before = Number(/(\d+) leads?/.exec(qualifiedBefore ?? "")?.[1]);

  // Dragged from New to Qualified: there at once, the stage's count one more, the answer
  // said, and kept (the lead's status and history).
  await dragWithMouse(page, card().getByRole("link"), stage("Qualified"));
  await expect(stage("Qualified")).toContainText("Dora Dragged");
  await expect(stage("Qualified").getByRole("heading")).toContainText(
    `${before + 1} ${before + 1 === 1 ? "lead" : "leads"}`,
  );
  await expect(
    page.getByRole("status").filter({ hasText: "Moved Dora Dragged to Qualified." }),
  ).toHaveCount(1);
  await page.reload();
  await expect(stage("Qualified")).toContainText("Dora Dragged");
  // A click on the name still opens the lead.
  await card().getByRole("link", { name: "Dora Dragged" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dora Dragged" })).toBeVisible();
  await expect(page.getByText(/Changed the status: New → Qualified/)).toBeVisible();
  await page.goBack();
  await waitForHydration(page);

  // Dropped on the place for Lost that shows while a card is held: off the board, asked why
  // in the answer; Undo puts it back.
  const said = (text: string) => page.getByRole("status").filter({ hasText: text });
  await dragWithMouse(page, card().getByRole("link"), () =>
    page.getByText("Drop here to mark it Lost"),
  );
  await expect(said("Moved Dora Dragged to Lost. Why was it lost?")).toHaveCount(1);
  await expect(card()).toHaveCount(0);
  await expect(page.getByText("Drop here to mark it Lost")).toBeHidden();
  await expect(page.locator("[data-answer]").getByLabel("Why lost?")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(said("Moved Dora Dragged to Qualified.")).toHaveCount(1);
  await expect(stage("Qualified")).toContainText("Dora Dragged");

  // By keyboard: the card's Move menu, then Won; the answer takes the focus (its link, Undo).
  const menu = card().locator("summary");
  await tabTo(page, menu, 200);
  await expect(menu).toHaveAccessibleName("Move Dora Dragged");
  await page.keyboard.press("Enter");
  await tabTo(page, card().getByRole("button", { name: "Won", exact: true }));
  await page.keyboard.press("Enter");
  await expect(said("Moved Dora Dragged to Won.")).toHaveCount(1);
  await expect(stage("Won")).toContainText("Dora Dragged");
  await expect(page.locator("[data-answer]")).toBeFocused();
  // Back to Qualified from the menu: the focus follows the card to its stage.
  await tabTo(page, card().locator("summary"), 200);
  await page.keyboard.press("Enter");
  await tabTo(page, card().getByRole("button", { name: "Qualified", exact: true }));
  await page.keyboard.press("Enter");
  await expect(said("Moved Dora Dragged to Qualified.")).toHaveCount(1);
  await expect(stage("Qualified").getByRole("link", { name: "Dora Dragged" })).toBeFocused();
  // Then Lost: the focus goes to the question, answered by keyboard too.
  await tabTo(page, card().locator("summary"), 200);
  await page.keyboard.press("Enter");
  await tabTo(page, card().getByRole("button", { name: "Lost", exact: true }));
  await page.keyboard.press("Enter");
  const why = page.locator("[data-answer]").getByLabel("Why lost?");
  await expect(why).toBeFocused();
  await page.keyboard.type("Went");
  await expect(why).toHaveValue("no-response");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(said("Dora Dragged: Lost: went quiet.")).toHaveCount(1);
  await expect(page.locator("[data-answer]")).toBeFocused();
  await page.getByRole("link", { name: "Open Dora Dragged" }).click();
  await expect(page.getByLabel("Why lost?")).toHaveValue("no-response");
});

test("on a slow phone, a card's Move menu opened before the board's scripts start stays open once they run, and moves the card once", async ({
  page,
  backOffice,
}) => {
  await sendLead(backOffice.url, {
    name: "Hana Hydrating",
    email: "hana@hydrating.example",
    message: "Move me early.",
  });
  const [id = ""] = await leadIdsNamed(backOffice, "hana@hydrating.example");
  // Among the largest deals of the journey server, so shown whatever else is in its stage.
  await setOnLead(backOffice, id, { intent: "value", value: "940000" });
  await signInAs(page, backOffice, "hugo@example.com", "sales");
  // A phone four times slower than this machine, its scripts still on their way.
  const slow = await page.context().newPage();
  await slow.setViewportSize({ width: 390, height: 844 });
  const cdp = await slow.context().newCDPSession(slow);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const release = await holdScripts(slow);
  await slow.goto(`${backOffice.url}/admin/leads/pipeline`, { waitUntil: "domcontentloaded" });
  const card = slow.locator("[data-card]").filter({ hasText: "Hana Hydrating" });
  await card.locator("summary").click();
  const contacted = card.getByRole("button", { name: "Contacted", exact: true });
  await expect(contacted).toBeVisible();
  const posted: string[] = [];
  slow.on("request", (request) => {
    if (request.method() === "POST") posted.push(request.postData() ?? "");
  });
  release();
  await waitForHydration(slow);
  // The scripts took over the page as it was: the menu is still open where it was opened.
  await expect(contacted).toBeVisible();
  await contacted.click();
  await expect(
    slow.getByRole("status").filter({ hasText: "Moved Hana Hydrating to Contacted." }),
  ).toHaveCount(1);
  await expect(
    slow.getByRole("region", { name: /^Contacted/ }).getByRole("link", { name: "Hana Hydrating" }),
  ).toBeVisible();
  // One move (beside the back office's first look at the browser's time zone).
  const moves = posted.filter((body) => body.startsWith("intent=move"));
  expect(moves, JSON.stringify(posted)).toHaveLength(1);
  expect(moves[0]).toContain("status=contacted");
  await slow.close();
});

test("on a phone a card held a moment is dragged with a finger; a quick swipe scrolls the stages", async ({
  browser,
  backOffice,
}) => {
  await sendLead(backOffice.url, {
    name: "Tess Touch",
    email: "tess@touch.example",
    message: "Held and dropped.",
  });
  const [id = ""] = await leadIdsNamed(backOffice, "tess@touch.example");
  await setOnLead(backOffice, id, { intent: "value", value: "960000" });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await signInAs(page, backOffice, "tara@example.com", "sales");
  await page.goto(`${backOffice.url}/admin/leads/pipeline`);
  await waitForHydration(page);
  const cdp = await context.newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: type === "touchEnd" ? [] : [{ x, y }],
    });
  const stages = page.getByRole("region", { name: "Stages" });
  const card = page.locator("[data-card]").filter({ hasText: "Tess Touch" });
  const box = await card.boundingBox();
  if (!box) throw new Error("No card");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  // A quick swipe to the left scrolls the row of stages and moves nothing.
  await touch("touchStart", x, y);
  for (let step = 1; step <= 8; step++) await touch("touchMove", x - step * 25, y);
  await touch("touchEnd", x - 200, y);
  // (A card picked up would have stopped the scrolling: the sensor takes the finger's moves.)
  await expect.poll(() => stages.evaluate((row) => row.scrollLeft)).toBeGreaterThan(50);
  await expect(page.getByRole("region", { name: /^New/ })).toContainText("Tess Touch");
  // Back to the start, once the swipe's momentum has run out.
  await expect
    .poll(() =>
      stages.evaluate((row) => {
        row.scrollLeft = 0;
        return row.scrollLeft;
      }),
    )
    .toBe(0);
  // Held a moment, it is picked up; the place for Lost shows, and it is dropped there.
  await touch("touchStart", x, y);
  await page.waitForTimeout(400);
  await touch("touchMove", x, y + 10);
  const lost = page.getByText("Drop here to mark it Lost");
  await expect(lost).toBeVisible();
  const target = await lost.boundingBox();
  if (!target) throw new Error("No place for Lost");
  const tx = target.x + target.width / 2;
  const ty = target.y + target.height / 2;
  for (let step = 1; step <= 10; step++) {
    await touch("touchMove", x + ((tx - x) * step) / 10, y + ((ty - y) * step) / 10);
  }
  await touch("touchEnd", tx, ty);
  await expect(
    page.getByRole("status").filter({ hasText: "Moved Tess Touch to Lost." }),
  ).toHaveCount(1);
  await expect(card).toHaveCount(0);
  await context.close();
});

test.describe("in New York", () => {
  test.use({ timezoneId: "America/New_York" });

  test("a first visit sets the browser's time zone: times and follow-up days are New York's", async ({
    page,
    backOffice,
  }) => {
    await sendLead(backOffice.url, {
      name: "Zed Zone",
      email: "zed@zone.example",
      message: "Which time is it?",
    });
    await signInAs(page, backOffice, "nyc@example.com", "sales");
    await page.goto(`${backOffice.url}/admin/leads?q=zone.example`);
    await waitForHydration(page);
    // The browser's zone is offered once; the pages that follow show their times in it.
    await expect(async () => {
      await page.reload();
      await expect(page.locator("time").first()).toHaveAttribute("title", /GMT-[45]$/, {
        timeout: 500,
      });
    }).toPass({ timeout: 10_000 });
    await page.goto(`${backOffice.url}/admin/account`);
    await expect(page.getByLabel("Show and enter times in")).toHaveValue("America/New_York");
    // A zone chosen by hand stays, whatever the browser says later.
    await page.getByLabel("Show and enter times in").selectOption("Europe/Berlin");
    await page.getByRole("button", { name: "Save time zone" }).click();
    await expect(page.getByText("Times are now shown in Europe/Berlin.")).toBeVisible();
    await page.goto(`${backOffice.url}/admin/leads?q=zone.example`);
    await waitForHydration(page);
    await expect(page.locator("time").first()).toHaveAttribute("title", /CES?T$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("reading and filtering the inbox, changing a status, owner and follow-up, adding a note and replying all work", async ({
    page,
    newContext,
    backOffice,
  }) => {
    await sendLead(backOffice.url, {
      name: "Nadia Noscript",
      email: "nadia@example.com",
      message: "No scripts here.",
    });
    await signInAs(page, backOffice, "noel@example.com", "sales");
    await page.goto(`${backOffice.url}/admin/leads`);
    await page.getByLabel("Search", { exact: true }).fill("nadia");
    await page.getByLabel("Status", { exact: true }).selectOption("new");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/q=nadia/);
    await expect(page.getByRole("link", { name: /^New \(1\)$/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.getByRole("link", { name: "Nadia Noscript" }).click();
    await expect(page.getByText("No scripts here.")).toBeVisible();
    await page.getByLabel("Lead status").selectOption("lost");
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("status")).toHaveText("Status changed: New → Lost.");
    await page.getByLabel("Add a note").fill("Chose another agency.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByRole("status")).toHaveText("Note added.");
    const history = page.getByRole("region", { name: "Notes and history" });
    await expect(
      history.getByRole("paragraph").filter({ hasText: "Chose another agency." }),
    ).toBeVisible();
    // Its author can change it, without scripts too.
    await history.getByText("Edit this note").click();
    await history.getByLabel("Note", { exact: true }).fill("Chose another agency, for now.");
    await history.getByRole("button", { name: "Save note" }).click();
    await expect(page.getByRole("status")).toHaveText("Note changed.");
    await expect(
      history.getByRole("paragraph").filter({ hasText: "Chose another agency, for now." }),
    ).toBeVisible();
    // Deleting asks first: the text cannot be brought back.
    await page.getByLabel("Add a note").fill("Typo note.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByRole("status")).toHaveText("Note added.");
    const typo = history.getByRole("listitem").filter({ hasText: "Typo note." });
    await typo.getByText("Delete this note").click();
    await expect(typo.getByText("Its text cannot be brought back")).toBeVisible();
    await typo.getByRole("button", { name: "Delete note" }).click();
    await expect(page.getByRole("status")).toHaveText("Note deleted.");
    await expect(history.getByText("Typo note.")).toHaveCount(0);
    await expect(history.getByText(/^Deleted a note/)).toBeVisible();
    await expect(
      history.getByRole("paragraph").filter({ hasText: "Chose another agency, for now." }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Assign to me" }).click();
    await expect(page.getByRole("status")).toHaveText("Assigned to sales noel.");
    await page.getByLabel("Follow up on").fill("2031-03-04");
    await page.getByRole("button", { name: "Save date" }).click();
    await expect(page.getByRole("status")).toHaveText("Follow up on March 4, 2031.");
    await page.getByRole("button", { name: /^Clear/ }).click();
    await expect(page.getByRole("status")).toHaveText("The follow-up date is cleared.");
    // A refused reply keeps what was typed, with the reason beside the field.
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByText("Write the reply before sending it.")).toBeVisible();
    await page.getByLabel("Your reply").fill("Sorry to hear it, Nadia. Good luck!");
    // The subject is suggested from her message and can be changed, not emptied.
    const subject = page.getByLabel("Subject");
    await expect(subject).toHaveValue("Re: No scripts here.");
    await subject.fill("");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByText("Write a subject, or keep the one suggested.")).toBeVisible();
    await expect(page.getByLabel("Your reply")).toHaveValue("Sorry to hear it, Nadia. Good luck!");
    const before = backOffice.mailCount();
    await subject.fill("Good luck with the launch");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByRole("status")).toHaveText("Reply queued: it goes out within seconds.");
    expect((await backOffice.mailTo("nadia@example.com", before)).subject).toBe(
      "Good luck with the launch",
    );
    await expect(page.getByText("Sorry to hear it, Nadia. Good luck!")).toBeVisible();
    await page.getByRole("link", { name: "All leads" }).click();
    await expect(page.getByRole("link", { name: /^Lost \(/ })).toBeVisible();
    await expectNoAxeViolations(await withScriptsForAxe(page, newContext));
    // On the pipeline board a card moves with its menu, a plain form.
    await page.goto(
      `${backOffice.url}/admin/leads/${(await leadIdsNamed(backOffice, "nadia@example.com"))[0]}`,
    );
    await page.getByLabel("Lead status").selectOption("qualified");
    await page.getByRole("button", { name: "Save status" }).click();
    await page.goto(`${backOffice.url}/admin/leads/pipeline`);
    const card = page.locator("[data-card]").filter({ hasText: "Nadia Noscript" });
    await card.getByText("Move").click();
    await card.getByRole("button", { name: "Contacted", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Moved Nadia Noscript to Contacted.");
    await expect(
      page
        .getByRole("region", { name: /^Contacted/ })
        .getByRole("link", { name: "Nadia Noscript" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("status")).toContainText("Moved Nadia Noscript to Qualified.");
  });
});

test("signed out in another tab, a reply being sent stays on the lead with its text, and goes once signed in again", async ({
  page,
  backOffice,
}) => {
  await sendLead(backOffice.url, {
    name: "Sid Session",
    email: "sid@sessionco.example",
    message: "Can we talk next week?",
  });
  await signInAs(page, backOffice, "sue@example.com", "sales");
  await page.goto(`${backOffice.url}/admin/leads?q=sessionco`);
  await waitForHydration(page);
  await page.getByRole("link", { name: /Sid Session/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sid Session" })).toBeVisible();
  const address = page.url();

  const other = await page.context().newPage();
  await other.goto(`${backOffice.url}/admin`);
  await other.getByRole("button", { name: /^Sign out/ }).click();
  await expect(other).toHaveURL(/\/admin\/sign-in/);

  const reply = page.getByLabel("Your reply");
  await reply.fill("Tuesday at 10 works for us.");
  await page.getByRole("button", { name: "Send reply" }).click();
  const answer = page.getByRole("alert").filter({ hasText: "you have been signed out" });
  await expect(answer).toBeVisible();
  await expect(answer.getByRole("link", { name: /Sign in again/ })).toHaveAttribute(
    "target",
    "_blank",
  );
  expect(page.url()).toBe(address);
  await expect(reply).toHaveValue("Tuesday at 10 works for us.");

  // A status changed meanwhile says so beside the list, keeps the choice, and offers to save
  // it again.
  const status = page.getByLabel("Lead status");
  await status.selectOption("qualified");
  const beside = page.locator("form").filter({ has: status });
  await expect(beside.getByText("Not saved: you have been signed out.")).toBeVisible();
  await expect(status).toHaveValue("qualified");

  await backOffice.signIn(other, "sue@example.com");
  await beside.getByRole("button", { name: "Save status" }).click();
  await expect(beside.getByText("Status changed: New → Qualified.")).toBeVisible();
  await expect(beside.getByRole("button", { name: "Save status" })).toHaveCount(0);
  const before = backOffice.mailCount();
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText(/^Reply queued/)).toBeVisible();
  const mail = await backOffice.mailTo("sid@sessionco.example", before);
  expect(mail.text).toContain("Tuesday at 10 works for us.");
});

test("a salesperson turns the morning email of follow-ups off and on again on their account page; an editor, who owns no leads, is not offered it", async ({
  page,
  browser,
  backOffice,
}) => {
  await signInAs(page, backOffice, "morning@example.com", "sales");
  await page.goto(`${backOffice.url}/admin/account`);
  const panel = page.getByRole("region", { name: "Morning email" });
  const box = panel.getByLabel("Email me my follow-ups each morning");
  await expect(box).toBeChecked();
  await expect(box).toHaveAccessibleDescription(/At 8:00 in your time zone/);
  await box.uncheck();
  await panel.getByRole("button", { name: "Save morning email" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "You will get no more morning emails of follow-ups.",
  );
  await page.reload();
  await expect(box).not.toBeChecked();
  // By keyboard: Space ticks it, and the form's button saves it.
  await box.focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("button", { name: "Save morning email" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("You will get an email at 8:00");
  await page.reload();
  await expect(box).toBeChecked();

  const editor = await (await browser.newContext()).newPage();
  await backOffice.invite("morning-editor@example.com", "editor", "Ed Morning");
  await backOffice.signIn(editor, "morning-editor@example.com");
  await editor.goto(`${backOffice.url}/admin/account`);
  await expect(editor.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(editor.getByRole("heading", { name: "Morning email" })).toHaveCount(0);
});
