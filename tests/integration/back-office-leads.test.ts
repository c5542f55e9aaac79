import { parse } from "csv-parse/sync";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { onServer, runAdminCli, signInLinkIn, signInWithLink } from "../support/back-office.ts";
import { formTokens, postContact } from "../support/contact.ts";
import { migratedDataDirectory } from "../support/database-template.ts";
import { writtenEmails } from "../support/mail-files.ts";
import { type SpawnedServer, startBuiltServer } from "../support/server.ts";

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const formula = '=HYPERLINK("http://evil.example","Click")';

// Leads as visitors send them, oldest first.
const visitors = [
  { name: "Dana Whitfield", email: "dana@example.com", message: "We want founder-led content." },
  {
    name: "Omar Haddad",
    email: "omar@example.com",
    message: "Line one about budgets\nLine two: <b>not bold</b>",
  },
  { name: formula, email: "mallory@example.com", message: `${formula} please` },
  { name: "Erin Erase", email: "erin@example.com", message: "First message, erase me later." },
  { name: "Erin Erase", email: "ERIN@example.com", message: "Second message from Erin." },
];

describe("back office: the leads inbox over HTTP", () => {
  let server: SpawnedServer;
  let base: string;
  const cookies: Record<"admin" | "sales" | "editor", string> = {
    admin: "",
    sales: "",
    editor: "",
  };
  /** Lead ids by the visitor's email (the newest message for Erin). */
  const ids: Record<string, string> = {};

  const get = (urlPath: string, cookie?: string) =>
    fetch(`${base}${urlPath}`, {
      redirect: "manual",
      headers: cookie ? { Cookie: cookie } : {},
    });
  const post = (urlPath: string, body: Record<string, string>, cookie?: string, origin = base) =>
    fetch(`${base}${urlPath}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: origin,
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(body),
    });
  const page = async (urlPath: string, cookie = cookies.sales) => {
    const response = await get(urlPath, cookie);
    expect(response.status, urlPath).toBe(200);
    return response.text();
  };
  const mailFiles = () => writtenEmails(server.dataDir);

  beforeAll(async () => {
    const dataDir = await migratedDataDirectory("leads");
    // Before the server starts (the embedded database allows one process), as an operator
    // would: one person per role, each with a printed sign-in link.
    const links: Record<string, string> = {};
    for (const [role, email] of [
      ["admin", "ada@example.com"],
      ["sales", "sam@example.com"],
      ["editor", "eve@example.com"],
    ] as const) {
      const invited = await runAdminCli(
        ["invite", email, "--role", role, "--name", `${role} person`],
        {
          DATA_DIR: dataDir,
        },
      );
      expect(invited.status, invited.stderr).toBe(0);
      links[role] = signInLinkIn(invited.stdout);
    }
    // No SMTP_URL: every email is an .eml file under DATA_DIR/mail, as in development.
    server = await startBuiltServer({
      DATA_DIR: dataDir,
      MAIL_POLL_MS: "100",
      // Logged at info, so the test can tell that an erasure logs no personal data.
      LOG_LEVEL: "info",
      CONTACT_MIN_FILL_MS: "0",
      CONTACT_RATE_LIMIT: "1000",
    });
    base = server.url;
    for (const role of ["admin", "sales", "editor"] as const) {
      cookies[role] = await signInWithLink(base, onServer(links[role] ?? "", base));
    }
    // Through the real contact form, one after another so "newest first" is well defined.
    const tokens = await formTokens(base, visitors.length);
    for (const [index, visitor] of visitors.entries()) {
      const answer = await postContact(base, { ...visitor, token: tokens[index] ?? "" });
      expect(answer.status, answer.html).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const html = await page("/admin/leads", cookies.admin);
    // Each row links to its lead; the first row is the newest message.
    const rows = [...html.matchAll(/href="\/admin\/leads\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
    expect(rows).toHaveLength(visitors.length);
    for (const [index, visitor] of visitors.toReversed().entries()) {
      ids[visitor.email.toLowerCase()] ??= rows[index] ?? "";
    }
    // Every notification email is delivered (to a file) before the tests look at it.
    for (
      let i = 0;
      i < 100 && mailFiles().filter((name) => uuid.test(name)).length < visitors.length;
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  test("a signed-out visitor is sent to sign-in from every leads page, .data, download and post", async () => {
    const id = ids["dana@example.com"];
    for (const urlPath of [
      "/admin/leads",
      "/admin/leads?status=new",
      `/admin/leads/${id}`,
      "/admin/leads.csv",
      "/admin/leads/person.json?email=dana%40example.com",
      "/admin/leads/new",
      "/admin/leads/pipeline",
      "/admin/settings",
    ]) {
      const response = await get(urlPath);
      expect(response.status, urlPath).toBe(302);
      expect(response.headers.get("location"), urlPath).toMatch(/^\/admin\/sign-in/);
      expect(response.headers.get("cache-control"), urlPath).toBe("no-store");
    }
    expect((await get("/admin/leads?status=new")).headers.get("location")).toBe(
      "/admin/sign-in?next=%2Fadmin%2Fleads%3Fstatus%3Dnew",
    );
    for (const urlPath of [
      "/admin/leads.data",
      `/admin/leads/${id}.data`,
      "/admin/leads/new.data",
    ]) {
      const response = await get(urlPath);
      const body = await response.text();
      expect([202, 302], urlPath).toContain(response.status);
      expect(body, urlPath).toContain("/admin/sign-in");
      expect(body, urlPath).not.toContain("dana@example.com");
    }
    const action = await post(`/admin/leads/${id}`, { intent: "status", status: "won" });
    expect(action.status).toBe(302);
    const added = await post("/admin/leads/new", {
      name: "Signed Out",
      email: "signed-out@example.com",
      origin: "referral",
      key: crypto.randomUUID(),
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toMatch(/^\/admin\/sign-in/);
    const moved = await post("/admin/leads/pipeline", {
      intent: "move",
      lead: id ?? "",
      status: "won",
    });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toMatch(/^\/admin\/sign-in/);
    expect(await page("/admin/leads?q=signed-out")).toContain("No leads match");
    expect(await page(`/admin/leads/${id}`)).not.toContain("Changed the status");
  });

  test("an editor gets 403 on every leads page, .data, download and post, and sees no lead", async () => {
    const id = ids["dana@example.com"];
    for (const urlPath of [
      "/admin/leads",
      "/admin/leads.data",
      "/admin/leads.data?_routes=routes%2Fadmin.leads",
      `/admin/leads/${id}`,
      `/admin/leads/${id}.data`,
      "/admin/leads.csv",
      "/admin/leads/person.json?email=dana%40example.com",
      "/admin/leads/new",
      "/admin/leads/new.data",
      "/admin/leads/pipeline",
      "/admin/leads/pipeline.data",
      "/admin/settings",
    ]) {
      const response = await get(urlPath, cookies.editor);
      expect(response.status, urlPath).toBe(403);
      const body = await response.text();
      expect(body, urlPath).not.toContain("dana@example.com");
      expect(body, urlPath).not.toContain("founder-led content");
      expect(response.headers.get("cache-control"), urlPath).toBe("no-store");
    }
    const html = await (await get("/admin/leads", cookies.editor)).text();
    expect(html).toContain("Not part of your role");
    const posts: Record<string, string>[] = [
      { intent: "status", status: "won" },
      { intent: "note", note: "editor was here" },
      { intent: "resend" },
      { intent: "erase", confirm: "yes" },
    ];
    for (const body of posts) {
      const response = await post(`/admin/leads/${id}`, body, cookies.editor);
      expect(response.status, body.intent).toBe(403);
    }
    const exported = await post(
      "/admin/leads/person.json",
      { email: "dana@example.com" },
      cookies.editor,
    );
    expect(exported.status).toBe(403);
    expect(await exported.text()).not.toContain("founder-led content");
    const added = await post(
      "/admin/leads/new",
      {
        name: "By Editor",
        email: "by-editor@example.com",
        origin: "referral",
        key: crypto.randomUUID(),
      },
      cookies.editor,
    );
    expect(added.status).toBe(403);
    expect(await page("/admin/leads?q=by-editor")).toContain("No leads match");
    const moved = await post(
      "/admin/leads/pipeline",
      { intent: "move", lead: id ?? "", status: "won" },
      cookies.editor,
    );
    expect(moved.status).toBe(403);
    const lead = await page(`/admin/leads/${id}`);
    expect(lead).toContain("dana@example.com");
    expect(lead).not.toContain("editor was here");
    expect(lead).not.toContain("Changed the status");
    // The navigation offers an editor no leads.
    expect(await page("/admin", cookies.editor)).not.toContain('href="/admin/leads"');
  });

  test("a sales user lists newest first with counts per status, searches and filters", async () => {
    const html = await page("/admin/leads");
    // Newest first: Erin's second message, then her first, ..., Dana's last.
    expect(html.indexOf("Second message from Erin.")).toBeLessThan(
      html.indexOf("We want founder-led content."),
    );
    expect(html).toMatch(/aria-current="page"[^>]*>All \(5\)</);
    expect(html).toContain("New (5)");
    expect(html).toContain("Contacted (0)");
    expect(html).toContain("Page 1 of 1");
    // Search matches name, email and message text, case-insensitively.
    const byText = await page("/admin/leads?q=BUDGETS");
    expect(byText).toContain("omar@example.com");
    expect(byText).not.toContain("dana@example.com");
    const byEmail = await page("/admin/leads?q=erin%40");
    expect(byEmail).toContain("2 leads");
    expect(byEmail).toContain('value="erin@"');
    // Delivery state: every email went out as a file.
    expect(await page("/admin/leads?delivery=sent")).toContain("5 leads");
    const failed = await page("/admin/leads?delivery=failed");
    expect(failed).toContain("No leads match this filter.");
    // Pages of two: "page 2 of 3", with links both ways that keep the filter.
    const second = await page("/admin/leads?size=2&page=2");
    expect(second).toContain("Page 2 of 3");
    expect(second).toContain('href="/admin/leads?size=2"');
    expect(second).toContain('href="/admin/leads?page=3&amp;size=2"');
    // Oldest first: the heading says so, the menu shows it, and a lead's link and the pager
    // keep it (so Previous and Next on a lead walk the same order).
    const oldest = await page("/admin/leads?sort=oldest&size=2");
    expect(oldest).toContain("showing 1–2, oldest first");
    expect(oldest.indexOf("We want founder-led content.")).toBeGreaterThan(-1);
    expect(oldest).not.toContain("Second message from Erin.");
    expect(oldest).toMatch(/<option value="oldest" selected="">Oldest first<\/option>/);
    expect(oldest).toContain(
      `href="/admin/leads/${ids["dana@example.com"]}?sort=oldest&amp;size=2"`,
    );
    expect(oldest).toContain('href="/admin/leads?sort=oldest&amp;page=2&amp;size=2"');
    // The CSV link carries the filter, not the page.
    expect(await page("/admin/leads?q=erin&page=1&status=new")).toContain(
      'href="/admin/leads.csv?q=erin&amp;status=new"',
    );
  });

  test("a lead is unread in the inbox (and counted in the nav) until someone on the team opens it", async () => {
    const unreadOmar = /Unread: <\/span><\/span>Omar Haddad/;
    const before = await page("/admin/leads");
    expect(before).toMatch(unreadOmar);
    const unreadCount = (html: string) =>
      Number(/>(\d+)<span class="sr-only"> unread</.exec(html)?.[1] ?? "0");
    const count = unreadCount(before);
    expect(count).toBeGreaterThan(0);
    // An editor's refused look changes nothing.
    expect((await get(`/admin/leads/${ids["omar@example.com"]}`, cookies.editor)).status).toBe(403);
    expect(await page("/admin/leads")).toMatch(unreadOmar);
    // The lead's own page counts it as read already (its loader marks it while the
    // navigation's counts).
    const opened = await page(`/admin/leads/${ids["omar@example.com"]}`, cookies.admin);
    expect(unreadCount(opened)).toBe(count - 1);
    const after = await page("/admin/leads");
    expect(after).not.toMatch(unreadOmar);
    expect(unreadCount(after)).toBe(count - 1);
  });

  test("a sales user changes the status, marks spam, adds notes and resends; the history says who", async () => {
    const id = ids["dana@example.com"];
    const leadPath = `/admin/leads/${id}`;
    const lead = await page(leadPath);
    expect(lead).toContain("We want founder-led content.");
    expect(lead).toContain('href="mailto:dana@example.com"');
    const changed = await post(leadPath, { intent: "status", status: "contacted" }, cookies.sales);
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("Status changed: New → Contacted.");
    const again = await post(leadPath, { intent: "status", status: "contacted" }, cookies.sales);
    expect(await again.text()).toContain("The status was already Contacted.");
    const bogus = await post(leadPath, { intent: "status", status: "sold" }, cookies.sales);
    expect(bogus.status).toBe(400);

    const empty = await post(leadPath, { intent: "note", note: "   " }, cookies.sales);
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain("A note cannot be empty.");
    expect(emptyHtml).toMatch(
      /aria-invalid="true"[^>]*aria-describedby="lead-note-hint lead-note-error"/,
    );
    const long = await post(leadPath, { intent: "note", note: "x".repeat(5001) }, cookies.sales);
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("5,000 characters or fewer");
    const note = await post(
      leadPath,
      { intent: "note", note: "Called her.\n<script>alert(1)</script>" },
      cookies.sales,
    );
    expect(note.status).toBe(200);
    expect(await note.text()).toContain("Note added.");

    const resent = await post(leadPath, { intent: "resend" }, cookies.sales);
    expect(resent.status).toBe(200);
    expect(await resent.text()).toContain(
      "The notification email is queued again (it was sent) and goes out within seconds.",
    );

    const history = await page(leadPath);
    expect(history).toContain("Changed the status: New → Contacted");
    expect(history).toContain("Called her.\n&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(history).not.toContain("<script>alert(1)");
    expect(history).toContain("Resent the notification email");
    expect(history).toContain("sales person");
    // Newest first: the resend above the note above the status change.
    expect(history.indexOf("Resent the notification")).toBeLessThan(history.indexOf("Called her."));
    expect(history.indexOf("Called her.")).toBeLessThan(history.indexOf("Changed the status"));

    const spam = await post(
      `/admin/leads/${ids["mallory@example.com"]}`,
      { intent: "spam" },
      cookies.sales,
    );
    // Spam is done with: on to the next lead in the list, which says what happened.
    expect(spam.status).toBe(302);
    const nextLead = spam.headers.get("location") ?? "";
    const spamId = ids["mallory@example.com"] ?? "";
    expect(nextLead).toMatch(new RegExp(`^/admin/leads/[0-9a-f-]{36}\\?spammed=${spamId}$`));
    // It names the lead that went and offers to put it back, without JavaScript too.
    const next = await page(nextLead);
    expect(next).toContain("was marked as spam.");
    expect(next).toMatch(
      new RegExp(
        `<form[^>]* action="/admin/leads/${spamId}"[^>]*>[^<]*<input [^>]*value="not-spam"`,
      ),
    );
    // The last lead of a list leads back to the list, which says the same.
    expect(await page(`/admin/leads?q=zzz&spammed=${spamId}`)).toMatch(
      new RegExp(
        `was marked as spam\\.[\\s\\S]*?<form[^>]* action="/admin/leads/${spamId}\\?q=zzz"`,
      ),
    );
    // A forged or stale id offers nothing.
    expect(
      await page(`${nextLead.split("?")[0]}?spammed=${ids["dana@example.com"]}`),
    ).not.toContain("was marked as spam.");
    // Undo on a lead that is not spam changes nothing and says so.
    const notSpam = await post(
      `/admin/leads/${ids["dana@example.com"]}`,
      { intent: "not-spam" },
      cookies.sales,
    );
    expect(await notSpam.text()).toContain(
      "This lead is not marked as spam: its status is Contacted.",
    );
    const spamHistory = await page(`/admin/leads/${ids["mallory@example.com"]}`);
    expect(spamHistory).toContain("Changed the status: New → Spam");
    const inbox = await page("/admin/leads?status=contacted");
    expect(inbox).toContain("1 lead");
    expect(inbox).toContain("dana@example.com");
    expect(inbox).toMatch(/aria-current="page"[^>]*>Contacted \(1\)</);
    expect(inbox).toContain("Spam (1)");
  });

  test("a salesperson opens, assigns, schedules a follow-up and replies; the inbox's views follow; an editor can do none of it", async () => {
    const id = ids["omar@example.com"] ?? "";
    const lead = `/admin/leads/${id}`;
    // An editor is refused before anything is read or changed.
    const editorPosts: Record<string, string>[] = [
      { intent: "assign-me" },
      { intent: "follow-up", on: "2026-12-01" },
      { intent: "value", value: "48000" },
      { intent: "linkedin", linkedin: "linkedin.com/in/editor" },
      { intent: "reply", reply: "Hello from an editor" },
    ];
    for (const body of editorPosts) {
      const refused = await post(lead, body, cookies.editor);
      expect(refused.status, body.intent).toBe(403);
    }
    expect(await page(lead)).toContain("Assign to me");

    expect(await (await post(lead, { intent: "assign-me" }, cookies.sales)).text()).toContain(
      "Assigned to sales person.",
    );
    const badDay = await post(lead, { intent: "follow-up", on: "31/12/2026" }, cookies.sales);
    expect(badDay.status).toBe(400);
    expect(await badDay.text()).toContain("Enter a date such as 2026-12-01.");
    // A year still being typed in a date field is not a day to call back on.
    const halfTyped = await post(lead, { intent: "follow-up", on: "0020-12-31" }, cookies.sales);
    expect(halfTyped.status).toBe(400);
    expect(await halfTyped.text()).toContain("Enter a date between 2000 and 2099");
    expect(
      await (await post(lead, { intent: "follow-up", on: "2020-01-02" }, cookies.sales)).text(),
    ).toContain("Follow up on January 2, 2020: that day has passed, so the lead is due now.");
    const notOwner = await post(lead, { intent: "owner", owner: "not-a-person" }, cookies.sales);
    expect(notOwner.status).toBe(400);
    // A deal's value, without scripts: refused with its reason and what was typed, then set.
    const badValue = await post(lead, { intent: "value", value: "48k" }, cookies.sales);
    expect(badValue.status).toBe(400);
    const badPage = new JSDOM(await badValue.text()).window.document;
    expect(badPage.getElementById("lead-value-error")?.textContent).toBe(
      "Enter whole US dollars, such as 4,500.",
    );
    expect(badPage.querySelector<HTMLInputElement>("#lead-value")?.value).toBe("48k");
    expect(
      await (await post(lead, { intent: "value", value: "$48,000" }, cookies.sales)).text(),
    ).toContain("Deal value $48,000.");
    const valued = new JSDOM(await page(lead)).window.document;
    expect(valued.querySelector<HTMLInputElement>("#lead-value")?.value).toBe("$48,000");
    expect(valued.body.textContent).toContain("Changed the deal value: none → $48,000");
    // Won with a value says so plainly; won without one asks for it.
    const wonValued = await post(lead, { intent: "status", status: "won" }, cookies.sales);
    expect(await wonValued.text()).not.toContain("Add its deal value");
    await post(lead, { intent: "status", status: "qualified" }, cookies.sales);
    await post(lead, { intent: "value", value: "" }, cookies.sales);
    const wonBare = await post(lead, { intent: "status", status: "won" }, cookies.sales);
    expect(await wonBare.text()).toContain(
      "Status changed: Qualified → Won. Add its deal value, so it counts in what was won.",
    );
    // Lost: why, asked on the page once it is; a reason not in the list changes nothing.
    await post(lead, { intent: "status", status: "lost" }, cookies.sales);
    const lostPage = new JSDOM(await page(lead)).window.document;
    expect(lostPage.querySelector<HTMLSelectElement>("#lead-lost-reason")?.value).toBe("");
    const badReason = await post(lead, { intent: "lost-reason", reason: "bored" }, cookies.sales);
    expect(badReason.status).toBe(400);
    expect(await badReason.text()).toContain("Choose a reason from the list.");
    expect(
      await (await post(lead, { intent: "lost-reason", reason: "timing" }, cookies.sales)).text(),
    ).toContain("Lost: timing.");
    expect(await page(lead)).toContain("Changed why it was lost: none → Timing");
    // The export says why, in words.
    const lostCsv = parse(await (await get("/admin/leads.csv?status=lost", cookies.sales)).text(), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(lostCsv.map((record) => record.lost_reason)).toEqual(["Timing"]);
    // As it was: new, and valued.
    await post(lead, { intent: "status", status: "new" }, cookies.sales);
    await post(lead, { intent: "value", value: "48000" }, cookies.sales);
    // Their LinkedIn profile, without scripts: only a profile on LinkedIn is ever linked.
    const badProfile = await post(
      lead,
      { intent: "linkedin", linkedin: "https://evil.example/in/omar" },
      cookies.sales,
    );
    expect(badProfile.status).toBe(400);
    const badProfilePage = new JSDOM(await badProfile.text()).window.document;
    expect(badProfilePage.getElementById("lead-linkedin-error")?.textContent).toBe(
      "Paste the address of their LinkedIn profile, such as linkedin.com/in/dana-whitfield.",
    );
    // The field is open again, with what was typed.
    expect(badProfilePage.querySelector("#lead-linkedin")?.closest("details")?.open).toBe(true);
    expect(badProfilePage.querySelector<HTMLInputElement>("#lead-linkedin")?.value).toBe(
      "https://evil.example/in/omar",
    );
    expect(badProfilePage.querySelector('a[href^="https://evil.example"]')).toBeNull();
    const savedProfile = await post(
      lead,
      { intent: "linkedin", linkedin: "uk.linkedin.com/in/omar-haddad/?utm_source=share" },
      cookies.sales,
    );
    expect(await savedProfile.text()).toContain(
      "LinkedIn profile saved: linkedin.com/in/omar-haddad.",
    );
    const profiled = new JSDOM(await page(lead)).window.document;
    const profileLink = profiled.querySelector<HTMLAnchorElement>(
      'a[href="https://www.linkedin.com/in/omar-haddad"]',
    );
    expect(profileLink?.textContent).toBe("linkedin.com/in/omar-haddad (opens in a new tab)");
    expect(profileLink?.rel).toBe("noopener noreferrer");
    // Remove takes it away whatever the field holds.
    const removed = await post(
      lead,
      { intent: "linkedin", linkedin: "not a profile", remove: "yes" },
      cookies.sales,
    );
    expect(await removed.text()).toContain("The LinkedIn profile is removed.");
    expect(await page(lead)).toContain(
      "Changed the LinkedIn profile: linkedin.com/in/omar-haddad → none",
    );

    const mine = await page("/admin/leads?view=mine");
    expect(mine).toContain("1 lead");
    expect(mine).toContain("Omar Haddad");
    expect(mine).toMatch(/aria-current="page"[^>]*>Mine \(1\)</);
    // A search from there stays within the view (the form carries it).
    const search = mine.match(/<form[^>]*role="search"[\s\S]*?<\/form>/)?.[0] ?? "";
    expect(search).toContain('<input type="hidden" name="view" value="mine"/>');
    const searched = await page("/admin/leads?view=mine&q=a&status=&delivery=");
    expect(searched).toMatch(/aria-current="page"[^>]*>Mine \(/);
    expect(searched).toContain("Omar Haddad");
    const due = await page("/admin/leads?view=due");
    expect(due).toContain("Follow-up due Jan 2, 2020");
    // The overview's "My follow-ups due" counts the reader's own and leads to just those.
    const overview = await page("/admin");
    expect(overview).toMatch(/href="\/admin\/leads\?view=my-due"[\s\S]*?My follow-ups due/);
    const myDue = await page("/admin/leads?view=my-due");
    expect(myDue).toMatch(/aria-current="page"[^>]*>My follow-ups due \(1\)</);
    expect(myDue).toContain("Omar Haddad");
    expect(await page("/admin/leads?view=unassigned")).not.toContain("Omar Haddad");

    const before = mailFiles().filter((name) => name.includes("-reply-")).length;
    const emptyReply = await post(lead, { intent: "reply", reply: " " }, cookies.sales);
    expect(emptyReply.status).toBe(400);
    expect(await emptyReply.text()).toContain("Write the reply before sending it.");
    const reply = await post(
      lead,
      { intent: "reply", reply: "Thanks Omar, <b>here</b> is our budget guide." },
      cookies.sales,
    );
    expect(await reply.text()).toContain(
      "Reply queued: it goes out within seconds. The lead is now Contacted.",
    );
    for (let i = 0; i < 50; i++) {
      if (mailFiles().filter((name) => name.includes("-reply-")).length > before) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(
      mailFiles().filter((name) => name.includes(`-reply-`) && name.includes(id)),
    ).toHaveLength(1);
    const history = await page(lead);
    expect(history).toContain("Replied by email");
    expect(history).toContain("Thanks Omar, &lt;b&gt;here&lt;/b&gt; is our budget guide.");
    expect(history).toContain("Changed the owner: Unassigned → sales person");
    expect(history).toContain("Changed the follow-up: none → January 2, 2020");
    expect(history).toContain("Changed the status: New → Contacted");

    const csv = parse(await (await get("/admin/leads.csv?view=mine", cookies.sales)).text(), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(csv).toHaveLength(1);
    expect(csv[0]).toMatchObject({
      email: "omar@example.com",
      owner_name: "sales person",
      owner_email: "sam@example.com",
      follow_up_on: "2020-01-02",
      notes: "0",
    });
    expect(csv[0]?.first_reply_at).toMatch(/^\d{4}-/);
  });

  test("the overview shows each role its own part: lead numbers to sales, scheduled posts to an editor, both to an admin", async () => {
    const sales = await page("/admin", cookies.sales);
    expect(sales).toContain("New, not answered");
    expect(sales).toContain("Leads per week by source");
    expect(sales).not.toContain("Scheduled posts");
    const editor = await page("/admin", cookies.editor);
    expect(editor).toContain("Scheduled posts");
    expect(editor).not.toContain("New, not answered");
    expect(editor).not.toContain(`<span class="sr-only"> unread</span>`);
    const admin = await page("/admin", cookies.admin);
    expect(admin).toContain("New, not answered");
    expect(admin).toContain("Scheduled posts");
  });

  test("ticked leads change status or owner together, each change in its own history; bad posts change nothing", async () => {
    const dana = ids["dana@example.com"] ?? "";
    const omar = ids["omar@example.com"] ?? "";
    const bulk = (body: Record<string, string | string[]>, cookie = cookies.sales) => {
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(body)) {
        for (const one of [value].flat()) form.append(name, one);
      }
      return fetch(`${base}/admin/leads`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: base,
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: cookie,
        },
        body: form,
      });
    };
    const none = await bulk({ intent: "bulk", status: "qualified" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Tick at least one lead in the list.");
    const nothing = await bulk({ intent: "bulk", ids: [dana, omar] });
    expect(nothing.status).toBe(400);
    expect(await nothing.text()).toContain("Choose a status or an owner");
    const junk = await bulk({ intent: "bulk", ids: ["not-an-id"], status: "won" });
    expect(junk.status).toBe(400);
    expect(
      (await bulk({ intent: "bulk", ids: [dana], status: "won" }, cookies.editor)).status,
    ).toBe(403);

    const done = await bulk({ intent: "bulk", ids: [dana, omar], status: "qualified", owner: "" });
    expect(done.status).toBe(200);
    expect(await done.text()).toMatch(/2 leads updated \(status Qualified, unassigned\)\./);
    for (const id of [dana, omar]) {
      const history = await page(`/admin/leads/${id}`);
      expect(history).toMatch(/Changed the status: \w+ → Qualified/);
    }
    expect(
      await (await bulk({ intent: "bulk", ids: [dana, omar], status: "qualified" })).text(),
    ).toContain("Nothing to change");
  });

  test("an admin keeps reply templates; a salesperson starts a reply from one, made out to the lead", async () => {
    const refused = await post(
      "/admin/settings",
      { intent: "template-add", title: "", body: " " },
      cookies.admin,
    );
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("Give the template a title.");
    expect(refusedHtml).toContain("Write the template&#x27;s text.");
    expect(
      (
        await post(
          "/admin/settings",
          { intent: "template-add", title: "Pricing", body: "x" },
          cookies.sales,
        )
      ).status,
    ).toBe(403);
    const added = await post(
      "/admin/settings",
      {
        intent: "template-add",
        title: "Pricing <first>",
        body: "Hi {name},\nThanks for asking. Our programs start at $6k a month.",
      },
      cookies.admin,
    );
    expect(await added.text()).toContain("Template &quot;Pricing &lt;first&gt;&quot; saved.");
    const settings = await page("/admin/settings", cookies.admin);
    const id = /name="id" value="([0-9a-f-]{36})"/.exec(settings)?.[1] ?? "";
    expect(id).not.toBe("");

    const lead = `/admin/leads/${ids["omar@example.com"]}`;
    const offered = await page(lead);
    expect(offered).toContain("Pricing &lt;first&gt;</option>");
    // Without scripts the chooser is a link-like GET: the reply starts with the template.
    const chosen = await page(`${lead}?template=${id}`);
    expect(chosen).toMatch(/<textarea[^>]*name="reply"[^>]*>Hi Omar,\nThanks for asking\./);
    expect(await page(`${lead}?template=not-a-template`)).toMatch(
      /<textarea[^>]*name="reply"[^>]*><\/textarea>/,
    );

    const deleted = await post("/admin/settings", { intent: "template-delete", id }, cookies.admin);
    expect(await deleted.text()).toContain("Template deleted.");
    expect(await page(lead)).not.toContain("Pricing &lt;first&gt;");
    // The retention form still works as it did, without an intent.
    expect((await post("/admin/settings", { months: "abc" }, cookies.admin)).status).toBe(400);
  });

  test("a note's author may edit or delete it; nobody else is offered or allowed to", async () => {
    const lead = `/admin/leads/${ids["dana@example.com"]}`;
    const added = await post(lead, { intent: "note", note: "Budget confirmed." }, cookies.sales);
    expect(await added.text()).toContain("Note added.");
    const mine = await page(lead, cookies.sales);
    const noteId = /name="noteId" value="(\d+)"/.exec(mine)?.[1] ?? "";
    expect(noteId).not.toBe("");
    // The admin sees the note, without Edit or Delete, and is refused if they post anyway.
    expect(await page(lead, cookies.admin)).not.toContain(`name="noteId" value="${noteId}"`);
    const refused = await post(lead, { intent: "note-delete", noteId }, cookies.admin);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(
      "Only the person who wrote a note can change or delete it.",
    );

    const edited = await post(
      lead,
      { intent: "note-edit", noteId, note: "Budget confirmed: $8k a month." },
      cookies.sales,
    );
    expect(await edited.text()).toContain("Note changed.");
    const afterEdit = await page(lead, cookies.admin);
    expect(afterEdit).toContain("Budget confirmed: $8k a month.");
    expect(afterEdit).toMatch(/Edited \d+ \w+ \d{4}/);

    const deleted = await post(lead, { intent: "note-delete", noteId }, cookies.sales);
    expect(await deleted.text()).toContain("Note deleted.");
    const afterDelete = await page(lead, cookies.admin);
    expect(afterDelete).not.toContain("Budget confirmed");
    expect(afterDelete).toContain("Deleted a note");
  });

  test("a message shows as text with its line breaks, never as HTML", async () => {
    const html = await page(`/admin/leads/${ids["omar@example.com"]}`);
    expect(html).toContain("Line one about budgets\nLine two: &lt;b&gt;not bold&lt;/b&gt;");
    expect(html).not.toContain("<b>not bold</b>");
  });

  test("unknown and malformed lead ids answer 404 inside the back office", async () => {
    for (const urlPath of [
      "/admin/leads/00000000-0000-4000-8000-000000000000",
      "/admin/leads/not-a-uuid",
      "/admin/leads/00000000-0000-4000-8000-000000000000.data",
    ]) {
      const response = await get(urlPath, cookies.sales);
      expect(response.status, urlPath).toBe(404);
    }
    expect(await (await get("/admin/leads/not-a-uuid", cookies.sales)).text()).toContain(
      "Page not found",
    );
    const action = await post(
      "/admin/leads/00000000-0000-4000-8000-000000000000",
      { intent: "note", note: "hello" },
      cookies.sales,
    );
    expect(action.status).toBe(404);
  });

  test("the CSV holds the current filter's leads, formulas neutralised, as a private download", async () => {
    const response = await get("/admin/leads.csv?q=example.com&status=spam", cookies.sales);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="northstory-leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe("mallory@example.com");
    expect(rows[0]?.status).toBe("spam");
    expect(rows[0]?.name).toBe(`'${formula}`);
    expect(rows[0]?.message).toBe(`'${formula} please`);
    // Unfiltered: every lead of "All", on every page of the inbox: spam only when asked for.
    const all = await (await get("/admin/leads.csv", cookies.sales)).text();
    const allRows = parse(all, { bom: true, columns: true }) as Record<string, string>[];
    expect(allRows).toHaveLength(4);
    expect(allRows.map((row) => row.status)).not.toContain("spam");
  });

  test("exporting a person is a post that downloads everything about the address and records it", async () => {
    const leadPage = `/admin/leads/${ids["erin@example.com"]}`;
    // The lead's page offers a button that posts the address; no link carries it.
    const html = await page(leadPage);
    expect(html).toMatch(/<form[^>]*action="\/admin\/leads\/person\.json"/);
    expect(html).toMatch(/<input type="hidden" name="email" value="erin@example.com"\/>/i);
    expect(html).not.toContain("person.json?");

    // A GET changes nothing (another site's link or image opens it with the session
    // cookie, which is SameSite=Lax): 405, no data, no history.
    const viaGet = await get("/admin/leads/person.json?email=Erin%40Example.com", cookies.sales);
    expect(viaGet.status).toBe(405);
    expect(viaGet.headers.get("allow")).toBe("POST");
    expect(await viaGet.text()).not.toContain("erase me later");
    // A post from another site is refused, with nothing recorded either.
    const crossSite = await post(
      "/admin/leads/person.json",
      { email: "Erin@Example.com" },
      cookies.sales,
      "https://evil.example",
    );
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).not.toContain("erase me later");
    expect(await page(leadPage)).not.toContain("Exported everything about this address");

    const response = await post(
      "/admin/leads/person.json",
      { email: "Erin@Example.com" },
      cookies.sales,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const person = (await response.json()) as {
      leads: { lead: { message: string } }[];
    };
    expect(person.leads.map((entry) => entry.lead.message)).toEqual([
      "First message, erase me later.",
      "Second message from Erin.",
    ]);
    expect(await page(leadPage)).toContain("Exported everything about this address");
    expect((await post("/admin/leads/person.json", {}, cookies.sales)).status).toBe(400);
    // A body that is not a form is the client's mistake, said in a line.
    const notAForm = await fetch(`${base}/admin/leads/person.json`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "application/json", Cookie: cookies.sales ?? "" },
      body: JSON.stringify({ email: "erin@example.com" }),
    });
    expect(notAForm.status).toBe(415);
    expect(await notAForm.text()).toContain("Send the form as a normal form post");
  });

  test("erasing a person needs the box ticked, then removes their leads and email files", async () => {
    const id = ids["erin@example.com"] ?? "";
    const lead = await page(`/admin/leads/${id}`);
    expect(lead).toContain("deletes the 2 leads from");
    const filesBefore = mailFiles().length;
    const erinFiles = (await page("/admin/leads?q=erin"))
      .match(/href="\/admin\/leads\/([0-9a-f-]{36})/g)
      ?.map((m) => m.slice(-36));
    expect(erinFiles).toHaveLength(2);
    for (const erinId of erinFiles ?? []) {
      expect(mailFiles().some((name) => name.includes(erinId))).toBe(true);
    }

    const unticked = await post(`/admin/leads/${id}`, { intent: "erase" }, cookies.sales);
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("Tick the box to confirm the erasure.");
    expect((await get(`/admin/leads/${id}`, cookies.sales)).status).toBe(200);

    const erased = await post(
      `/admin/leads/${id}`,
      { intent: "erase", confirm: "yes" },
      cookies.sales,
    );
    expect(erased.status).toBe(302);
    const location = erased.headers.get("location") ?? "";
    // The counts only: nothing about the person in the URL.
    expect(location).toBe("/admin/leads?erased=2&files=2");
    expect(await page(location)).toContain("Erased 2 leads and 2 email files.");
    expect((await get(`/admin/leads/${id}`, cookies.sales)).status).toBe(404);
    expect(await page("/admin/leads?q=erin")).toContain("No leads match this filter.");
    expect(mailFiles()).toHaveLength(filesBefore - 2);
    for (const erinId of erinFiles ?? []) {
      expect(mailFiles().some((name) => name.includes(erinId))).toBe(false);
    }
    expect(server.output()).not.toContain("erin@example.com");
  });

  test("state-changing posts from another site are refused, even with a valid session", async () => {
    const id = ids["omar@example.com"];
    const historyOf = async () => {
      const html = await page(`/admin/leads/${id}`);
      return html.slice(
        html.indexOf("History, newest first"),
        html.indexOf("</ol>", html.indexOf("History, newest first")),
      );
    };
    const before = await historyOf();
    const posts: Record<string, string>[] = [
      { intent: "status", status: "lost" },
      { intent: "erase", confirm: "yes" },
      { intent: "reply", reply: "Sent from another site" },
      { intent: "owner", owner: "" },
    ];
    for (const body of posts) {
      const response = await post(
        `/admin/leads/${id}`,
        body,
        cookies.sales,
        "https://evil.example",
      );
      expect(response.status).toBe(403);
    }
    const settings = await post(
      "/admin/settings",
      { months: "1" },
      cookies.admin,
      "https://evil.example",
    );
    expect(settings.status).toBe(403);
    const added = await post(
      "/admin/leads/new",
      {
        name: "Cross Site",
        email: "cross-site@example.com",
        origin: "other",
        key: crypto.randomUUID(),
      },
      cookies.sales,
      "https://evil.example",
    );
    expect(added.status).toBe(403);
    expect(await page("/admin/leads?q=cross-site")).toContain("No leads match");
    const moved = await post(
      "/admin/leads/pipeline",
      { intent: "move", lead: id ?? "", status: "lost" },
      cookies.sales,
      "https://evil.example",
    );
    expect(moved.status).toBe(403);
    expect(await page(`/admin/leads/${id}`)).toContain("omar@example.com");
    // Nothing was added to the lead's history.
    expect(await historyOf()).toBe(before);
  });

  test("only an admin sets how long leads are kept", async () => {
    expect(await page("/admin/settings", cookies.admin)).toContain("Now: kept forever.");
    expect((await get("/admin/settings", cookies.sales)).status).toBe(403);
    expect((await post("/admin/settings", { months: "12" }, cookies.sales)).status).toBe(403);
    for (const months of ["0", "121", "1.5", "twelve"]) {
      const refused = await post("/admin/settings", { months }, cookies.admin);
      expect(refused.status, months).toBe(400);
      expect(await refused.text(), months).toContain("The setting was not saved.");
    }
    const saved = await post("/admin/settings", { months: "24" }, cookies.admin);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Saved: leads older than 24 months are erased");
    expect(await page("/admin/settings", cookies.admin)).toContain("Now: 24 months.");
    const off = await post("/admin/settings", { months: "" }, cookies.admin);
    expect(await off.text()).toContain("Saved: leads are kept until someone erases them.");
    expect(await page("/admin/settings", cookies.admin)).toContain("Now: kept forever.");
  });

  test("the pipeline board moves a card without scripts: to a stage, to Lost, back with Undo; bad moves change nothing", async () => {
    const id = ids["dana@example.com"] ?? "";
    const lead = `/admin/leads/${id}`;
    const statusOf = async () =>
      new JSDOM(await page(lead)).window.document.querySelector<HTMLSelectElement>("#lead-status")
        ?.value;
    const was = await statusOf();
    const board = (body: Record<string, string>) =>
      post("/admin/leads/pipeline", body, cookies.sales);
    // Refused, each with its reason, and nothing changed.
    for (const [body, status, message] of [
      [{ intent: "move", lead: id, status: "spam" }, 400, "Choose a stage of the board, or Lost."],
      [{ intent: "move", lead: id }, 400, "Choose a stage of the board, or Lost."],
      [{ intent: "shuffle", lead: id, status: "won" }, 400, "Unknown action."],
      [{ intent: "move", status: "won" }, 400, "Say which lead."],
      [
        { intent: "move", lead: "00000000-0000-4000-8000-000000000000", status: "won" },
        404,
        "That lead is not here any more: it may have been erased.",
      ],
      [
        { intent: "move", lead: "not-a-lead", status: "won" },
        404,
        "That lead is not here any more: it may have been erased.",
      ],
    ] as const) {
      const response = await board(body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(await response.text(), JSON.stringify(body)).toContain(message);
    }
    expect(await statusOf()).toBe(was);
    // Moved to Qualified: the page says so, with the lead's link and Undo, and the card is there.
    await board({ intent: "move", lead: id, status: "new" });
    const movedPage = new JSDOM(
      await (await board({ intent: "move", lead: id, status: "qualified" })).text(),
    ).window.document;
    const answer = movedPage.querySelector("[data-answer]");
    expect(answer?.textContent).toContain("Moved Dana Whitfield to Qualified.");
    expect(answer?.querySelector("a")?.getAttribute("href")).toBe(lead);
    expect(answer?.querySelector<HTMLInputElement>('input[name="status"]')?.value).toBe("new");
    expect(movedPage.querySelector(`[data-stage="qualified"] [data-card="${id}"]`)).not.toBeNull();
    expect(await statusOf()).toBe("qualified");
    // Again: already there.
    expect(await (await board({ intent: "move", lead: id, status: "qualified" })).text()).toContain(
      "was already Qualified.",
    );
    // Won without a deal value asks for one, in the answer: refused with what was typed, then
    // saved.
    const wonPage = new JSDOM(
      await (await board({ intent: "move", lead: id, status: "won" })).text(),
    ).window.document;
    expect(wonPage.querySelector("[data-answer]")?.textContent).toContain(
      "to Won. Add its deal value, so it counts in what was won.",
    );
    expect(wonPage.querySelector('[data-answer] input[name="value"]')).not.toBeNull();
    // Sent without the field (no browser does), it is as if left empty: nothing to change.
    expect(await (await board({ intent: "value", lead: id })).text()).toContain(
      "Dana Whitfield: The deal value is unchanged.",
    );
    const badValue = await board({ intent: "value", lead: id, value: "48k" });
    expect(badValue.status).toBe(400);
    const badValuePage = new JSDOM(await badValue.text()).window.document;
    expect(badValuePage.querySelector("[data-answer]")?.textContent).toContain(
      "Enter whole US dollars, such as 4,500.",
    );
    expect(
      badValuePage.querySelector<HTMLInputElement>('[data-answer] input[name="value"]')?.value,
    ).toBe("48k");
    expect(await (await board({ intent: "value", lead: id, value: "$48,000" })).text()).toContain(
      "Dana Whitfield: Deal value $48,000.",
    );
    // Lost asks why, in the answer too (a reason not in the list is refused).
    const lostPage = new JSDOM(
      await (await board({ intent: "move", lead: id, status: "lost" })).text(),
    ).window.document;
    expect(lostPage.querySelector("[data-answer]")?.textContent).toContain(
      "Moved Dana Whitfield to Lost. Why was it lost?",
    );
    expect(lostPage.querySelector('[data-answer] select[name="reason"]')).not.toBeNull();
    const badReason = await board({ intent: "lost-reason", lead: id, reason: "bored" });
    expect(badReason.status).toBe(400);
    expect(await badReason.text()).toContain("Choose a reason from the list.");
    expect(
      await (await board({ intent: "lost-reason", lead: id, reason: "price" })).text(),
    ).toContain("Dana Whitfield: Lost: price or budget.");
    const history = new JSDOM(await page(lead)).window.document.body.textContent ?? "";
    expect(history).toContain("Changed the deal value: none → $48,000");
    expect(history).toContain("Changed why it was lost: none → Price or budget");
    await board({ intent: "value", lead: id, value: "" });
    // Each move is in the lead's history, by who made it.
    expect(history).toContain("Changed the status: Qualified → Won");
    expect(history).toContain("Changed the status: Won → Lost");
    // As it was.
    await board({ intent: "move", lead: id, status: was ?? "new" });
    expect(await statusOf()).toBe(was);
    // Under the board, the team's numbers: the people who work the leads, the editor not.
    const team = new JSDOM(await page("/admin/leads/pipeline")).window.document.querySelector(
      'section[aria-label^="The team\'s leads"] table',
    );
    const people = [...(team?.querySelectorAll("tbody tr") ?? [])].map(
      (row) => row.querySelector("td")?.textContent,
    );
    expect(people).toEqual(expect.arrayContaining(["admin person", "sales person (you)"]));
    expect(people).not.toContain("editor person");
    expect(team?.querySelector("thead")?.textContent).toBe(
      "PersonOpenWonLostWin rateDueFirst reply",
    );
  });

  test("a lead's page and the CSV say where it came from: the visit, the call to action, the first visit", async () => {
    const [token] = await formTokens(base, 1);
    const touch = {
      landing: "/?utm_source=linkedin&utm_campaign=q4",
      referrer: "https://www.linkedin.com",
      utm_source: "linkedin",
      utm_campaign: "q4",
      at: "2026-11-24T09:00:00.000Z",
    };
    const first = { landing: "/blog/founder-led-sales", referrer: "https://www.google.com" };
    const answer = await postContact(base, {
      name: "Sourced Lead",
      email: "sourced@example.com",
      message: "Found you on LinkedIn.",
      token: token ?? "",
      page: "/contact?from=home-hero",
      touch: JSON.stringify(touch),
      first_touch: JSON.stringify(first),
    });
    expect(answer.status, answer.html).toBe(200);
    const inbox = await page("/admin/leads?q=sourced%40example.com");
    const id = /href="\/admin\/leads\/([0-9a-f-]{36})/.exec(inbox)?.[1];
    expect(id).toBeDefined();
    const html = await page(`/admin/leads/${id}`);
    const source =
      /<section aria-labelledby="source-heading"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    for (const text of [
      "Landing page",
      "/?utm_source=linkedin&amp;utm_campaign=q4",
      "https://www.linkedin.com",
      "UTM campaign",
      "q4",
      "Call to action",
      "home-hero",
      "/contact?from=home-hero",
      "First visit",
      "/blog/founder-led-sales from https://www.google.com",
    ]) {
      expect(source, text).toContain(text);
    }
    // In words first; the raw values only inside "Raw visit data".
    const words = source.slice(0, source.indexOf("Raw visit data"));
    expect(words).not.toBe("");
    const pairs: [string, string][] = [
      ["Source", "LinkedIn"],
      ["Campaign", "q4"],
      ["Came from", "linkedin.com"],
      ["Landing page", "/"],
      ["Call to action", "home-hero"],
      ["Form sent from", "/contact"],
      ["Source", "Google"],
      ["Came from", "google.com"],
      ["Landing page", "/blog/founder-led-sales"],
    ];
    for (const [label, value] of pairs) {
      expect(words).toMatch(
        new RegExp(`>${label}</dt><dd[^>]*>${value.replace(/[.?/]/g, "\\$&")}</dd>`),
      );
    }
    expect(words).toContain("First visit");
    expect(words).not.toContain("utm_source=");
    const csv = parse(await (await get("/admin/leads.csv?q=sourced", cookies.sales)).text(), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(csv).toHaveLength(1);
    expect(csv[0]).toMatchObject({
      call_to_action: "home-hero",
      form_page: "/contact?from=home-hero",
      landing_page: touch.landing,
      referrer: touch.referrer,
      utm_source: "linkedin",
      utm_campaign: "q4",
      first_landing_page: first.landing,
      first_referrer: first.referrer,
    });
  });

  test("an inbox row says who, what and where from at a glance, and shows delivery only when it went wrong", async () => {
    const [token] = await formTokens(base, 1);
    const answer = await postContact(base, {
      name: "Lee Park",
      email: "lee@brightpath-labs.ai",
      message: "Hi Northstory team,\n\nOur CEO wants to post weekly before our Series B.",
      token: token ?? "",
      first_touch: JSON.stringify({
        referrer: "https://www.linkedin.com",
        utm_campaign: "q4-launch",
      }),
    });
    expect(answer.status, answer.html).toBe(200);
    const document = new JSDOM(await page("/admin/leads?q=brightpath")).window.document;
    const row = document.querySelector("ol > li");
    const text = row?.textContent?.replace(/\s+/g, " ") ?? "";
    // The company from the address, the message past its greeting, the campaign it came from.
    expect(text).toContain("Brightpath Labs · brightpath-labs.ai");
    expect(text).toContain("Our CEO wants to post weekly before our Series B.");
    expect(text).not.toContain("Hi Northstory team");
    expect(text).toContain("LinkedIn · q4-launch");
    // How long ago, with the moment itself in the time element.
    const time = row?.querySelector("time");
    expect(time?.textContent).toMatch(/^(just now|\d+ min ago)$/);
    expect(time?.getAttribute("title")).toMatch(/UTC$/);
    // A sent email is not news: no delivery badge on any row of a healthy inbox.
    const inbox = await page("/admin/leads");
    expect(inbox).not.toContain("Email sent");
    expect(inbox).not.toContain("Email pending");
  });

  // Last: it adds leads the counts of the tests above do not expect.
  test("a salesperson adds a lead by hand without scripts: refused with reasons, asked about an address that wrote before, then added once", async () => {
    const form = new JSDOM(await page("/admin/leads/new")).window.document;
    const key = form.querySelector<HTMLInputElement>('input[name="key"]')?.value ?? "";
    expect(key).toMatch(uuid);
    // Two loads give two keys: each form adds its own lead.
    expect(await page("/admin/leads/new")).not.toContain(key);
    const owner = form.querySelector<HTMLSelectElement>('select[name="owner"]');
    const sam = [...(owner?.options ?? [])].find((option) => option.selected);
    expect(sam?.textContent).toBe("sales person");

    const refused = await post(
      "/admin/leads/new",
      { name: " ", email: "not an address", origin: "", status: "won", key },
      cookies.sales,
    );
    expect(refused.status).toBe(400);
    const refusedPage = new JSDOM(await refused.text()).window.document;
    const problem = (id: string) => refusedPage.getElementById(`${id}-error`)?.textContent;
    expect(problem("add-name")).toBe("Name is required.");
    expect(problem("add-email")).toBe("Please enter a valid email address.");
    expect(problem("add-origin")).toBe("Choose how they reached you.");
    expect(problem("add-status")).toBe("Choose New, Contacted or Qualified.");
    // What was typed is kept, and so is the form's key.
    expect(refusedPage.querySelector<HTMLInputElement>('input[name="email"]')?.value).toBe(
      "not an address",
    );
    expect(refusedPage.querySelector<HTMLInputElement>('input[name="key"]')?.value).toBe(key);

    // Dana wrote through the form already: the team is asked before a second lead is made.
    const dana = {
      name: "Dana Whitfield",
      email: "DANA@example.com",
      origin: "event",
      status: "contacted",
      owner: "",
      followUpOn: "2026-12-03",
      note: "Met at SaaStr Europa: wants three posts a week for her COO.",
      key,
    };
    const asked = await post("/admin/leads/new", dana, cookies.sales);
    expect(asked.status).toBe(409);
    const askedPage = new JSDOM(await asked.text()).window.document;
    expect(askedPage.querySelector('[role="alert"]')?.textContent).toContain(
      "DANA@example.com has written before",
    );
    expect(
      askedPage.querySelector(`[role="alert"] a[href="/admin/leads/${ids["dana@example.com"]}"]`),
    ).not.toBeNull();
    expect(askedPage.querySelector('input[name="anyway"]')).not.toBeNull();

    const added = await post("/admin/leads/new", { ...dana, anyway: "yes" }, cookies.sales);
    expect(added.status).toBe(302);
    const location = added.headers.get("location") ?? "";
    expect(location).toMatch(new RegExp(`^/admin/leads/${uuid.source}$`));
    // The same form sent again (a double click, a retry) adds nothing more.
    const again = await post("/admin/leads/new", { ...dana, anyway: "yes" }, cookies.sales);
    expect(again.headers.get("location")).toBe(location);

    const lead = new JSDOM(await page(location)).window.document;
    const text = lead.body.textContent?.replace(/\s+/g, " ") ?? "";
    const term = (label: string) =>
      [...lead.querySelectorAll("dt")].find((dt) => dt.textContent === label)?.nextElementSibling
        ?.textContent;
    expect(term("How they reached us")).toBe("Event or meeting");
    expect(term("Added by")).toBe("sales person");
    // Their note is where a message would be, at the top.
    expect(lead.getElementById("added-heading")?.closest("section")?.textContent).toContain(
      "Met at SaaStr Europa",
    );
    expect(lead.getElementById("source-heading")).toBeNull();
    // Both leads from the address are a click away.
    expect(lead.querySelector('a[href="/admin/leads?q=DANA%40example.com"]')?.textContent).toBe(
      "2 leads in total",
    );
    expect(text).toContain("Added this lead by hand (Event or meeting, Contacted)");
    expect(text).toContain("Met at SaaStr Europa: wants three posts a week for her COO.");
    expect(text).toContain("None: a lead added by hand notifies nobody.");
    // No message from them, so none is shown or quoted, and the subject does not say "Re:".
    expect(lead.getElementById("message-heading")).toBeNull();
    expect(text).not.toContain("Message received through the contact form");
    expect(lead.querySelector<HTMLInputElement>('input[name="subject"]')?.value).toBe(
      "Following up from Northstory",
    );
    expect(lead.querySelector<HTMLSelectElement>('select[name="status"]')?.value).toBe("contacted");
    expect(lead.querySelector<HTMLInputElement>('input[name="on"]')?.value).toBe("2026-12-03");

    // In the inbox: what the note says, and that it was added by hand; never unread.
    const row = new JSDOM(await page("/admin/leads?q=dana%40example.com")).window.document
      .querySelector(`a[href^="${location}"]`)
      ?.closest("li");
    const rowText = row?.textContent?.replace(/\s+/g, " ") ?? "";
    expect(rowText).toContain("Event or meeting · added by hand");
    expect(rowText).toContain("Met at SaaStr Europa");
    expect(rowText).not.toContain("Unread");
    // Nobody was emailed about it: only the form's leads have a notification email.
    expect(mailFiles().filter((name) => name.includes(location.split("/").at(-1) ?? "-"))).toEqual(
      [],
    );
    // The CSV says how they reached the team.
    const csv = parse(
      await (await get("/admin/leads.csv?q=dana%40example.com", cookies.sales)).text(),
      {
        bom: true,
        columns: true,
      },
    ) as Record<string, string>[];
    expect(csv.map((record) => record.added_by_hand).sort()).toEqual(["", "Event or meeting"]);
  });
});
