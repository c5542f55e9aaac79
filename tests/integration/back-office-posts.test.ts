import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  onServer,
  runAdminCli,
  signInLinkFromMail,
  signInLinkIn,
  signInWithLink,
} from "../support/back-office.ts";
import { migratedDataDirectory } from "../support/database-template.ts";
import { postEditorClient } from "../support/post-editor-client.ts";
import { type SpawnedServer, startBuiltServer } from "../support/server.ts";
import { startTestSmtp, type TestSmtp } from "../support/smtp.ts";

describe("back office: posts", () => {
  let smtp: TestSmtp;
  let server: SpawnedServer;
  let base: string;
  let admin: string;
  let editor: string;
  let sales: string;

  const { get, post, fields, create } = postEditorClient({
    base: () => base,
    editor: () => editor,
  });

  async function invite(email: string, role: string, name: string): Promise<string> {
    const before = smtp.messages.length;
    const response = await post("/admin/team", { intent: "invite", email, name, role }, admin);
    expect(response.status).toBe(200);
    for (let i = 0; i < 200; i++) {
      const index = smtp.recipients.findIndex(
        (to, at) => at >= before && to.includes(email.toLowerCase()),
      );
      const mail = smtp.messages[index];
      if (mail) return signInWithLink(base, onServer(signInLinkFromMail(mail), base));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`No invitation for ${email}`);
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    const dataDir = await migratedDataDirectory("posts");
    const invited = await runAdminCli(
      ["invite", "ada@example.com", "--role", "admin", "--name", "Ada"],
      {
        DATA_DIR: dataDir,
      },
    );
    expect(invited.status, invited.stderr).toBe(0);
    server = await startBuiltServer({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: "100",
      // Requests logged, so that a test can tell what the log keeps of them.
      LOG_LEVEL: "info",
    });
    base = server.url;
    admin = await signInWithLink(base, onServer(signInLinkIn(invited.stdout), base));
    editor = await invite("ed@example.com", "editor", "Ed Itor");
    sales = await invite("sam@example.com", "sales", "Sam Seller");
  });

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test("an editor creates a draft, which is listed but not public; the list shows the static articles read-only", async () => {
    const id = await create("a-first-draft");
    const list = await (await get("/admin/posts", editor)).text();
    expect(list).toContain("Post a-first-draft");
    expect(list).toContain(`href="/admin/posts/${id}"`);
    expect(list).toContain("Draft");
    expect(list).toContain("/blog/year-one-of-founder-led-marketing");
    expect((await get("/blog/a-first-draft")).status).toBe(404);
    const page = await (await get(`/admin/posts/${id}`, editor)).text();
    expect(page).toContain("<strong>world</strong>");
    expect(page).toContain('name="markdown"');
  });

  test("a draft can be viewed as readers will see it, by staff who edit posts only, never cached or indexed", async () => {
    const id = await create("seen-before-it-is-live");
    const response = await get(`/admin/posts/${id}/draft`, editor);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const page = new JSDOM(await response.text()).window.document;
    expect(page.querySelector("h1")?.textContent).toBe("Post seen-before-it-is-live");
    expect(page.getElementById("post-body")?.innerHTML).toContain("<strong>world</strong>");
    expect(page.querySelector('aside[aria-label="Draft view"]')?.textContent).toContain(
      "Not published. This is how readers will see it at /blog/seen-before-it-is-live",
    );
    // The public page's frame: its header and footer, not the back office's navigation.
    expect(page.querySelector("footer")).not.toBeNull();
    expect(page.querySelector('nav[aria-label="Back office"]')).toBeNull();
    // Still not public; closed to sales people and to the signed out; no other ids.
    expect((await get("/blog/seen-before-it-is-live")).status).toBe(404);
    expect((await get(`/admin/posts/${id}/draft`, sales)).status).toBe(403);
    const signedOut = await get(`/admin/posts/${id}/draft`);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe(
      `/admin/sign-in?next=${encodeURIComponent(`/admin/posts/${id}/draft`)}`,
    );
    expect((await get("/admin/posts/999999/draft", editor)).status).toBe(404);
    expect((await get("/admin/posts/01/draft", editor)).status).toBe(404);
    // The editor links to it.
    expect(await (await get(`/admin/posts/${id}`, editor)).text()).toContain(
      `href="/admin/posts/${id}/draft"`,
    );
  });

  test("a preview link shows the saved draft to someone signed out, never cached, indexed or passed on; a new link or turning it off closes the old one", async () => {
    const id = await create("shared-for-sign-off", "Hello **world**.\n\n<script>alert(1)</script>");
    const share = `/admin/posts/${id}/share`;
    const linkOn = async () => {
      const page = new JSDOM(await (await get(share, editor)).text()).window.document;
      const value = page.querySelector<HTMLInputElement>("#preview-link")?.value;
      return value ? new URL(value).pathname : null;
    };
    // Only staff who edit posts, from the site itself.
    expect((await get(share, sales)).status).toBe(403);
    expect((await post(share, { intent: "share" }, sales)).status).toBe(403);
    const signedOut = await get(share);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/^\/admin\/sign-in/);
    expect((await post(share, { intent: "share" })).status).toBe(302);
    const crossSite = await fetch(`${base}${share}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: editor,
      },
      body: new URLSearchParams({ intent: "share" }),
    });
    expect(crossSite.status).toBe(403);
    expect(await linkOn()).toBeNull();
    expect((await get("/admin/posts/999999/share", editor)).status).toBe(404);
    expect((await post(share, { intent: "publish" }, editor)).status).toBe(400);
    // The editor offers it.
    expect(await (await get(`/admin/posts/${id}`, editor)).text()).toContain(`href="${share}"`);

    const made = await post(share, { intent: "share" }, editor);
    expect(await made.text()).toContain("Preview link made");
    const first = await linkOn();
    expect(first).toMatch(/^\/preview\/[A-Za-z0-9_-]{32}$/);
    // The posts list says a link is out, and leads to it.
    const listed = new JSDOM(await (await get("/admin/posts?q=shared-for-sign-off", editor)).text())
      .window.document;
    expect(listed.querySelector(`a[href="${share}"]`)?.textContent).toBe("Preview link shared");
    // And so does the editor, where it offers one.
    const editorPage = new JSDOM(await (await get(`/admin/posts/${id}`, editor)).text()).window
      .document;
    expect(editorPage.querySelector(`a[href="${share}"]`)?.textContent).toBe(
      "Preview link shared (in a new tab)",
    );
    const preview = await get(first ?? "");
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control")).toBe("no-store");
    expect(preview.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(preview.headers.get("referrer-policy")).toBe("no-referrer");
    expect(preview.headers.get("set-cookie")).toBeNull();
    const page = new JSDOM(await preview.text()).window.document;
    expect(page.querySelector("h1")?.textContent).toBe("Post shared-for-sign-off");
    expect(page.getElementById("post-body")?.innerHTML).toContain("<strong>world</strong>");
    expect(page.getElementById("post-body")?.innerHTML).not.toContain("<script");
    expect(page.querySelector('aside[aria-label="Preview"]')?.textContent).toContain(
      "A preview: this post is not published yet.",
    );
    expect(page.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe(
      "noindex, nofollow",
    );
    // Nowhere public lists it.
    expect(await (await get("/sitemap.xml")).text()).not.toContain("shared-for-sign-off");
    expect((await get("/blog/shared-for-sign-off")).status).toBe(404);

    // A new link: the old one opens nothing.
    expect(await (await post(share, { intent: "share" }, editor)).text()).toContain(
      "New preview link made: the one before no longer opens the post.",
    );
    const second = await linkOn();
    expect(second).not.toBe(first);
    const closed = await get(first ?? "");
    expect(closed.status).toBe(404);
    expect(closed.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await closed.text()).toContain("This preview link does not work");
    expect((await get(second ?? "")).status).toBe(200);
    // Links of other shapes open nothing, without a look in the database.
    for (const odd of ["/preview/x", `/preview/${"a".repeat(33)}`, "/preview/%2e%2e%2fadmin"]) {
      expect((await get(odd)).status, odd).toBe(404);
    }
    // Once live, the link leads to the post's address.
    await post(
      `/admin/posts/${id}`,
      { intent: "publish", version: "1", ...fields("shared-for-sign-off") },
      editor,
    );
    const live = await get(second ?? "");
    expect(live.status).toBe(302);
    expect(live.headers.get("location")).toBe("/blog/shared-for-sign-off");
    // Turned off: it opens nothing.
    expect(await (await post(share, { intent: "stop" }, editor)).text()).toContain(
      "Preview link turned off",
    );
    expect((await get(second ?? "")).status).toBe(404);
    expect(await linkOn()).toBeNull();
    // The log says a preview was read, never its secret.
    const logged = await server.loggedOutput();
    expect(logged).toContain('"path":"/preview/(secret)"');
    for (const token of [first, second]) {
      expect(logged).not.toContain(token?.slice("/preview/".length));
    }
  });

  test("the preview's reader sees, under their note, which passages they quoted the writer has changed since", async () => {
    const id = await create(
      "quoted-and-changed",
      "We **doubled** the pipeline in ninety days.\n\nThe last line matters most.",
    );
    const share = `/admin/posts/${id}/share`;
    await post(share, { intent: "share" }, editor);
    const shared = new JSDOM(await (await get(share, editor)).text()).window.document;
    const link = new URL(shared.querySelector<HTMLInputElement>("#preview-link")?.value ?? "")
      .pathname;
    const sent = await post(link, {
      intent: "changes",
      name: "Dana Whitfield",
      comment:
        "“We doubled the pipeline in ninety days.” needs a source.\n“The last line matters most.” Fine.\n“A line that was never there” too.",
    });
    expect(sent.status).toBe(200);
    const quotedOn = async () =>
      [
        ...new JSDOM(await (await get(link)).text()).window.document.querySelectorAll(
          "ul[aria-label='What you quoted, since'] li",
        ),
      ].map((item) => item.textContent?.replace(/\s+/g, " ").trim());
    // Not edited since: nothing to say.
    expect(await quotedOn()).toEqual([]);
    // The writer changes the first passage.
    const saved = await post(
      `/admin/posts/${id}`,
      {
        intent: "save",
        version: "1",
        ...fields(
          "quoted-and-changed",
          "We **tripled** the pipeline in ninety days (source: our CRM).\n\nThe last line matters most.",
        ),
      },
      editor,
    );
    expect(saved.status).toBe(200);
    expect(await quotedOn()).toEqual([
      "Changed since: “We doubled the pipeline in ninety days.”",
      "Not changed yet: “The last line matters most.”",
    ]);
  });

  test("the preview's reader approves the post or asks for changes: kept with the version read, emailed to whoever shared the link, shown in the editor and the posts list", async () => {
    const id = await create("signed-off-by-the-founder");
    const share = `/admin/posts/${id}/share`;
    await post(share, { intent: "share" }, editor);
    const linkOf = async () => {
      const page = new JSDOM(await (await get(share, editor)).text()).window.document;
      return new URL(page.querySelector<HTMLInputElement>("#preview-link")?.value ?? "").pathname;
    };
    const link = await linkOf();
    const send = (body: Record<string, string>, path = link) => post(path, body);
    const documentOf = async (response: Response) =>
      new JSDOM(await response.text()).window.document;
    const mailTo = async (email: string, subject: string) => {
      for (let i = 0; i < 200; i++) {
        const mail = smtp.messages.find(
          (message, at) => smtp.recipients[at]?.includes(email) && message.subject === subject,
        );
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`No email to ${email}: ${subject}`);
    };
    const notesOnSharePage = async () =>
      [
        ...(await documentOf(await get(share, editor))).querySelectorAll(
          "section[aria-labelledby='sign-off-heading'] ol > li",
        ),
      ].map((item) => item.textContent?.replace(/\s+/g, " ").trim());

    // The form is under the post.
    const page = await documentOf(await get(link));
    expect(page.querySelector("#sign-off-heading")?.textContent).toBe("Sign this post off");
    expect(page.querySelector('label[for="sign-off-name"]')?.textContent).toBe("Your name");

    // Refused, with the reason beside the field and what was typed kept; nothing is kept.
    const nameless = await send({ intent: "approve", name: "  ", comment: "Fine by me." });
    expect(nameless.status).toBe(400);
    const refused = await documentOf(nameless);
    expect(refused.getElementById("sign-off-name-error")?.textContent).toBe(
      "Enter your name, so the writer knows who signed it off.",
    );
    expect(refused.getElementById("sign-off-name")?.getAttribute("aria-invalid")).toBe("true");
    expect(refused.querySelector<HTMLTextAreaElement>("#sign-off-comment")?.value).toBe(
      "Fine by me.",
    );
    const wordless = await documentOf(
      await send({ intent: "changes", name: "Dana Whitfield", comment: "" }),
    );
    expect(wordless.getElementById("sign-off-comment-error")?.textContent).toBe(
      "Say what should change, so the writer can act on it.",
    );
    const unknown = await send({ intent: "publish", name: "Dana Whitfield" });
    expect(unknown.status).toBe(400);
    expect((await documentOf(unknown)).querySelector('[role="alert"]')?.textContent).toBe(
      "Choose Approve or Ask for changes.",
    );
    const tooLong = await send({ intent: "approve", name: "D".repeat(81) });
    expect((await documentOf(tooLong)).getElementById("sign-off-name-error")?.textContent).toBe(
      "Keep your name to 80 characters or fewer.",
    );
    const json = await fetch(`${base}${link}`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "approve", name: "Dana" }),
    });
    expect(json.status).toBe(415);
    const crossSite = await fetch(`${base}${link}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "approve", name: "Mallory" }),
    });
    expect(crossSite.status).toBe(403);
    expect((await send({ intent: "approve", name: "Dana" }, "/preview/x")).status).toBe(404);
    expect(await notesOnSharePage()).toEqual([]);

    // Changes asked for, in words that try to be markup: kept and shown as text.
    const hostile = '<img src=x onerror="alert(1)">';
    const comment = `Cut the second paragraph.\nAnd the title: ${hostile}`;
    const asked = await send({ intent: "changes", name: "Dana Whitfield", comment });
    expect(asked.status).toBe(200);
    const answered = await documentOf(asked);
    expect(answered.querySelector('[role="status"]')?.textContent).toBe(
      "Thank you, Dana Whitfield: your comments have reached Northstory. The writer will send you the post again once it is changed.",
    );
    const listed = answered.querySelector("section[aria-labelledby='sign-off-heading'] li");
    expect(listed?.textContent).toContain("Changes asked for by Dana Whitfield");
    expect(listed?.textContent).toContain(hostile);
    expect(listed?.querySelector("img")).toBeNull();
    // The person who made the link is told, with the words.
    const mail = await mailTo(
      "ed@example.com",
      "Dana Whitfield asked for changes to “Post signed-off-by-the-founder”",
    );
    expect(mail.text).toContain("Cut the second paragraph.");
    expect(mail.text).toMatch(new RegExp(`back office: http://\\S+/admin/posts/${id}\\n`));
    expect(mail.html).toBeFalsy();
    // The back office shows it: the share page, the editor, the posts list.
    const [note] = await notesOnSharePage();
    expect(note).toContain("Changes asked for");
    expect(note).toContain("Dana Whitfield");
    expect(note).toContain("version 1");
    expect(note).not.toContain("edited since");
    const editorPage = await documentOf(await get(`/admin/posts/${id}`, editor));
    expect(editorPage.body.textContent).toContain(
      "Dana Whitfield asked for changes through the preview link",
    );
    const badge = async () =>
      (
        await documentOf(await get("/admin/posts?q=signed-off-by-the-founder", editor))
      ).querySelectorAll(`a[href="${share}"]`)[1]?.textContent;
    expect(await badge()).toBe("Changes asked by Dana Whitfield");
    // The editors' overview lists the posts out for sign-off; sales people do not see it.
    const overviewRow = async (cookie: string) =>
      [
        ...(await documentOf(await get("/admin", cookie))).querySelectorAll(
          "section[aria-labelledby='sign-off-heading'] li",
        ),
      ]
        .map((item) => item.textContent ?? "")
        .find((text) => text.includes("Post signed-off-by-the-founder"));
    expect(await overviewRow(editor)).toMatch(/Changes asked by Dana Whitfield, \d/);
    expect(await overviewRow(sales)).toBeUndefined();

    // The writer saves a new version: the note is on an earlier one.
    await post(
      `/admin/posts/${id}`,
      { intent: "save", version: "1", ...fields("signed-off-by-the-founder", "Shorter now.") },
      editor,
    );
    expect((await notesOnSharePage())[0]).toContain("edited since");
    expect(await badge()).toBe("Changes asked by Dana Whitfield · edited since");

    // Approved, without a comment: the latest note is what the list shows.
    const approved = await documentOf(await send({ intent: "approve", name: "Dana Whitfield" }));
    expect(approved.querySelector('[role="status"]')?.textContent).toBe(
      "Thank you, Dana Whitfield: your approval has reached Northstory.",
    );
    await mailTo("ed@example.com", "Dana Whitfield approved “Post signed-off-by-the-founder”");
    expect(await badge()).toBe("Approved by Dana Whitfield");
    expect((await notesOnSharePage()).map((text) => text?.slice(0, 8))).toEqual([
      "Approved",
      "Changes ",
    ]);

    // A new link: its reader sees no note sent on the old one, and the old one takes none.
    await post(share, { intent: "share" }, editor);
    const newer = await linkOf();
    const fresh = await documentOf(await get(newer));
    expect(fresh.querySelector("section[aria-labelledby='sign-off-heading'] li")).toBeNull();
    const late = await send({ intent: "approve", name: "Dana Whitfield" }, link);
    expect(late.status).toBe(404);
    expect(await late.text()).toContain("This preview link does not work");

    // A link takes 20 notes an hour; then it says when to send again.
    for (let i = 0; i < 20; i++) {
      expect((await send({ intent: "approve", name: `Reader ${i}` }, newer)).status).toBe(200);
    }
    const limited = await send({ intent: "approve", name: "Reader 21" }, newer);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect((await documentOf(limited)).querySelector('[role="alert"]')?.textContent).toBe(
      "Not sent: this link has taken many notes in the last hour. Send yours again in 60 minutes.",
    );
    expect(await notesOnSharePage()).toHaveLength(22);

    // Once live, the list no longer shows it, and the link leads to the post.
    await post(
      `/admin/posts/${id}`,
      { intent: "publish", version: "2", ...fields("signed-off-by-the-founder", "Shorter now.") },
      editor,
    );
    expect(await badge()).toBeUndefined();
    expect(await overviewRow(editor)).toBeUndefined();
  });

  test("the preview names the links to the site's own pages that lead nowhere, and only those", async () => {
    await create("linked-draft", "Not live yet.");
    // The site's own address, as its pages write it (robots.txt names the sitemap with it).
    const site = new URL(/Sitemap: (\S+)/.exec(await (await get("/robots.txt")).text())?.[1] ?? "")
      .origin;
    const markdown = [
      "Fine: [pricing](/pricing), [a call](/book-a-call?from=blog), [an article](/blog/writing-hooks-for-executives),",
      "[a feature](/features/audience-activation), [the blog](/blog/), [home](/), [a draft](/blog/linked-draft),",
      `[absolute](${site}/about), [a part](#why), [elsewhere](https://example.com/nope), [mail](mailto:a@b.test),`,
      "[an image](/media/images/x/480.webp), [the feed](/rss.xml), [in capitals](/Pricing).",
      "",
      "Nowhere: [mistyped](/pricng), [gone](/blog/no-such-post), [twice](/blog/no-such-post#top),",
      `[absolute](${site}/nope?x=1), [the back office](/admin/leads), [another host](${base}/x),`,
      "[a slug in capitals](/blog/Writing-Hooks-For-Executives).",
    ].join("\n");
    const preview = await post("/admin/posts/preview", { markdown }, editor);
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as { nowhere: string[] }).nowhere).toEqual([
      "/pricng",
      "/blog/no-such-post",
      "/nope",
      "/admin/leads",
      "/blog/Writing-Hooks-For-Executives",
    ]);
    const fine = await post("/admin/posts/preview", { markdown: "[pricing](/pricing)" }, editor);
    expect(((await fine.json()) as { nowhere: string[] }).nowhere).toEqual([]);
  });

  test("a published post whose slug changes keeps its old address, as a permanent redirect", async () => {
    // (No page of these addresses is fetched while it shows the post: blog pages are kept
    // 10 seconds, and a kept page would answer in place of the redirect.)
    const id = await create("moving-day", "Here first.", "publish");
    const editorPage = await post(
      `/admin/posts/${id}`,
      { intent: "save", version: "1", ...fields("moved-in") },
      editor,
    );
    expect(editorPage.status).toBe(200);
    const old = await get("/blog/moving-day");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/blog/moved-in");
    // Moved again: both earlier addresses lead to the latest, which is the post.
    await post(
      `/admin/posts/${id}`,
      { intent: "save", version: "2", ...fields("moved-again") },
      editor,
    );
    for (const earlier of ["moving-day", "moved-in"]) {
      expect((await get(`/blog/${earlier}`)).headers.get("location")).toBe("/blog/moved-again");
    }
    expect((await get("/blog/moved-again")).status).toBe(200);
    // The editor's note about the old address shows only while the slug differs from the saved one.
    expect(await (await get(`/admin/posts/${id}`, editor)).text()).not.toContain("leads here");
    // A draft's address was never given out: renaming it leaves nothing behind.
    const draft = await create("draft-before-rename");
    await post(
      `/admin/posts/${draft}`,
      { intent: "save", version: "1", ...fields("draft-renamed") },
      editor,
    );
    expect((await get("/blog/draft-before-rename")).status).toBe(404);
    // An old address taken by a new post is that post's own again.
    const taker = await create("moving-day", "Mine now.", "publish");
    expect(taker).toBeGreaterThan(0);
    expect((await get("/blog/moving-day")).status).toBe(200);
  });

  test("a writer schedules in their own time zone, and the back office shows times in it; UTC until they choose", async () => {
    const refused = await post(
      "/admin/account",
      { intent: "time-zone", timeZone: "Mars/Olympus" },
      editor,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose a time zone from the list.");
    const set = await post(
      "/admin/account",
      { intent: "time-zone", timeZone: "Europe/Berlin" },
      editor,
    );
    expect(await set.text()).toContain("Times are now shown in Europe/Berlin.");
    // The browser's guess on a later visit leaves a chosen zone alone.
    const guess = await post(
      "/admin/account",
      { intent: "time-zone", timeZone: "Asia/Tokyo", auto: "yes" },
      editor,
    );
    expect(await guess.text()).toContain("Times are shown in Europe/Berlin.");

    const id = await create("scheduled-in-berlin");
    const editorPage = await (await get(`/admin/posts/${id}`, editor)).text();
    expect(editorPage).toContain("Publish at (Europe/Berlin)");
    const scheduled = await post(
      `/admin/posts/${id}`,
      {
        intent: "schedule",
        version: "1",
        publishAt: "2030-06-01T10:00",
        ...fields("scheduled-in-berlin"),
      },
      editor,
    );
    const answer = await scheduled.text();
    // 10:00 in Berlin in June is 08:00 UTC: shown back as entered, with the zone's name.
    expect(answer).toContain("Scheduled: it goes live 1 Jun 2030, 10:00 CEST.");
    expect(answer).toContain('value="2030-06-01T10:00:00"');
    // Someone who has not chosen a zone reads the same moment in UTC.
    const list = await (await get("/admin/posts?q=scheduled-in-berlin", admin)).text();
    expect(list).toContain("1 Jun 2030, 08:00 UTC");
    // Back to UTC: the other tests schedule in UTC.
    await post("/admin/account", { intent: "time-zone", timeZone: "UTC" }, editor);
  });

  test("an editor, who owns no leads, is refused the morning email of follow-ups", async () => {
    const refused = await post("/admin/account", { intent: "follow-up-email", on: "on" }, editor);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Only those who work the leads own any.");
  });

  test("an SEO title and meta description go into the post's page meta; empty, the title and excerpt do; too long is refused", async () => {
    const id = await create("seo-fields");
    const tooLong = await post(
      `/admin/posts/${id}`,
      { intent: "save", version: "1", ...fields("seo-fields"), seoTitle: "x".repeat(71) },
      editor,
    );
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Keep the SEO title to 70 characters or fewer.");
    const saved = await post(
      `/admin/posts/${id}`,
      {
        intent: "publish",
        version: "1",
        ...fields("seo-fields"),
        seoTitle: "  Founder-led LinkedIn, explained  ",
        seoDescription: "How one conversation a month\nturns into a quarter's pipeline.",
      },
      editor,
    );
    expect(saved.status).toBe(200);
    const editorPage = await saved.text();
    expect(editorPage).toContain("Search and link previews");
    expect(editorPage).toContain('value="Founder-led LinkedIn, explained"');
    const html = await (await get("/blog/seo-fields")).text();
    expect(html).toContain("<title>Founder-led LinkedIn, explained | Northstory</title>");
    expect(html).toContain(
      `<meta name="description" content="How one conversation a month turns into a quarter&#x27;s pipeline."/>`,
    );
    expect(html).toContain(
      'property="og:title" content="Founder-led LinkedIn, explained | Northstory"',
    );
    // Emptied, they are none again (the page then uses the post's title and excerpt).
    const emptied = await post(
      `/admin/posts/${id}`,
      { intent: "save", version: "2", ...fields("seo-fields"), seoTitle: " ", seoDescription: "" },
      editor,
    );
    expect(await emptied.text()).toMatch(/name="seoTitle"[^>]*value=""/);
  });

  test("a post without an excerpt does not repeat its first paragraph above itself; one with an excerpt shows it there", async () => {
    // Seen through the draft view, the post's page as readers will get it (published posts
    // would change the blog's first page, which other tests read).
    const opening = "Founders who write every week get found by the buyers they want.";
    const text = `${opening}\n\nSecond paragraph.`;
    const without = await create("no-standfirst", text);
    const withOne = await create("with-standfirst", text);
    const excerpt = "What a weekly habit does for a founder pipeline.";
    const saved = await post(
      `/admin/posts/${withOne}`,
      { intent: "save", version: "1", ...fields("with-standfirst", text), excerpt },
      editor,
    );
    expect(saved.status).toBe(200);
    // What the page shows: its body without the scripts (the page's data repeats the text).
    const shown = async (id: number) => {
      const html = await (await get(`/admin/posts/${id}/draft`, editor)).text();
      return html.slice(html.indexOf("<body")).replace(/<script\b[\s\S]*?<\/script>/g, "");
    };
    const times = (html: string, words: string) => html.split(words).length - 1;
    expect(times(await shown(without), opening)).toBe(1);
    const page = await shown(withOne);
    expect(times(page, excerpt)).toBe(1);
    expect(times(page, opening)).toBe(1);
  });

  test("a scheduled post's schedule can be cancelled: it is a draft again, never live", async () => {
    const id = await create("cancelled-before-launch");
    const at = new Date(Date.now() + 3_600_000).toISOString().slice(0, 19);
    const scheduled = await post(
      `/admin/posts/${id}`,
      { intent: "schedule", version: "1", publishAt: at, ...fields("cancelled-before-launch") },
      editor,
    );
    expect(scheduled.status).toBe(200);
    expect(await scheduled.text()).toContain("Cancel schedule");
    const cancelled = await post(
      `/admin/posts/${id}`,
      { intent: "cancel-schedule", version: "2", ...fields("cancelled-before-launch") },
      editor,
    );
    expect(cancelled.status).toBe(200);
    const page = await cancelled.text();
    expect(page).toContain("Schedule cancelled: the post is a draft again and will not go live.");
    expect(page).not.toContain("Cancel schedule");
    const list = await (await get("/admin/posts?q=cancelled-before-launch", editor)).text();
    expect(list).toMatch(/cancelled-before-launch<\/a>\s*<span[^>]*>Draft</);
    expect((await get("/blog/cancelled-before-launch")).status).toBe(404);
    // Nothing left to cancel.
    const again = await post(
      `/admin/posts/${id}`,
      { intent: "cancel-schedule", version: "3", ...fields("cancelled-before-launch") },
      editor,
    );
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This post is not scheduled");
  });

  test("the posts list finds posts by words and status, and keeps the code's articles folded", async () => {
    await create("findable-draft-about-pipelines");
    await create("findable-published-about-hooks", "Hooks.", "publish");
    const titles = (html: string) =>
      [...html.matchAll(/href="\/admin\/posts\/\d+"[^>]*>([^<]+)</g)].map((match) => match[1]);
    const byWords = await (await get("/admin/posts?q=FINDABLE+pipelines", editor)).text();
    expect(titles(byWords)).toEqual(["Post findable-draft-about-pipelines"]);
    expect(byWords).toContain('value="FINDABLE pipelines"');
    const published = await (await get("/admin/posts?q=findable&status=published", editor)).text();
    expect(titles(published)).toEqual(["Post findable-published-about-hooks"]);
    expect(published).toMatch(/<option value="published" selected="">Published \(\d+\)<\/option>/);
    const none = await (await get("/admin/posts?q=no-such-words-anywhere", editor)).text();
    expect(none).toContain("No posts match.");
    // An unknown status is no filter at all.
    expect(
      titles(await (await get("/admin/posts?status=deleted", editor)).text()).length,
    ).toBeGreaterThan(1);
    // The articles kept in the site's code are in the page, folded behind their count.
    const list = await (await get("/admin/posts", editor)).text();
    expect(list).toMatch(/<details[^>]*><summary[^>]*>Show the \d+ articles/);
  });

  test("unpublishing or restoring a post not yet saved is refused with a clear message, and nothing is stored", async () => {
    for (const intent of ["unpublish", "restore"]) {
      const response = await post(
        "/admin/posts/new",
        { intent, revision: "1", ...fields(`never-saved-${intent}`) },
        editor,
      );
      expect(response.status, intent).toBe(400);
      expect(await response.text(), intent).toContain("This post is not saved yet");
      const list = await (await get("/admin/posts", editor)).text();
      expect(list, intent).not.toContain(`Post never-saved-${intent}`);
    }
  });

  test("a save over someone else's newer save is refused and nothing is overwritten", async () => {
    const id = await create("two-editors");
    const mine = await post(
      `/admin/posts/${id}`,
      { intent: "save", version: "1", ...fields("two-editors", "Mine.") },
      editor,
    );
    expect(mine.status).toBe(200);
    const theirs = await post(
      `/admin/posts/${id}`,
      { intent: "save", version: "1", ...fields("two-editors", "Theirs.") },
      admin,
    );
    expect(theirs.status).toBe(409);
    // The refusal says who saved and when, and shows their text beside the one refused.
    const refusal = new JSDOM(await theirs.text()).window.document;
    const alert = refusal.querySelector('[role="alert"]')?.textContent ?? "";
    expect(alert).toMatch(/^Ed Itor saved this post at .+, after you opened it/);
    expect(refusal.querySelector<HTMLTextAreaElement>("#their-version")?.value).toBe("Mine.");
    expect(refusal.querySelector<HTMLTextAreaElement>("#your-version")?.value).toBe("Theirs.");
    expect(refusal.getElementById("versions-heading")?.textContent).toBe("Their version and yours");
    const page = await (await get(`/admin/posts/${id}`, editor)).text();
    expect(page).toContain("Mine.");
    expect(page).not.toContain("Theirs.");
    expect(page).toMatch(/Version (<!-- -->)?2/);
  });

  test("every save is a revision; restoring one saves it again as a new version", async () => {
    const id = await create("with-history", "First words.");
    // The second save also files the post differently: tags and a search title.
    const second = await post(
      `/admin/posts/${id}`,
      {
        intent: "save",
        version: "1",
        ...fields("with-history", "Second words."),
        tags: "pipeline",
        seoTitle: "Found In Search",
      },
      editor,
    );
    expect(second.status).toBe(200);
    const viewed = await (await get(`/admin/posts/${id}?revision=1`, editor)).text();
    expect(viewed).toContain("<p>First words.</p>");
    // Each revision says who saved it and where the post stood.
    const listed = [
      ...new JSDOM(viewed).window.document.querySelectorAll("#revisions-heading ~ div > ol > li"),
    ].map((item) => item.textContent?.replace(/ · \d+ \w+ \d{4}, [\d:]+ UTC · /, " · … · "));
    expect(listed).toEqual([
      "Version 2 · … · Ed Itor · draft · currentView version 2",
      "Version 1 · … · Ed Itor · draftView version 1",
    ]);
    // What the current text changed from that version, line by line.
    const comparison = new JSDOM(viewed).window.document.querySelector("figure ol");
    expect(comparison?.querySelector("del")?.textContent).toBe("Removed: − First words.");
    expect(comparison?.querySelector("ins")?.textContent).toBe("Added: + Second words.");
    const restored = await post(
      `/admin/posts/${id}`,
      { intent: "restore", version: "2", revision: "1" },
      editor,
    );
    expect(restored.status).toBe(302);
    expect(restored.headers.get("location")).toBe(`/admin/posts/${id}?restored=3`);
    const page = await (await get(`/admin/posts/${id}`, editor)).text();
    expect(page).toContain("First words.");
    expect(page).toMatch(/Version (<!-- -->)?3/);
    // The words came back; how the post is filed and found stayed as it is now.
    expect(page).toMatch(/name="tags"[^>]*value="pipeline"|value="pipeline"[^>]*name="tags"/);
    expect(page).toMatch(
      /name="seoTitle"[^>]*value="Found In Search"|value="Found In Search"[^>]*name="seoTitle"/,
    );
    // Restoring from a stale page is refused like any other stale save.
    const stale = await post(
      `/admin/posts/${id}`,
      { intent: "restore", version: "2", revision: "2" },
      editor,
    );
    expect(stale.status).toBe(409);
  });

  test("a slug taken by a static article or another post is refused with a clear message, also while typing", async () => {
    const taken = await post(
      "/admin/posts/new",
      { intent: "save", ...fields("year-one-of-founder-led-marketing") },
      editor,
    );
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("already uses /blog/year-one-of-founder-led-marketing");
    await create("someone-has-it");
    const check = await get("/admin/posts/slug?slug=someone-has-it&id=", editor);
    expect(await check.json()).toEqual({
      slug: "someone-has-it",
      problem: "Another post already uses /blog/someone-has-it. Choose another slug.",
    });
  });

  test("a slug is cleaned by the server as the editor cleans it while typing; one that cleans to nothing is made from the title (refused without one); a taken one is refused", async () => {
    const cleaned = await post(
      "/admin/posts/new",
      { intent: "save", ...fields("  My Post!_About  Slugs-- ") },
      editor,
    );
    expect(cleaned.status, await cleaned.clone().text()).toBe(302);
    const id = /\/admin\/posts\/(\d+)\?created=/.exec(cleaned.headers.get("location") ?? "")?.[1];
    const page = await (await get(`/admin/posts/${id}`, editor)).text();
    expect(page).toContain('value="my-post-about-slugs"');
    const fromTitle = await post(
      "/admin/posts/new",
      { intent: "save", ...fields("!!! ---"), title: "Why 90 Days Works" },
      editor,
    );
    expect(fromTitle.status, await fromTitle.clone().text()).toBe(302);
    const madeId = /\/admin\/posts\/(\d+)\?created=/.exec(
      fromTitle.headers.get("location") ?? "",
    )?.[1];
    expect(await (await get(`/admin/posts/${madeId}`, editor)).text()).toContain(
      'value="why-90-days-works"',
    );
    const nothing = await post(
      "/admin/posts/new",
      { intent: "save", ...fields("!!! ---"), title: "" },
      editor,
    );
    expect(nothing.status).toBe(400);
    expect(await nothing.text()).toContain("Give the post an address (slug).");
    const taken = await post(
      "/admin/posts/new",
      { intent: "save", ...fields("Year One of Founder-Led Marketing") },
      editor,
    );
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("already uses /blog/year-one-of-founder-led-marketing");
    // The live check answers for the slug as it will be saved.
    const check = await get("/admin/posts/slug?slug=My%20Post%20About_Slugs-&id=", editor);
    expect(await check.json()).toEqual({
      slug: "my-post-about-slugs",
      problem: "Another post already uses /blog/my-post-about-slugs. Choose another slug.",
    });
  });

  test("scheduling in the past is refused; a post scheduled seconds ahead goes live by itself", async () => {
    const id = await create("goes-live-soon");
    const past = await post(
      `/admin/posts/${id}`,
      {
        intent: "schedule",
        version: "1",
        publishAt: "2020-01-01T10:00:00",
        ...fields("goes-live-soon"),
      },
      editor,
    );
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("That moment has passed");
    const at = new Date(Date.now() + 2_000).toISOString().slice(0, 19);
    const scheduled = await post(
      `/admin/posts/${id}`,
      { intent: "schedule", version: "1", publishAt: at, ...fields("goes-live-soon") },
      editor,
    );
    expect(scheduled.status).toBe(200);
    expect(await scheduled.text()).toContain("Scheduled: it goes live");
    expect((await get("/blog/goes-live-soon")).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await get("/blog/goes-live-soon")).status).toBe(200);
  });

  test("a cover image: uploaded (sniffed, resized, EXIF gone), served for a year, required alt text, shown with srcset", async () => {
    const sharp = (await import("sharp")).default;
    const photo = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: "#aa3355" },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: "Where I Live" } } })
      .toBuffer();
    const upload = (bytes: Uint8Array, name: string, cookie = editor) => {
      const body = new FormData();
      body.set("image", new Blob([new Uint8Array(bytes)]), name);
      return fetch(`${base}/admin/posts/images`, {
        method: "POST",
        headers: { Origin: base, Cookie: cookie },
        body,
      });
    };
    expect((await upload(photo, "photo.jpg", sales)).status).toBe(403);
    const huge = await upload(new Uint8Array(11 * 1024 * 1024), "huge.jpg");
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({
      message: expect.stringContaining("larger than 10 MB"),
    });
    const fake = await upload(new TextEncoder().encode("<script>alert(1)</script>"), "x.png");
    expect(fake.status).toBe(400);
    expect(await fake.json()).toMatchObject({
      ok: false,
      message: expect.stringContaining("not a JPEG"),
    });
    // Sent in chunks, without a length (as a client streaming its file does): taken, its
    // size bounded as it is read.
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(photo)]), "photo.jpg");
    const encoded = new Response(form);
    const multipart = new Uint8Array(await encoded.arrayBuffer());
    const chunked = await fetch(`${base}/admin/posts/images`, {
      method: "POST",
      headers: {
        Origin: base,
        Cookie: editor,
        "Content-Type": encoded.headers.get("content-type") ?? "",
      },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(multipart);
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status, await chunked.clone().text()).toBe(200);
    const response = await upload(photo, "photo.jpg");
    expect(response.status).toBe(200);
    const { image } = (await response.json()) as {
      image: { id: string; width: number; height: number; widths: number[] };
    };
    expect(image).toMatchObject({ width: 1200, height: 800, widths: [480, 960, 1200] });

    const file = await get(`/media/images/${image.id}/960.avif`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/avif");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.includes("Where I Live")).toBe(false);
    expect((await sharp(bytes).metadata()).width).toBe(960);
    expect((await get(`/media/images/${image.id}/../../etc.avif`)).status).toBe(404);

    const withCover = { ...fields("a-post-with-a-cover"), coverImage: image.id, coverAlt: "" };
    const noAlt = await post("/admin/posts/new", { intent: "publish", ...withCover }, editor);
    expect(noAlt.status).toBe(400);
    expect(await noAlt.text()).toContain("Describe the image for people who cannot see it.");
    const published = await post(
      "/admin/posts/new",
      { intent: "publish", ...withCover, coverAlt: "A red square" },
      editor,
    );
    expect(published.status).toBe(302);
    const page = await (await get("/blog/a-post-with-a-cover")).text();
    expect(page).toContain(`srcSet="/media/images/${image.id}/480.avif 480w`);
    expect(page).toMatch(/<img[^>]*width="1200"[^>]*height="800"[^>]*alt="A red square"/);
    expect(page).toContain('sizes="(min-width: 1024px) 44rem, 100vw"');

    // The same image in the text: described, or refused; shown sized, lazily, with srcset.
    const inText = (alt: string) =>
      `Before.\n\n![${alt}](/media/images/${image.id}/1200.webp)\n\nAfter.`;
    const undescribed = await post(
      "/admin/posts/new",
      { intent: "publish", ...fields("image-in-text", inText(" ")) },
      editor,
    );
    expect(undescribed.status).toBe(400);
    expect(await undescribed.text()).toContain("Describe every image: its alt text goes between");
    const withImage = await post(
      "/admin/posts/new",
      { intent: "publish", ...fields("image-in-text", inText("A red square, again")) },
      editor,
    );
    expect(withImage.status).toBe(302);
    const textPage = new JSDOM(await (await get("/blog/image-in-text")).text()).window.document;
    const body = textPage.getElementById("post-body")?.querySelector("img");
    // Recent Posts (the five newest: of one day, by slug) show the covered post with its
    // picture, as decoration beside its title.
    const recent = textPage.querySelector(
      '#sidebar-recent-heading ~ ul a[href="/blog/a-post-with-a-cover"]',
    );
    expect(recent?.querySelector("img")?.getAttribute("alt")).toBe("");
    expect(recent?.querySelector("img")?.getAttribute("srcset")).toContain(`${image.id}/480.webp`);
    // So does its card on the blog.
    const card = [
      ...new JSDOM(await (await get("/blog")).text()).window.document.querySelectorAll("article"),
    ].find((article) => article.querySelector("h3")?.textContent === "Post a-post-with-a-cover");
    const picture = card?.querySelector("img");
    expect(picture?.getAttribute("alt")).toBe("A red square");
    expect([picture?.getAttribute("width"), picture?.getAttribute("height")]).toEqual([
      "1200",
      "800",
    ]);
    expect(card?.querySelector('source[type="image/avif"]')?.getAttribute("srcset")).toContain(
      `${image.id}/960.avif 960w`,
    );
    expect(body?.getAttribute("alt")).toBe("A red square, again");
    expect(body?.getAttribute("width")).toBe("1200");
    expect(body?.getAttribute("height")).toBe("800");
    expect(body?.getAttribute("loading")).toBe("lazy");
    expect(body?.getAttribute("srcset")).toBe(
      [480, 960, 1200].map((w) => `/media/images/${image.id}/${w}.webp ${w}w`).join(", "),
    );
    // The editor's preview shows it the same way.
    const preview = await post(
      "/admin/posts/preview",
      { markdown: inText("A red square, again") },
      editor,
    );
    expect(((await preview.json()) as { html: string }).html).toContain('width="1200"');
  });

  test("a revision keeps its cover: viewing it shows the cover and its alt text, restoring it brings them back", async () => {
    const sharp = (await import("sharp")).default;
    const png = await sharp({
      create: { width: 600, height: 300, channels: 3, background: "#33aa55" },
    })
      .png()
      .toBuffer();
    const body = new FormData();
    body.set("image", new Blob([new Uint8Array(png)]), "green.png");
    const uploaded = await fetch(`${base}/admin/posts/images`, {
      method: "POST",
      headers: { Origin: base, Cookie: editor },
      body,
    });
    const { image } = (await uploaded.json()) as { image: { id: string } };
    const created = await post(
      "/admin/posts/new",
      {
        intent: "save",
        ...fields("cover-history", "With a picture."),
        coverImage: image.id,
        coverAlt: "A green field",
      },
      editor,
    );
    const id = /\/admin\/posts\/(\d+)/.exec(created.headers.get("location") ?? "")?.[1];
    const removed = await post(
      `/admin/posts/${id}`,
      {
        intent: "save",
        version: "1",
        ...fields("cover-history", "Without it."),
        coverImage: "",
        coverAlt: "",
      },
      editor,
    );
    expect(removed.status).toBe(200);
    const coverInput = (html: string) => ({
      image: /name="coverImage" value="([^"]*)"/.exec(html)?.[1],
      alt: /name="coverAlt"[^>]*value="([^"]*)"/.exec(html)?.[1],
    });
    expect(coverInput(await (await get(`/admin/posts/${id}`, editor)).text())).toEqual({
      image: "",
      alt: "",
    });

    const viewed = new JSDOM(await (await get(`/admin/posts/${id}?revision=1`, editor)).text())
      .window.document;
    const version = viewed.querySelector('[aria-labelledby="revision-heading"]');
    const cover = version?.querySelector<HTMLImageElement>("img");
    expect(cover?.getAttribute("alt")).toBe("A green field");
    expect(cover?.getAttribute("src")).toContain(`/media/images/${image.id}/`);
    const without = new JSDOM(await (await get(`/admin/posts/${id}?revision=2`, editor)).text())
      .window.document;
    const second = without.querySelector('[aria-labelledby="revision-heading"]');
    expect(second?.querySelector("img")).toBeNull();
    expect(second?.textContent).toContain("No cover image");

    const restored = await post(
      `/admin/posts/${id}`,
      { intent: "restore", version: "2", revision: "1" },
      editor,
    );
    expect(restored.status).toBe(302);
    expect(coverInput(await (await get(`/admin/posts/${id}`, editor)).text())).toEqual({
      image: image.id,
      alt: "A green field",
    });
  });

  test("a save says what the sanitiser removed, and only when it removed something", async () => {
    const id = await create("what-was-removed");
    const ordinary = await post(
      `/admin/posts/${id}`,
      {
        intent: "save",
        version: "1",
        ...fields(
          "what-was-removed",
          "It's the founder's voice: read [the study](https://example.com/a?b=1&c=2).\n\n> \"Quote\"",
        ),
      },
      editor,
    );
    expect(ordinary.status).toBe(200);
    const saved = await ordinary.text();
    expect(saved).toContain("Saved at");
    // Before: "Some HTML was removed…" for any apostrophe or external link.
    expect(saved).not.toMatch(/HTML was removed|so removed/);
    const hostile = await post(
      `/admin/posts/${id}`,
      {
        intent: "save",
        version: "2",
        ...fields(
          "what-was-removed",
          'Hi <span onclick="steal()">there</span>\n\n<script>x()</script>',
        ),
      },
      editor,
    );
    expect(await hostile.text()).toContain(
      "Not allowed in a post, so removed: onclick on &lt;span&gt;, &lt;script&gt;.",
    );
    // An autosave of the same text does not say it again every few seconds: the editor's
    // preview says it for as long as the text holds it.
    const autosaved = await post(
      `/admin/posts/${id}`,
      {
        intent: "autosave",
        version: "3",
        ...fields(
          "what-was-removed",
          'Hi <span onclick="steal()">there</span>\n\n<script>x()</script>\n\nMore.',
        ),
      },
      editor,
    );
    const autosaveAnswer = await autosaved.text();
    expect(autosaveAnswer).toContain("Draft saved automatically");
    expect(autosaveAnswer).not.toContain("so removed");
  });

  test("a sales user gets 403 on the posts pages, their .data and their actions", async () => {
    const id = await create("not-for-sales");
    for (const url of [
      "/admin/posts",
      "/admin/posts.data",
      "/admin/posts/new",
      `/admin/posts/${id}`,
      `/admin/posts/${id}.data`,
      `/admin/posts/${id}.data?_routes=routes%2Fadmin.posts.%24id%2Froute`,
      "/admin/posts/slug?slug=x",
    ]) {
      const response = await get(url, sales);
      expect(response.status, url).toBe(403);
      expect(await response.text(), url).not.toContain("Post not-for-sales");
    }
    for (const url of [`/admin/posts/${id}`, "/admin/posts/new", "/admin/posts/preview"]) {
      const response = await post(
        url,
        { intent: "publish", version: "1", ...fields("not-for-sales", "Sold!") },
        sales,
      );
      expect(response.status, url).toBe(403);
    }
    expect((await get("/blog/not-for-sales")).status).toBe(404);
    const home = await (await get("/admin", sales)).text();
    expect(home).not.toContain('href="/admin/posts"');
  });
});
