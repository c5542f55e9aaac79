import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { exposedHeadings } from "../support/accessibility-tree.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { type BackOffice, expect, test } from "../support/back-office-e2e.ts";
import { holdScripts, waitForHydration } from "../support/fixtures.ts";

const corpus: { id: string; payload: string }[] = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../fixtures/xss-corpus.json"), "utf8"),
);

/** The editor, once CodeMirror has replaced the textarea. */
async function codeMirror(page: Page) {
  const editor = page.locator("[data-markdown-editor] .cm-content");
  await expect(editor).toBeVisible();
  return editor;
}

/** Unfolds "Post settings" (slug, excerpt, author, tags, cover, SEO) unless it is open. */
async function openPostSettings(page: Page) {
  const settings = page.locator("details").filter({ hasText: "Post settings" });
  if (!(await settings.evaluate((element) => (element as HTMLDetailsElement).open))) {
    await settings.locator("summary").click();
  }
}

/** A moment a few seconds ahead, as the schedule field takes it (UTC, to the second). */
const utcInSeconds = (seconds: number) =>
  new Date(Date.now() + seconds * 1000).toISOString().slice(0, 19);

test("an editor writes a post, previews it, schedules it a few seconds ahead, and it appears on the blog, in the feed and in Recent Posts by itself", {
  tag: "@publishes",
}, async ({ page, backOffice }) => {
  await backOffice.invite("ed@example.com", "editor", "Ed Itor");
  await backOffice.signIn(page, "ed@example.com");
  await page.getByRole("link", { name: "Posts" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
  await page.getByRole("link", { name: "New post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New post" })).toBeVisible();

  await page.getByLabel("Title", { exact: true }).fill("Scheduled From The Editor");
  await expect(page.getByLabel("Slug")).toHaveValue("scheduled-from-the-editor");
  await openPostSettings(page);
  await page.getByLabel("Tags").fill("linkedin, founders");
  const editor = await codeMirror(page);
  await editor.click();
  await page.keyboard.type("## Why schedule\n\nA **bold** plan, ~~twice~~ written once.");
  // Written in the article's faces, as Ghost writes: the heading in the display face and
  // larger than the text, the text in the sans (not a code font), bold drawn bold, and the
  // Markdown marks quieter than the words.
  const look = (selector: string) =>
    editor
      .locator(selector)
      .first()
      .evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          font: style.fontFamily,
          size: Number.parseFloat(style.fontSize),
          weight: style.fontWeight,
          color: style.color,
        };
      });
  const line = await look(".cm-line:nth-child(3)");
  const heading = await look(".cm-line:first-child span:not(:first-child)");
  const mark = await look(".cm-line:first-child span:first-child");
  expect(line.font).toMatch(/^"Inter Variable"/);
  expect(heading.font).toMatch(/^Fraunces/);
  expect(heading.size).toBeGreaterThan(line.size * 1.25);
  expect(mark.color).not.toBe(line.color);
  // Prose: the browser checks the spelling, and a phone capitalises sentences.
  await expect(editor).toHaveAttribute("spellcheck", "true");
  await expect(editor).toHaveAttribute("autocapitalize", "sentences");
  await expect(editor.locator(".cm-line").nth(2).locator("span", { hasText: "bold" })).toHaveCSS(
    "font-weight",
    "700",
  );
  // GitHub's Markdown, as the site renders it: struck-through words are drawn so.
  await expect(
    editor.locator(".cm-line").nth(2).locator("span", { hasText: "twice" }).last(),
  ).toHaveCSS("text-decoration-line", "line-through");
  const preview = page.getByRole("article", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Why schedule" })).toBeVisible();
  // A screen reader finds the post's sections under "Preview" (h2), not beside the panels.
  expect(await exposedHeadings(page)).toContainEqual({ name: "Why schedule", level: 3 });
  await expect(preview.locator("strong")).toHaveText("bold");
  await expect(preview.locator("del")).toHaveText("twice");

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Post created." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Edit: Scheduled From The Editor",
  );
  // Said once: the page reloaded (or bookmarked) does not say it again, even after another
  // save from the page that said it.
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Saved at/ })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Edit: Scheduled From The Editor",
  );
  await expect(page.getByText("Post created.")).toHaveCount(0);

  await page.getByLabel("Publish at (UTC)").fill(utcInSeconds(4));
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Scheduled: it goes live" }),
  ).toBeVisible();
  // Said where the button was pressed too, far down the form from that notice.
  await expect(page.locator("#post-done")).toContainText("Scheduled: it goes live");
  await expect(page.locator("#post-done")).toBeInViewport();
  await page.goto(`${backOffice.url}/admin/posts`);
  await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();

  // No restart, no rebuild: the listing, the feed and an article's sidebar pick it up once
  // its moment has passed (pages are kept 10 s per copy).
  const get = async (url: string) => (await fetch(`${backOffice.url}${url}`)).text();
  const soon = { timeout: 30_000, intervals: [1_000] };
  await expect.poll(() => get("/blog"), soon).toContain("Scheduled From The Editor");
  await expect.poll(() => get("/rss.xml"), soon).toContain("/blog/scheduled-from-the-editor");
  await page.goto(`${backOffice.url}/blog/year-one-of-founder-led-marketing`);
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByRole("complementary").getByRole("link").allTextContents();
    }, soon)
    .toContain("Scheduled From The Editor");
  await page.goto(`${backOffice.url}/blog/scheduled-from-the-editor`);
  await expect(page.getByRole("heading", { level: 2, name: "Why schedule" })).toBeVisible();
});

test("hostile text runs nowhere: not in the preview, not on the public page", {
  tag: "@publishes",
}, async ({ page, backOffice }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await backOffice.invite("xss@example.com", "editor", "X. Writer");
  await backOffice.signIn(page, "xss@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  // A post never saved does not claim its changes are saved.
  await expect(page.getByText("Not saved yet.")).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill("Hostile Text");
  const markdown = [
    "<img src=x onerror=alert(1)>",
    "<script>alert(2)</script>",
    "[click](javascript:alert(3))",
    "<svg onload=alert(4)></svg>",
    '<iframe src="javascript:alert(5)"></iframe>',
    ...corpus.slice(0, 60).map((entry) => entry.payload),
  ].join("\n\n");
  const editor = await codeMirror(page);
  await editor.fill(markdown);
  const preview = page.getByRole("article", { name: "Preview" });
  // The server's preview has arrived: the link's text stays, its javascript: URL does not.
  await expect(preview).toContainText("click");
  expect(await preview.locator("script, iframe, [onerror], [onload]").count()).toBe(0);
  expect(await preview.locator('[href*="javascript" i], [src*="javascript" i]').count()).toBe(0);
  // Beside the preview, what it leaves out, while the text holds it.
  await expect(page.getByText(/^Not allowed in a post, so left out: .*<script>/)).toBeVisible();
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();
  // The new post's own page has settled (once, in a CI run, leaving at once aborted).
  await page.waitForURL(/\/admin\/posts\/\d+(?:\?created=publish)?$/);
  await expect(page.getByText("All changes saved.")).toBeVisible();
  const editorUrl = page.url().replace(/\?.*$/, "");
  // Opened again, the editor names what is left out before any change.
  await page.goto(editorUrl);
  await expect(page.getByText(/^Not allowed in a post, so left out: .*<script>/)).toBeVisible();
  // page.goto returns after the load event, by which every image has loaded or failed:
  // an error handler that survived would have run by then.
  await page.goto(`${backOffice.url}/blog/hostile-text`);
  await expect(page.getByRole("heading", { level: 1, name: "Hostile Text" })).toBeVisible();
  const body = page.locator("#post-body");
  expect(await body.locator("script, [onerror], [onload], iframe").count()).toBe(0);
  expect(await body.locator('[href*="javascript" i], [src*="javascript" i]').count()).toBe(0);
  await body.getByText("click", { exact: true }).first().click();
  // What a click starts (following a link, a javascript: URL) is queued as a task: a task
  // queued after it, and the two frames that follow, come after anything it could open.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      ),
  );
  expect(dialogs).toEqual([]);
  // The draft view shows the same cleaned text.
  await page.goto(`${editorUrl}/draft`);
  await expect(page.getByRole("heading", { level: 1, name: "Hostile Text" })).toBeVisible();
  const draft = page.locator("#post-body");
  expect(await draft.locator("script, [onerror], [onload], iframe").count()).toBe(0);
  expect(await draft.locator('[href*="javascript" i], [src*="javascript" i]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test("a sales user gets 403 on the editor page", async ({ browser, backOffice }) => {
  await backOffice.invite("sid@example.com", "sales", "Sid Sales");
  const page = await browser.newPage();
  await backOffice.signIn(page, "sid@example.com");
  await expect(page.getByRole("navigation", { name: "Back office" })).not.toContainText("Posts");
  for (const url of ["/admin/posts", "/admin/posts/new"]) {
    const response = await page.goto(`${backOffice.url}${url}`);
    expect(response?.status(), url).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not part of your role");
  }
  await page.close();
});

test("on a phone the editor switches between Write and Preview; from 1024 px the preview stays beside the text, in view", async ({
  page,
  backOffice,
}) => {
  await backOffice.invite("phil@example.com", "editor", "Phil Phone");
  await backOffice.signIn(page, "phil@example.com");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await codeMirror(page);
  const preview = page.getByRole("region", { name: "Preview", exact: true });
  const write = page.getByRole("button", { name: "Write" });
  await expect(write).toHaveAttribute("aria-pressed", "true");
  await expect(preview).toBeHidden();
  await page.getByLabel("Title", { exact: true }).fill("Pocket-sized pipeline");
  await openPostSettings(page);
  await page.getByLabel("Excerpt (optional)").fill("Selling from a phone, between meetings.");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(preview).toBeVisible();
  // In the post page's order: the title, the excerpt under it, then who wrote it.
  await expect(preview).toContainText(
    /Pocket-sized pipeline\s*Selling from a phone, between meetings\.[\s\S]*Phil Phone/,
  );
  await expect(preview).toContainText("1 min read");
  await expect(page.getByLabel("Title", { exact: true })).toBeHidden();
  await write.click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Pocket-sized pipeline");
  // Far down the form, the switch is still at hand, at the top of the window.
  await page.getByRole("button", { name: "Save draft" }).scrollIntoViewIfNeeded();
  await expect(page.getByLabel("Title", { exact: true })).not.toBeInViewport();
  await expect(page.getByRole("button", { name: "Preview" })).toBeInViewport();
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(preview).toBeVisible();
  await write.click();

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(preview).toBeVisible();
  await expect(page.getByRole("button", { name: "Write" })).toBeHidden();
  await expect(preview).toHaveCSS("position", "sticky");
  await page.getByRole("button", { name: "Save draft" }).scrollIntoViewIfNeeded();
  await expect(preview).toBeInViewport();

  // The preview follows the caret: at the end of a long text, its last section shows; back
  // at the start, its first.
  const sections = Array.from(
    { length: 8 },
    (_, n) =>
      `## Section ${n + 1}\n\n${"A paragraph long enough to take a few lines in the preview. ".repeat(6)}\n\n${"Another paragraph of the same section, to make it tall. ".repeat(6)}`,
  ).join("\n\n");
  const editor = await codeMirror(page);
  await editor.fill(sections);
  const last = preview.getByRole("heading", { name: "Section 8" });
  const first = preview.getByRole("heading", { name: "Section 1" });
  await expect(last).toBeAttached();
  await editor.press("Control+End");
  await expect(last).toBeInViewport();
  await expect(first).not.toBeInViewport();
  await editor.press("Control+Home");
  await expect(first).toBeInViewport();
  await expect(last).not.toBeInViewport();
});

test("keyboard only: write a post and save it", async ({ page, backOffice }) => {
  await backOffice.invite("kay@example.com", "editor", "Kay Board");
  await backOffice.signIn(page, "kay@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await codeMirror(page);
  const focusBy = async (target: ReturnType<Page["locator"]>) => {
    for (
      let i = 0;
      i < 40 && !(await target.evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press("Tab");
    }
    await expect(target).toBeFocused();
  };
  await focusBy(page.getByLabel("Title", { exact: true }));
  await page.keyboard.type("Typed Without A Mouse");
  await focusBy(page.locator("[data-markdown-editor] .cm-content"));
  await page.keyboard.type("Every key counts.");
  // Tab leaves the editor (it does not insert a tab), on to the Save button.
  await focusBy(page.getByRole("button", { name: "Save draft" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Post created." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit: Typed Without A Mouse");
  // Ctrl+S saves too.
  await page.locator("[data-markdown-editor] .cm-content").focus();
  await page.keyboard.press("End");
  await page.keyboard.type(" More.");
  await page.keyboard.press("Control+s");
  await expect(page.getByRole("status").filter({ hasText: "Saved at" })).toBeVisible();
  // The keys are listed under the editor, and do what the list says.
  const shortcuts = page.getByText("Keyboard shortcuts", { exact: true });
  await focusBy(shortcuts);
  await page.keyboard.press("Enter");
  const list = page.locator("details", { has: shortcuts });
  for (const [keys, label] of [
    ["Ctrl+B", "Bold"],
    ["Ctrl+I", "Italic"],
    ["Ctrl+K", "Link"],
    ["Ctrl+S", /^Save/],
    ["Ctrl+Z", "Undo"],
    ["Ctrl+Y", "Redo (⌘⇧Z on a Mac)"],
    ["Ctrl+Shift+V", /^Paste as plain text/],
  ] as const) {
    await expect(
      list
        .locator("dt", { hasText: new RegExp(`^${keys.replaceAll("+", "\\+")}$`) })
        .locator("xpath=following-sibling::dd[1]"),
    ).toHaveText(label);
  }
  await page.locator("[data-markdown-editor] .cm-content").focus();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Control+b");
  await page.keyboard.type("strong");
  await expect(page.locator("[data-markdown-editor] .cm-content")).toContainText("More.**strong**");
  await page.keyboard.press("Control+z");
  await expect(page.locator("[data-markdown-editor] .cm-content")).not.toContainText("strong");
  await page.keyboard.press("Control+y");
  await expect(page.locator("[data-markdown-editor] .cm-content")).toContainText("More.**strong**");
});

test("Focus on writing leaves the title and the text alone, wider; saving keeps it, a new post's first save too; Esc brings the rest back", async ({
  page,
  backOffice,
}) => {
  await backOffice.invite("fay@example.com", "editor", "Fay Focus");
  await backOffice.signIn(page, "fay@example.com");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("Written In Focus");
  const editor = await codeMirror(page);

  const nav = page.getByRole("navigation", { name: "Back office" });
  const preview = page.getByRole("region", { name: "Preview", exact: true });
  const settings = page.getByText("Post settings", { exact: true });
  const revisions = page.getByRole("region", { name: "Revisions" });
  await expect(nav).toBeVisible();
  await expect(preview).toBeVisible();
  const before = (await editor.boundingBox())?.width ?? 0;
  const toggle = page.getByRole("button", { name: "Focus on writing" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(nav).toBeHidden();
  await expect(preview).toHaveCount(0);
  await expect(settings).toBeHidden();
  await expect(page.getByLabel("Title", { exact: true })).toBeVisible();
  expect((await editor.boundingBox())?.width ?? 0).toBeGreaterThan(before * 1.3);

  // Writing and saving go on as before, still in focus: the first save, which moves the
  // new post to its own address, and the next.
  await editor.click();
  await page.keyboard.type("First words.");
  await page.keyboard.press("Control+s");
  await expect(page.getByRole("status").filter({ hasText: "Post created." })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(nav).toBeHidden();
  await expect(revisions).toHaveCount(0);
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" More in focus.");
  await page.keyboard.press("Control+s");
  await expect(page.getByRole("status").filter({ hasText: "Saved at" })).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(nav).toBeHidden();

  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(nav).toBeVisible();
  await expect(preview).toContainText("First words. More in focus.");
  await expect(settings).toBeVisible();
  await expect(revisions).toBeVisible();
});

test("the back office works under its own strict policy: nothing it needs is blocked, and the editor keeps its styles", async ({
  page,
  backOffice,
}) => {
  // Chromium reports every blocked script, style or image on the console.
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  await backOffice.invite("cee@example.com", "editor", "Cee Spee");
  await backOffice.signIn(page, "cee@example.com");
  const response = await page.goto(`${backOffice.url}/admin/posts/new`);
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/style-src 'self' 'nonce-/);
  expect(policy).not.toContain("unsafe-inline");
  const editor = await codeMirror(page);
  // CodeMirror's own <style> elements apply (they carry the page's nonce): its base theme
  // lays the editor out as a flex box, and ours sets its height.
  await expect(page.locator("[data-markdown-editor] .cm-editor")).toHaveCSS("display", "flex");
  await editor.click();
  await page.keyboard.type("Plain words, styled.");
  await expect(page.getByRole("article", { name: "Preview" })).toContainText("Plain words");
  await page.getByRole("link", { name: "Posts" }).first().click();
  // The question takes the focus.
  await expect(page.getByRole("alert").filter({ hasText: "unsaved changes" })).toBeFocused();
  await page.getByRole("link", { name: "Leave without saving" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
  await page.goto(`${backOffice.url}/admin/account`);
  expect(blocked).toEqual([]);
});

test("a draft saves itself about ten seconds after a change", async ({ page, backOffice }) => {
  await backOffice.invite("otto@example.com", "editor", "Otto Save");
  await backOffice.signIn(page, "otto@example.com");
  // The page's timers on a clock the test moves on: the ten seconds pass at once.
  await page.clock.install();
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("Saves Itself");
  const editor = await codeMirror(page);
  await editor.fill("First draft.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Post created." })).toBeVisible();
  await editor.click();
  await page.keyboard.press("End");
  const autosaves: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.postData()?.includes("autosave")) {
      autosaves.push(request.url());
    }
  });
  await page.keyboard.type(" Then more.");
  await expect(page.getByText("Unsaved changes.")).toBeVisible();
  // Stopped half a second on: the page's ten seconds run from the last key, and the clock
  // ran on with real time since then (a second or two at most).
  await page.clock.pauseAt(Date.now() + 500);
  await page.clock.runFor(4_000);
  await expect(page.getByText("Unsaved changes.")).toBeVisible();
  expect(autosaves).toEqual([]);
  await page.clock.runFor(6_500);
  await expect(page.getByText(/Draft saved automatically at/)).toBeVisible();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  expect(autosaves).toHaveLength(1);
  await page.clock.resume();
  await page.reload();
  await expect(page.locator("[data-markdown-editor] .cm-content")).toHaveText(
    "First draft. Then more.",
  );
});

test("a cover image chosen with the picker or dropped shows in the editor and on the post page", {
  tag: "@publishes",
}, async ({ page, backOffice }) => {
  const sharp = (await import("sharp")).default;
  const png = await sharp({
    create: { width: 800, height: 400, channels: 3, background: "#2255aa" },
  })
    .png()
    .toBuffer();
  await backOffice.invite("ivy@example.com", "editor", "Ivy Image");
  await backOffice.signIn(page, "ivy@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("With A Cover");
  const editor = await codeMirror(page);
  await editor.fill("Words under a picture.");
  await openPostSettings(page);
  // A proxy in front that refuses the size answers with its own HTML page: the editor
  // still says what went wrong.
  await page.route(
    "**/admin/posts/images",
    (route) =>
      route.fulfill({
        status: 413,
        contentType: "text/html",
        body: "<html><head><title>413 Request Entity Too Large</title></head><body><center><h1>413 Request Entity Too Large</h1></center><hr><center>nginx</center></body></html>",
      }),
    { times: 1 },
  );
  await page.getByLabel("Choose an image").setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: png,
  });
  await expect(
    page.getByText("The image is larger than 10 MB; make it smaller first."),
  ).toBeVisible();
  await page.getByLabel("Choose an image").setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: png,
  });
  await expect(page.getByText("Image ready; save to keep it.")).toBeVisible();
  const coverId = page.locator('input[name="coverImage"]');
  const picked = await coverId.inputValue();
  expect(picked).toMatch(/^[a-f0-9]{32}$/);
  // Dropping a file replaces it.
  const dropped = await page.evaluateHandle(
    (bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], "dropped.png", { type: "image/png" }));
      return transfer;
    },
    [...png],
  );
  await page.locator("[data-cover-drop]").dispatchEvent("drop", { dataTransfer: dropped });
  await expect(coverId).not.toHaveValue(picked);
  await expect(coverId).toHaveValue(/^[a-f0-9]{32}$/);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("Describe the image for people who cannot see it.")).toBeVisible();
  await openPostSettings(page);
  await page.getByLabel("Describe the image (alt text)").fill("A blue band");
  // The link-preview card shows it too, as the site draws it (a strip beside the title).
  await expect(
    page.getByRole("figure", { name: "Shared on LinkedIn" }).locator("img"),
  ).toBeVisible();
  // The preview shows the cover, described, above the title.
  await expect(
    page.getByRole("region", { name: "Preview", exact: true }).getByRole("img", {
      name: "A blue band",
    }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`${backOffice.url}/blog/with-a-cover`);
  const cover = page.getByRole("img", { name: "A blue band" });
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(cover).toHaveAttribute("width", "800");
});

test("leaving with unsaved changes asks first", async ({ page, backOffice }) => {
  await backOffice.invite("una@example.com", "editor", "Una Saved");
  await backOffice.signIn(page, "una@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await codeMirror(page);
  await page.getByLabel("Title", { exact: true }).fill("Not Saved Yet");
  await page.getByRole("link", { name: "All posts" }).click();
  await expect(page.getByText("This post has unsaved changes.")).toBeVisible();
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/new$/);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Not Saved Yet");
});

/** A promise to hold requests back with (`await held` in a route), and what ends it. */
function holdBack() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}

test("on a slow machine, words typed before the editor's scripts start are kept, count as unsaved and are saved", async ({
  newContext,
  backOffice,
}) => {
  // The browser's own page.goto (not the fixture's, which waits for hydration).
  const context = await newContext();
  const page = await context.newPage();
  await backOffice.invite("early@example.com", "editor", "Early Writer");
  await backOffice.signIn(page, "early@example.com");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  // The page's scripts arrive only once the writer has typed, as on a slow connection; the
  // code editor's own chunk (asked for once the page has hydrated) later still.
  const scripts = holdBack();
  const codeEditor = holdBack();
  let requested = 0;
  await page.route("**/assets/**/*.js", async (route) => {
    requested++;
    await scripts.held;
    await route.continue();
  });
  await page.route("**/assets/**/markdown-codemirror*.js", async (route) => {
    await codeEditor.held;
    await route.continue();
  });
  await page.goto(`${backOffice.url}/admin/posts/new`, { waitUntil: "domcontentloaded" });
  await openPostSettings(page);
  const title = page.getByLabel("Title", { exact: true });
  const excerpt = page.getByLabel("Excerpt (optional)");
  const tags = page.getByRole("combobox", { name: "Tags" });
  const body = page.locator('textarea[name="markdown"]');
  const text = "Written while the page was still loading.";
  await body.pressSequentially(text);
  await title.pressSequentially("Typed Before The Scripts");
  await excerpt.pressSequentially("An excerpt typed early.");
  await tags.pressSequentially("linkedin");
  // Still the server's page: its scripts are asked for, and held.
  await expect.poll(() => requested).toBeGreaterThan(0);
  expect(await page.locator("html[data-hydrated]").count()).toBe(0);

  scripts.release();
  await waitForHydration(page);
  // The writer goes on typing while the code editor loads: the page renders again.
  await tags.pressSequentially(", events");
  codeEditor.release();
  const editor = await codeMirror(page);
  await expect(editor).toHaveText(text);
  await expect(title).toHaveValue("Typed Before The Scripts");
  await expect(page.getByLabel("Slug")).toHaveValue("typed-before-the-scripts");
  await expect(excerpt).toHaveValue("An excerpt typed early.");
  await expect(tags).toHaveValue("linkedin, events");
  await expect(page.getByText("Unsaved changes.")).toBeVisible();
  // The preview renders the typed text too.
  const preview = page.getByRole("article", { name: "Preview" });
  await expect(preview).toContainText(text);

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Post created." })).toBeVisible();
  // The saved post, as the server stored and rendered it.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Edit: Typed Before The Scripts",
  );
  await expect(preview).toContainText(text);
  await expect(editor).toHaveText(text);
  await openPostSettings(page);
  await expect(excerpt).toHaveValue("An excerpt typed early.");
  await expect(tags).toHaveValue("linkedin, events");
});

test("the caret in the text before the scripts start is where the code editor starts, focused", async ({
  newContext,
  backOffice,
}) => {
  const page = await (await newContext()).newPage();
  await backOffice.invite("carla@example.com", "editor", "Carla Caret");
  await backOffice.signIn(page, "carla@example.com");
  const scripts = holdBack();
  await page.route("**/assets/**/*.js", async (route) => {
    await scripts.held;
    await route.continue();
  });
  await page.goto(`${backOffice.url}/admin/posts/new`, { waitUntil: "domcontentloaded" });
  await page.locator('textarea[name="markdown"]').pressSequentially("Hello world");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  scripts.release();
  const editor = await codeMirror(page);
  await expect(editor).toBeFocused();
  await page.keyboard.type("X");
  await expect(editor).toHaveText("Hello worXld");
});

/**
 * The browser's Back button. A move the page cancels never happens, so this waits only a
 * moment for one (the test then looks at where the page is).
 */
const pressBack = (page: Page) =>
  page.goBack({ waitUntil: "commit", timeout: 1_000 }).catch(() => null);

test("the browser's Back button with unsaved changes asks first, and leaves when told to", async ({
  page,
  backOffice,
}) => {
  await backOffice.invite("bea@example.com", "editor", "Bea Back");
  await backOffice.signIn(page, "bea@example.com");
  await page.goto(`${backOffice.url}/admin/posts`);
  await page.getByRole("link", { name: "New post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New post" })).toBeVisible();
  const editor = await codeMirror(page);
  await page.getByLabel("Title", { exact: true }).fill("Going Back");
  await editor.click();
  await page.keyboard.type("Words worth keeping.");
  await expect(page.getByText("Unsaved changes.")).toBeVisible();

  await pressBack(page);
  await expect(page.getByText("This post has unsaved changes.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/new$/);
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.getByText("This post has unsaved changes.")).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/posts\/new$/);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Going Back");
  await expect(editor).toHaveText("Words worth keeping.");

  await pressBack(page);
  await expect(page.getByText("This post has unsaved changes.")).toBeVisible();
  await page.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
  // Forward again is a fresh editor, with nothing to ask about.
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1, name: "New post" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/posts$/);
});

test("tags: every tag typed gets suggestions from the existing tags, except those already chosen", async ({
  page,
  backOffice,
}) => {
  await backOffice.invite("tess@example.com", "editor", "Tess Tags");
  await backOffice.signIn(page, "tess@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await codeMirror(page);
  await openPostSettings(page);
  const tags = page.getByRole("combobox", { name: "Tags" });
  const suggestions = () =>
    page
      .locator(`datalist#${"post-tag-list"} option`)
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  await expect.poll(suggestions).toContain("linkedin");
  await tags.pressSequentially("linkedin, fo");
  await expect.poll(suggestions).toContain("linkedin, founder-led-content");
  const offered = await suggestions();
  expect(offered.every((value) => value.startsWith("linkedin, "))).toBe(true);
  expect(offered).not.toContain("linkedin, linkedin");
  // A third tag: both chosen ones stay, neither is offered again.
  await tags.fill("linkedin, founder-led-content, ");
  await expect.poll(suggestions).toContain("linkedin, founder-led-content, sales");
  expect(await suggestions()).not.toContain("linkedin, founder-led-content, linkedin");
  expect(await suggestions()).not.toContain("linkedin, founder-led-content, founder-led-content");
  await expectNoAxeViolations(page);
});

test("without JavaScript, tags are a plain text field that saves what was typed", async ({
  newContext,
  backOffice,
}) => {
  const page = await (await newContext({ javaScriptEnabled: false })).newPage();
  await backOffice.invite("nora@example.com", "editor", "Nora Script");
  await backOffice.signIn(page, "nora@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("Tagged Without Scripts");
  await openPostSettings(page);
  await page.getByLabel("Slug").fill("tagged-without-scripts");
  await page.getByRole("combobox", { name: "Tags" }).fill("linkedin, events");
  await page.getByRole("textbox", { name: "Text (Markdown)" }).fill("Plain words.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit: Tagged Without Scripts");
  await openPostSettings(page);
  await expect(page.getByRole("combobox", { name: "Tags" })).toHaveValue("linkedin, events");
});

// The buttons are at the bottom of a long form; the answer to a save is where the writer is.
for (const width of [390, 1280]) {
  test(`a save refused for a taken slug, at ${width} px: focus moves to the slug, in view, and the buttons say it was not saved`, async ({
    page,
    backOffice,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await backOffice.invite(`tak${width}@example.com`, "editor", `Tak ${width}`);
    await backOffice.signIn(page, `tak${width}@example.com`);
    await page.goto(`${backOffice.url}/admin/posts/new`);
    await page.getByLabel("Title", { exact: true }).fill(`Refused At ${width}`);
    const editor = await codeMirror(page);
    await editor.fill("Words at the bottom of a long form.");
    await openPostSettings(page);
    const slug = page.getByLabel("Slug");
    // The slug of a static article (content/blog/).
    await slug.fill("year-one-of-founder-led-marketing");
    // The live check has said so (which unfolds the settings if they are folded)…
    await expect(page.locator("#post-slug-error")).toBeVisible();
    // …and once folded again, the refusal unfolds them to show the slug.
    await page.getByText("Post settings", { exact: true }).click();
    await expect(slug).toBeHidden();
    const save = page.getByRole("button", { name: "Save draft" });
    await save.scrollIntoViewIfNeeded();
    await expect(slug).not.toBeInViewport();
    await save.click();
    await expect(slug).toBeFocused();
    await expect(slug).toBeInViewport();
    await expect(slug).toHaveAttribute("aria-invalid", "true");
    const problem = page.locator("#post-slug-error");
    await expect(problem).toContainText("already uses /blog/year-one-of-founder-led-marketing");
    await expect(problem).toBeInViewport();
    // Beside the buttons too, for a writer who looks there.
    const nearButtons = page.getByText("Not saved: see the marked fields.");
    await expect(nearButtons).toBeVisible();
    await nearButtons.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    await expect(page).toHaveURL(/\/admin\/posts\/new$/);
    await expectNoAxeViolations(page);
  });
}

test("a save refused for a missing text moves focus to the code editor, which says what is wrong", async ({
  page,
  backOffice,
}) => {
  await backOffice.invite("mark@example.com", "editor", "Mark Down");
  await backOffice.signIn(page, "mark@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("No Words Yet");
  const editor = await codeMirror(page);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(editor).toBeFocused();
  await expect(editor).toBeInViewport();
  await expect(editor).toHaveAttribute("aria-invalid", "true");
  await expect(editor).toHaveAccessibleDescription(/Write the post's text\./);
  await expect(page.getByText("Not saved: see the marked fields.")).toBeVisible();
  // Put right, the field loses its mark as it is typed in, and the note says what is left.
  await page.keyboard.type("Words at last.");
  await expect(editor).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Write the post's text.")).toHaveCount(0);
  await expect(page.getByText("Not saved yet: save again.")).toBeVisible();
});

test("the formatting toolbar and Ctrl+B, I and K format the selection; a second press undoes it", async ({
  page,
  backOffice,
}) => {
  await backOffice.invite("fran@example.com", "editor", "Fran Format");
  await backOffice.signIn(page, "fran@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  const editor = await codeMirror(page);
  await editor.fill("Founders who post win");
  const text = () => page.locator('textarea[name="markdown"]').inputValue();
  // Select "win" and make it bold, then italic, with the keys writers expect.
  await editor.press("End");
  for (let n = 0; n < 3; n++) await editor.press("Shift+ArrowLeft");
  await editor.press("Control+b");
  expect(await text()).toBe("Founders who post **win**");
  await editor.press("Control+b");
  expect(await text()).toBe("Founders who post win");
  await editor.press("Control+i");
  expect(await text()).toBe("Founders who post *win*");
  await editor.press("Control+k");
  expect(await text()).toBe("Founders who post *[win](https://)*");
  // The address is selected: typing replaces it.
  await page.keyboard.type("https://northstory.example");
  expect(await text()).toBe("Founders who post *[win](https://northstory.example)*");
  // The toolbar's buttons act on the editor's selection and leave the focus there.
  const toolbar = page.getByRole("group", { name: "Formatting" });
  await toolbar.getByRole("button", { name: "Heading" }).click();
  expect(await text()).toBe("## Founders who post *[win](https://northstory.example)*");
  await expect(editor).toBeFocused();
  await toolbar.getByRole("button", { name: "Quote" }).click();
  expect(await text()).toBe("> ## Founders who post *[win](https://northstory.example)*");
  // On an empty line, a heading's marker goes in and what is typed next follows it.
  await editor.press("End");
  await editor.press("Enter");
  await editor.press("Enter");
  await editor.press("Control+a");
  await page.keyboard.type("Intro\n\n");
  await toolbar.getByRole("button", { name: "Heading" }).click();
  await page.keyboard.type("Why it works");
  expect(await text()).toBe("Intro\n\n## Why it works");
  await expect(toolbar.getByRole("button", { name: "Bold" })).toHaveAttribute(
    "aria-keyshortcuts",
    "Control+B",
  );
});

test("rich text pasted from a document keeps its headings, bold, italics, links, lists and tables as Markdown; a code editor's Markdown pastes as it is", async ({
  page,
  context,
  backOffice,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await backOffice.invite("paz@example.com", "editor", "Paz Paste");
  await backOffice.signIn(page, "paz@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  const editor = await codeMirror(page);
  await editor.fill("Intro paragraph.");
  const text = () => page.locator('textarea[name="markdown"]').inputValue();
  /** Puts HTML (and its plain text) on the system clipboard, as a copy elsewhere would. */
  const copy = (html: string, plain: string) =>
    page.evaluate(
      ({ html, plain }) =>
        navigator.clipboard.write([
          new ClipboardItem({
            "text/html": new Blob([html], { type: "text/html" }),
            "text/plain": new Blob([plain], { type: "text/plain" }),
          }),
        ]),
      { html, plain },
    );
  // As Google Docs copies: a wrapper <b> that is not bold, bold and italic as styled spans,
  // and an image pasted into the document, which has no web address, and one from another
  // site; Word adds a <style>.
  const span = (words: string, style = "font-weight:400") =>
    `<span style="font-family:Arial;${style}">${words}</span>`;
  await copy(
    `<style>p { margin: 0 }</style><b style="font-weight:normal" id="docs-internal-guid-0d1e"><h2>${span("Start from the buyer's week")}</h2><p>${span("A post that earns a ")}${span("second look", "font-weight:700")}${span(" says ")}${span("one thing", "font-style:italic")}${span(". See ")}<a href="https://northstory.example/pricing">${span("our pricing")}</a>${span(".")}</p><ul><li><p>${span("Who is it for?")}</p></li><li><p>${span("What changed?")}</p></li></ul><table><tbody><tr><td><p>${span("Plan")}</p></td><td><p>${span("Per month")}</p></td></tr><tr><td><p>${span("Founder brand")}</p></td><td><p>${span("£4,000")}</p></td></tr></tbody></table><p><img src="data:image/png;base64,iVBORw0KGgo=" alt="chart"><img src="https://cdn.example/stock.jpg" alt="stock"></p></b>`,
    "Start from the buyer's week\nA post that earns a second look says one thing. See our pricing.",
  );
  // Reading the pasted styles must not trip the back office's policy (no inline styles):
  // no error from the paste (writing to the clipboard in this page logs some: that is the
  // test's copy, made where the document it copies would not be).
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  // On the empty line right under a paragraph: the blocks still get a blank line before
  // them (a table or an image there would join that paragraph).
  await editor.press("End");
  await editor.press("Enter");
  await editor.press("Control+v");
  expect(await text()).toBe(
    [
      "Intro paragraph.",
      "",
      "## Start from the buyer's week",
      "",
      "A post that earns a **second look** says *one thing*. See [our pricing](https://northstory.example/pricing).",
      "",
      "- Who is it for?",
      "- What changed?",
      "",
      "| Plan | Per month |",
      "| --- | --- |",
      "| Founder brand | £4,000 |",
    ].join("\n"),
  );
  await expect(
    page.getByRole("status").filter({ hasText: "2 images of the pasted text were left out" }),
  ).toBeVisible();
  const preview = page.getByRole("article", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Start from the buyer's week" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("second look");
  await expect(preview.getByRole("link", { name: "our pricing" })).toHaveAttribute(
    "href",
    "https://northstory.example/pricing",
  );
  await expect(preview.locator("li")).toHaveText(["Who is it for?", "What changed?"]);
  await expect(preview.locator("table th")).toHaveText(["Plan", "Per month"]);
  await expect(preview.locator("table td")).toHaveText(["Founder brand", "£4,000"]);
  expect(errors).toEqual([]);
  // One step to undo, as a paste is.
  await editor.press("Control+z");
  expect(await text()).toBe("Intro paragraph.\n");

  // A Markdown draft copied from a code editor (coloured, some lines bold, in a code font)
  // is pasted as written, not escaped into literal characters.
  await copy(
    `<div style="font-family:Menlo, monospace;white-space:pre"><div><span style="color:#569cd6;font-weight:bold">## Draft heading</span></div><div><span>Some **bold** words</span></div></div>`,
    "## Draft heading\nSome **bold** words",
  );
  await editor.press("Control+a");
  await editor.press("Control+v");
  expect(await text()).toBe("## Draft heading\nSome **bold** words");
  // Ctrl+Shift+V pastes a document's plain text, as the shortcuts list says.
  await copy("<h2>Plain <b>please</b></h2>", "Plain please");
  await editor.press("Control+a");
  await editor.press("Control+Shift+v");
  expect(await text()).toBe("Plain please");
  // A lone address, even copied as a link, stays an address; over selected words it links
  // them.
  const address = "https://northstory.example/pricing";
  await copy(`<a href="${address}">${address}</a>`, address);
  await editor.fill("");
  await editor.press("Control+v");
  expect(await text()).toBe(address);
  await editor.fill("See our pricing");
  await editor.press("End");
  for (let n = 0; n < "our pricing".length; n++) await editor.press("Shift+ArrowLeft");
  await editor.press("Control+v");
  expect(await text()).toBe(`See [our pricing](${address})`);
  // Markup that clobbers properties in this browser (a form's fields named after the tree's
  // own links, an image named "body") neither hangs the page nor loses the rest.
  await copy(
    `<img name="body"><form><input name="parentNode"><input name="nextSibling"><input name="firstChild"><b>Buy</b></form><p><b>Kept</b>, with <i>the rest</i>.</p>`,
    "Buy Kept, with the rest.",
  );
  await editor.press("Control+a");
  await editor.press("Control+v");
  expect(await text()).toBe("**Kept**, with *the rest*.");
});

/** A new post's text typed by an editor of its own on a phone `width` px wide. */
async function writeOnPhone(page: Page, backOffice: BackOffice, width: number, lines: string[]) {
  await page.setViewportSize({ width, height: 844 });
  const email = `phone-${width}@example.com`;
  await backOffice.invite(email, "editor", `Phone ${width}`);
  await backOffice.signIn(page, email);
  await page.goto(`${backOffice.url}/admin/posts/new`);
  const editor = await codeMirror(page);
  await editor.fill(lines.join("\n"));
  return editor;
}

const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("on a phone, a table wider than the screen scrolls in its own box, by touch or keys, and the page does not", async ({
  page,
  backOffice,
}) => {
  const editor = await writeOnPhone(page, backOffice, 390, [
    "Which package fits:",
    "",
    "| Package | Posts per month | Articles | Interviews | Reporting |",
    "| --- | --- | --- | --- | --- |",
    "| Founder brand | 12 LinkedIn posts | 2 long-form articles | Fortnightly | Monthly pipeline report |",
  ]);
  // The header row is drawn bold in the text, as the page shows it; the pipes are quieter.
  const headerRow = editor.locator(".cm-line").nth(2);
  await expect(headerRow.locator("span", { hasText: "Reporting" }).last()).toHaveCSS(
    "font-weight",
    "700",
  );
  await expect(editor.locator(".cm-line").nth(4).locator("span").first()).toHaveCSS(
    "color",
    "rgb(85, 101, 122)",
  );
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByRole("article", { name: "Preview" });
  const table = preview.getByRole("table");
  await expect(table.getByRole("columnheader", { name: "Reporting" })).toBeAttached();
  const box = preview.locator(".table-scroll");
  await expect(box).toBeVisible();
  expect(await pageOverflow(page)).toBe(0);
  expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  // Tab reaches the table (nothing else in the preview takes the focus), and the arrow
  // keys scroll its box.
  await table.focus();
  await expect(table).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  expect(await pageOverflow(page)).toBe(0);
});

test("on the narrowest phone, a three-column table with a long address wraps it and keeps to the column", async ({
  page,
  backOffice,
}) => {
  await writeOnPhone(page, backOffice, 320, [
    "Where to find them:",
    "",
    "| Who | Profile | Posts |",
    "| --- | --- | --- |",
    "| Founder | https://www.linkedin.com/in/founder-of-a-b2b-software-company-2026 | 12 |",
  ]);
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByRole("article", { name: "Preview" });
  const table = preview.getByRole("table");
  await expect(table.getByRole("cell", { name: /linkedin/ })).toBeVisible();
  // Not put in a scrolling box (three columns fit a phone once long words may break).
  await expect(preview.locator(".table-scroll")).toHaveCount(0);
  const [tableWidth, articleWidth] = await Promise.all([
    table.evaluate((element) => element.getBoundingClientRect().width),
    preview.evaluate((element) => element.getBoundingClientRect().width),
  ]);
  expect(tableWidth).toBeLessThanOrEqual(articleWidth);
  expect(await pageOverflow(page)).toBe(0);
});

test("Enter goes on with a list or a quote, and Enter on an empty item ends it, so the next paragraph is its own", async ({
  page,
  backOffice,
}) => {
  await backOffice.invite("lars@example.com", "editor", "Lars Lists");
  await backOffice.signIn(page, "lars@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  const editor = await codeMirror(page);
  await editor.click();
  await page.keyboard.type("- first\nsecond\n\nAfter the list.\n\n> A quote.\n\nAfter the quote.");
  expect(await page.locator('textarea[name="markdown"]').inputValue()).toBe(
    "- first\n- second\n\nAfter the list.\n\n> A quote.\n\nAfter the quote.",
  );
  const preview = page.getByRole("article", { name: "Preview" });
  await expect(preview.locator("li")).toHaveText(["first", "second"]);
  await expect(preview.locator(":scope > div > p")).toHaveText([
    "After the list.",
    "After the quote.",
  ]);
  await expect(preview.locator("blockquote")).toHaveText("A quote.");
});

test("the editor counts the words and the reading time as the writer types", async ({
  page,
  backOffice,
}) => {
  await backOffice.invite("wendy@example.com", "editor", "Wendy Words");
  await backOffice.signIn(page, "wendy@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await expect(page.getByText("0 words", { exact: true })).toBeVisible();
  const editor = await codeMirror(page);
  await editor.fill("## Why\n\nFounders who **post** every week win.");
  await expect(page.getByText("7 words · 1 min read")).toBeVisible();
  await editor.fill(`${"word ".repeat(700)}end`);
  await expect(page.getByText("701 words · 3 min read")).toBeVisible();
});

test("without JavaScript, a refused save's page opens on its notice, which links to the field at fault; the buttons say it was not saved", async ({
  newContext,
  backOffice,
}) => {
  const page = await (await newContext({ javaScriptEnabled: false })).newPage();
  await page.setViewportSize({ width: 390, height: 800 });
  await backOffice.invite("nico@example.com", "editor", "Nico Script");
  await backOffice.signIn(page, "nico@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("Refused Without Scripts");
  await openPostSettings(page);
  await page.getByLabel("Slug").fill("year-one-of-founder-led-marketing");
  await page.getByRole("textbox", { name: "Text (Markdown)" }).fill("Plain words.");
  await page.getByRole("button", { name: "Save draft" }).click();
  const notice = page.getByRole("alert").filter({ hasText: "The post was not saved." });
  await expect(notice).toBeInViewport();
  const slug = page.getByLabel("Slug");
  await expect(slug).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#post-slug-error")).toContainText(
    "already uses /blog/year-one-of-founder-led-marketing",
  );
  await expect(page.getByText("Not saved: see the marked fields.")).toBeVisible();
  await notice.getByRole("link", { name: "Slug" }).click();
  await expect(slug).toBeInViewport();
  await expect(slug).toBeFocused();
  // Nothing typed is lost: the refused page holds it, and says it is not saved.
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Refused Without Scripts");
  await expect(slug).toHaveValue("year-one-of-founder-led-marketing");
  await expect(page.getByRole("textbox", { name: "Text (Markdown)" })).toHaveValue("Plain words.");
  await expect(page.getByText("Unsaved changes.")).toBeVisible();
  // Choosing a free slug and saving again creates the post with what was typed.
  await slug.fill("refused-without-scripts");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Post created.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Text (Markdown)" })).toHaveValue("Plain words.");
});

test("a save over a newer one moves focus to the conflict notice, in view, and the buttons say it was not saved", async ({
  page,
  backOffice,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await backOffice.invite("connie@example.com", "editor", "Connie Flict");
  await backOffice.signIn(page, "connie@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("Edited Twice");
  const editor = await codeMirror(page);
  await editor.fill("The first words.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Post created." })).toBeVisible();
  const url = page.url().replace(/\?.*$/, "");

  // The same post in a second tab, saved there first.
  const other = await page.context().newPage();
  await other.setViewportSize({ width: 390, height: 800 });
  await other.goto(url);
  await waitForHydration(other);
  const otherEditor = await codeMirror(other);
  await otherEditor.click();
  await other.keyboard.press("End");
  await other.keyboard.type(" Theirs.");
  await other.getByRole("button", { name: "Save draft" }).click();
  await expect(other.getByRole("status").filter({ hasText: "Saved at" })).toBeVisible();
  await other.close();

  await editor.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Mine.");
  const save = page.getByRole("button", { name: "Save draft" });
  await save.click();
  const notice = page.getByRole("alert").filter({ hasText: "saved this post at" });
  await expect(notice).toBeFocused();
  await expect(notice).toBeInViewport();
  await expect(notice).toHaveAttribute("tabindex", "-1");
  const nearButtons = page.getByText("Not saved: see the message at the top of the page.");
  await expect(nearButtons).toBeVisible();
  // Nothing typed is lost, and the two texts are side by side to compare.
  await expect(editor).toHaveText("The first words. Mine.");
  await expect(page.getByLabel(/^Saved by .+ \(version 2\): text$/)).toHaveValue(
    "The first words. Theirs.",
  );
  await expect(page.getByLabel("Yours, not saved: text")).toHaveValue("The first words. Mine.");
});

test("a slug is cleaned as it is typed, and its edge hyphens go when the field is left", async ({
  page,
  backOffice,
}) => {
  await backOffice.invite("sly@example.com", "editor", "Sly Slug");
  await backOffice.signIn(page, "sly@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await codeMirror(page);
  await openPostSettings(page);
  const slug = page.getByLabel("Slug");
  await slug.pressSequentially("My Post!");
  await expect(slug).toHaveValue("my-post");
  await slug.fill("");
  // A hyphen typed last stays while typing: "my-" goes on to "my-post".
  await slug.pressSequentially("Café__au  lait--");
  await expect(slug).toHaveValue("cafe-au-lait-");
  await slug.pressSequentially("Time");
  await expect(slug).toHaveValue("cafe-au-lait-time");
  // Typed in the middle: the caret stays where it was, though each capital is replaced.
  await slug.press("Home");
  for (let i = 0; i < 5; i++) await slug.press("ArrowRight");
  await slug.pressSequentially("NOIR ");
  await expect(slug).toHaveValue("cafe-noir-au-lait-time");
  await slug.press("End");
  await slug.pressSequentially(" ");
  await expect(slug).toHaveValue("cafe-noir-au-lait-time-");
  await slug.press("Tab");
  await expect(slug).toHaveValue("cafe-noir-au-lait-time");
  await expect(page.getByText("The address: /blog/cafe-noir-au-lait-time.")).toBeVisible();
});

test("a slug's error is the current one: the last save's problem goes once the slug changes, and the live check's answer shows", async ({
  page,
  backOffice,
}) => {
  await backOffice.invite("stan@example.com", "editor", "Stan Stale");
  await backOffice.signIn(page, "stan@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("Stale Errors");
  const editor = await codeMirror(page);
  await editor.fill("Words.");
  await openPostSettings(page);
  const slug = page.getByLabel("Slug");
  const problem = page.locator("#post-slug-error");
  const save = page.getByRole("button", { name: "Save draft" });

  // The save's problem with the slug goes once the slug changes, and what the live check
  // says about the new one shows instead. (With a title, an empty slug is made from it.)
  await page.getByLabel("Title", { exact: true }).fill("");
  await slug.fill("");
  await save.click();
  await expect(problem).toHaveText("Give the post an address (slug).");
  await slug.fill("year-one-of-founder-led-marketing");
  await expect(problem).toContainText("already uses /blog/year-one-of-founder-led-marketing");
  await expect(page.getByText("Give the post an address (slug).")).toHaveCount(0);

  // A slug the save found taken, changed to a free one: no error, without saving again.
  await save.click();
  await expect(page.getByText("Not saved: see the marked fields.")).toBeVisible();
  await expect(problem).toContainText("already uses /blog/year-one-of-founder-led-marketing");
  await slug.fill("stale-errors-are-gone");
  await expect(problem).toBeHidden();
  await expect(slug).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText("Unsaved changes.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/new$/);
});

for (const width of [390, 1280]) {
  test(`the posts list and the editor have no axe violations at ${width} px`, async ({
    page,
    backOffice,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    // Its own editor: sign-in links are limited per address, and other journeys use the admin.
    await backOffice.invite(`axe${width}@example.com`, "editor", `Axe ${width}`);
    await backOffice.signIn(page, `axe${width}@example.com`);
    await page.goto(`${backOffice.url}/admin/posts`);
    await expectNoAxeViolations(page);
    await page.goto(`${backOffice.url}/admin/posts/new`);
    await codeMirror(page);
    await expectNoAxeViolations(page);
    await openPostSettings(page);
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test("back-office pages load their own stylesheet after hydration; public pages never do", async ({
  page,
  backOffice,
}) => {
  const stylesheets: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "stylesheet") {
      stylesheets.push(new URL(response.url()).pathname);
    }
  });
  for (const url of ["/", "/blog", "/contact"]) {
    await page.goto(`${backOffice.url}${url}`);
    await page.waitForLoadState("networkidle");
  }
  // The site's stylesheet, after hydration, and nothing of the back office's.
  expect(stylesheets.length).toBeGreaterThan(0);
  expect(stylesheets.filter((sheet) => sheet.includes("/admin"))).toEqual([]);

  await backOffice.invite("stella@example.com", "editor", "Stella Sheet");
  await backOffice.signIn(page, "stella@example.com");
  // The current section in the header is highlighted by a rule only the back office's
  // stylesheet has: the first document had no current section, so it is not inline.
  const posts = page.getByRole("navigation", { name: "Back office" }).getByRole("link", {
    name: "Posts",
  });
  await posts.click();
  await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
  await expect(posts).toHaveAttribute("aria-current", "page");
  await page.mouse.move(0, 800); // not hovering it: hovering has a background of its own
  await expect(posts).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  expect(stylesheets.filter((sheet) => /^\/assets\/admin-[\w-]+\.css$/.test(sheet))).toHaveLength(
    1,
  );
});

test("public pages load none of the editor's code", async ({ page, backOffice }) => {
  // The chunks each page asked for, read once every page has hydrated: a body read while
  // the next page loads is gone (Chromium drops it on navigation).
  const urls = new Set<string>();
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.add(request.url());
  });
  for (const url of ["/", "/blog", "/blog/year-one-of-founder-led-marketing", "/contact"]) {
    await page.goto(`${backOffice.url}${url}`);
    await waitForHydration(page);
  }
  const scripts = await Promise.all(
    [...urls].map(async (url) => (await page.request.get(url)).text()),
  );
  expect(scripts.length).toBeGreaterThan(0);
  for (const code of scripts) {
    expect(code).not.toContain("cm-content");
    expect(code).not.toContain("EditorView");
    expect(code).not.toContain("unsaved changes");
    expect(code).not.toContain("/admin/posts/preview");
  }
});

test("View draft opens the saved draft in a new tab, as the post page will show it", async ({
  page,
  backOffice,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await backOffice.invite("vera@example.com", "editor", "Vera View");
  await backOffice.signIn(page, "vera@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("Seen Before Launch");
  const editor = await codeMirror(page);
  await editor.fill("## What changes\n\nThe words readers will get.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Post created." })).toBeVisible();
  const [draft] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("link", { name: "View draft" }).click(),
  ]);
  await expect(draft.getByRole("heading", { level: 1 })).toHaveText("Seen Before Launch");
  await expect(draft.getByRole("heading", { name: "What changes" })).toBeVisible();
  await expect(draft.getByRole("complementary", { name: "Draft view" })).toContainText(
    "Not published. This is how readers will see it at /blog/seen-before-launch",
  );
  await expectNoAxeViolations(draft);
  await draft.getByRole("link", { name: "Back to the editor" }).click();
  await expect(draft.getByRole("heading", { level: 1 })).toHaveText("Edit: Seen Before Launch");
});

test("images in the text: chosen from the toolbar or dropped, described, placed as Markdown, shown sized in the preview and on the page", {
  tag: "@publishes",
}, async ({ page, backOffice }) => {
  const sharp = (await import("sharp")).default;
  const png = await sharp({
    create: { width: 1000, height: 500, channels: 3, background: "#117755" },
  })
    .png()
    .toBuffer();
  await backOffice.invite("ines@example.com", "editor", "Ines Inline");
  await backOffice.signIn(page, "ines@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("Pictures Inside");
  const editor = await codeMirror(page);
  await editor.fill("First paragraph.");
  await editor.press("Control+End");

  await page.getByLabel("Image for the text").setInputFiles({
    name: "chart.png",
    mimeType: "image/png",
    buffer: png,
  });
  const describe = page.getByRole("textbox", { name: "Describe the image (alt text)" });
  await expect(describe).toBeFocused();
  // A description is required; Enter places the image and never submits the post.
  await describe.press("Enter");
  await expect(page.getByText("Describe the image first")).toBeVisible();
  await describe.fill("A green chart");
  await describe.press("Enter");
  await expect(describe).toBeHidden();
  await expect(editor).toContainText(
    /First paragraph\.!\[A green chart\]\(\/media\/images\/[a-f0-9]{32}\/1000\.webp\)/,
  );
  await expect(page.getByText("Unsaved changes.")).toBeVisible();

  // Dropped on the text: the same, where it was dropped.
  const dropped = await page.evaluateHandle(
    (bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], "drop.png", { type: "image/png" }));
      return transfer;
    },
    [...png],
  );
  await editor.dispatchEvent("drop", { dataTransfer: dropped });
  await describe.fill("The same chart, dropped");
  // With a caption this time, quotes and all: it goes in as the image's title.
  await page.getByLabel("Caption (optional)").fill('Source: "Q3" pipeline');
  await page.getByRole("button", { name: "Insert the image" }).click();
  await expect(editor).toContainText("![The same chart, dropped](/media/images/");
  await expect(editor).toContainText('1000.webp "Source: \\"Q3\\" pipeline")');

  const preview = page.getByRole("region", { name: "Preview", exact: true });
  const shown = preview.getByRole("img", { name: "A green chart" });
  await expect(shown).toHaveAttribute("width", "1000");
  await expect(shown).toHaveAttribute("height", "500");
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published" })).toBeVisible();
  await page.goto(`${backOffice.url}/blog/pictures-inside`);
  const onPage = page.getByRole("img", { name: "The same chart, dropped" });
  await onPage.scrollIntoViewIfNeeded();
  await expect(onPage).toHaveAttribute("srcset", /480\.webp 480w, .*1000\.webp 1000w$/);
  expect(await onPage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The caption under it, as a figure's, read with the image; the first has none.
  const figure = page.getByRole("figure", { name: 'Source: "Q3" pipeline' });
  await expect(figure.getByRole("img", { name: "The same chart, dropped" })).toBeVisible();
  await expect(figure.locator("figcaption")).toHaveText('Source: "Q3" pipeline');
  await expect(page.getByRole("figure")).toHaveCount(1);
});

test("signed out in another tab, a save keeps the writer on the page with their text, and saves once they sign in again", async ({
  page,
  backOffice,
}) => {
  await backOffice.invite("sol@example.com", "editor", "Sol Session");
  await backOffice.signIn(page, "sol@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("Written Across A Sign Out");
  const editor = await codeMirror(page);
  await editor.fill("First paragraph.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Post created." })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
  const address = page.url();

  // Another tab of the same browser signs out: this page's session has ended.
  const other = await page.context().newPage();
  await other.goto(`${backOffice.url}/admin`);
  await other.getByRole("button", { name: "Sign out" }).click();
  await expect(other).toHaveURL(/\/admin\/sign-in/);

  await page.getByLabel("Title", { exact: true }).fill("Written Across A Sign Out, Revised");
  await page.getByRole("button", { name: "Save draft" }).click();
  const notice = page.getByRole("alert").or(page.getByRole("status")).filter({
    hasText: "you have been signed out",
  });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("link", { name: /Sign in again/ })).toHaveAttribute(
    "target",
    "_blank",
  );
  // Still the editor, with what was typed.
  expect(page.url()).toBe(address);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(
    "Written Across A Sign Out, Revised",
  );

  // Signed in again in the other tab, the same page saves.
  await backOffice.signIn(other, "sol@example.com");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Saved at/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Edit: Written Across A Sign Out, Revised",
  );
});

test("signing out with unsaved changes asks first, like any other way off the page", async ({
  page,
  backOffice,
}) => {
  await backOffice.invite("ulla@example.com", "editor", "Ulla Unsaved");
  await backOffice.signIn(page, "ulla@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("Not Yet Saved");
  await expect(page.getByText("Unsaved changes.")).toBeVisible();
  const signOut = page.getByRole("button", { name: /^Sign out/ });
  await signOut.click();
  const question = page.getByRole("alert").filter({ hasText: "unsaved changes" });
  await expect(question).toBeFocused();
  await question.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/new$/);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Not Yet Saved");
  await signOut.click();
  await question.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
});

test("an editor shares a draft for sign-off: the founder opens the link signed out, on a phone, and reads it as it will be; a new link closes the old one", async ({
  page,
  browser,
  backOffice,
}) => {
  await backOffice.invite("sia@example.com", "editor", "Sia Share");
  await backOffice.signIn(page, "sia@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("For The Founder To Sign Off");
  await (await codeMirror(page)).fill("Ghostwritten **for you**, before it goes live.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Post created." })).toBeVisible();
  // From the editor, in a new tab.
  const [share] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("link", { name: /^Share preview/ }).click(),
  ]);
  await expect(share.getByRole("heading", { level: 1, name: "Share a preview" })).toBeVisible();
  await share.getByRole("button", { name: "Make a preview link" }).click();
  await expect(share.getByText("Preview link made")).toBeVisible();
  const link = await share.getByLabel("Send this link").inputValue();
  expect(link).toMatch(/\/preview\/[A-Za-z0-9_-]{32}$/);
  await waitForHydration(share);
  await share.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await share.getByRole("button", { name: "Copy link" }).click();
  await expect(share.getByRole("status").filter({ hasText: "Copied." })).toBeVisible();
  expect(await share.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectNoAxeViolations(share);

  // The founder: no account, a phone.
  const founder = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const reader = await founder.newPage();
  await reader.goto(link);
  await expect(
    reader.getByRole("heading", { level: 1, name: "For The Founder To Sign Off" }),
  ).toBeVisible();
  await expect(reader.getByText("A preview: this post is not published yet.")).toBeVisible();
  await expect(reader.locator("#post-body strong")).toHaveText("for you");
  await expectNoAxeViolations(reader);
  expect(await reader.evaluate(() => document.cookie)).toBe("");

  // The founder asks for changes under the post: first without saying which.
  await waitForHydration(reader);
  const signOff = reader.getByRole("region", { name: "Sign this post off" });
  await signOff.getByLabel("Your name").fill("Dana Whitfield");
  await signOff.getByRole("button", { name: "Ask for changes" }).click();
  await expect(signOff.getByRole("alert")).toBeFocused();
  await expect(signOff.getByLabel("Comments")).toHaveAccessibleDescription(
    /Say what should change, so the writer can act on it\./,
  );
  // A passage selected in the post is quoted in the comments, the caret after it.
  await reader
    .locator("#post-body p")
    .first()
    .evaluate((paragraph) => {
      const range = document.createRange();
      range.selectNodeContents(paragraph);
      document.getSelection()?.removeAllRanges();
      document.getSelection()?.addRange(range);
    });
  await expect(reader.getByRole("button", { name: "Comment on this" })).toBeVisible();
  await expectNoAxeViolations(reader);
  await reader.getByRole("button", { name: "Comment on this" }).click();
  const comments = signOff.getByLabel("Comments");
  await expect(comments).toHaveValue("“Ghostwritten for you, before it goes live.”\n");
  await expect(comments).toBeFocused();
  await expect(reader.getByRole("button", { name: "Comment on this" })).toHaveCount(0);
  await comments.pressSequentially("Too stiff.");
  await expect(comments).toHaveValue("“Ghostwritten for you, before it goes live.”\nToo stiff.");
  await signOff.getByLabel("Comments").fill("Open with the story of the first client.");
  await signOff.getByRole("button", { name: "Ask for changes" }).click();
  const thanks = signOff.getByRole("status");
  await expect(thanks).toHaveText(/^Thank you, Dana Whitfield: your comments have reached/);
  await expect(thanks).toBeFocused();
  // The form is empty again; what was said is listed under it.
  await expect(signOff.getByLabel("Your name")).toHaveValue("");
  await expect(signOff.getByRole("listitem")).toContainText([
    /Changes asked for by Dana Whitfield.*Open with the story of the first client\./,
  ]);
  await expectNoAxeViolations(reader);
  // The editor sees it where they write, and every note on the share page.
  await page.reload();
  await expect(
    page.getByText("Dana Whitfield asked for changes through the preview link", { exact: false }),
  ).toBeVisible();
  await share.reload();
  await expect(share.getByRole("region", { name: "Sign-off" }).getByRole("listitem")).toContainText(
    ["Open with the story of the first client."],
  );
  // And on the back office's overview, among the posts out for sign-off.
  await share.goto(`${backOffice.url}/admin`);
  await expect(
    share.getByRole("region", { name: "Out for sign-off" }).getByRole("listitem"),
  ).toContainText([/For The Founder To Sign Off.*Changes asked by Dana Whitfield/]);
  await expectNoAxeViolations(share);
  await share.goBack();

  // A new link: the old one opens nothing, and says so.
  await share.getByRole("button", { name: "Make a new link" }).click();
  await expect(share.getByText("New preview link made")).toBeVisible();
  await reader.reload();
  await expect(
    reader.getByRole("heading", { level: 1, name: "This preview link does not work" }),
  ).toBeVisible();
  await founder.close();
});

test("the passages a founder's note quotes are found in the text: the writer goes straight to each, on a phone", async ({
  page,
  browser,
  backOffice,
}) => {
  await backOffice.invite("qia@example.com", "editor", "Qia Quoted");
  await backOffice.signIn(page, "qia@example.com");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("Quoted Back To The Writer");
  const filler = Array.from(
    { length: 30 },
    (_, n) => `Paragraph ${n + 1} keeps the last line far below the first screen.`,
  ).join("\n\n");
  await (await codeMirror(page)).fill(
    `## Our story\n\nWe **doubled** the [pipeline](https://example.com/pipeline) in ninety days.\n\n${filler}\n\nThe last line matters most.`,
  );
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Post created." })).toBeVisible();
  const editorUrl = page.url();
  await page.goto(`${editorUrl}/share`);
  await page.getByRole("button", { name: "Make a preview link" }).click();
  await expect(page.getByText("Preview link made")).toBeVisible();
  const link = await page.getByLabel("Send this link").inputValue();

  // The founder quotes two passages as the page shows them, and one the post does not have.
  const founder = await browser.newContext();
  const reader = await founder.newPage();
  await reader.goto(link);
  await waitForHydration(reader);
  const signOff = reader.getByRole("region", { name: "Sign this post off" });
  await signOff.getByLabel("Your name").fill("Dana Whitfield");
  await signOff
    .getByLabel("Comments")
    .fill(
      "“doubled the pipeline in ninety days” needs a source.\n“The last line matters most.” Cut it.\n“A sentence that was never there” reads oddly.",
    );
  await signOff.getByRole("button", { name: "Ask for changes" }).click();
  await expect(signOff.getByRole("status")).toHaveText(/^Thank you, Dana Whitfield/);
  await founder.close();

  // The writer, on a phone, reading the preview pane.
  await page.goto(editorUrl);
  await waitForHydration(page);
  const editor = await codeMirror(page);
  const passages = page.getByRole("list", { name: "Passages the note quotes" });
  await expect(passages.getByRole("listitem")).toHaveText([
    "Show “doubled the pipeline in ninety days” in the text",
    "Show “The last line matters most.” in the text",
    "“A sentence that was never there” is no longer in the text",
  ]);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(editor).toBeHidden();
  const selected = () => page.evaluate(() => document.getSelection()?.toString() ?? "");
  // Whether the selection is on the screen (below the sticky Write/Preview bar's top).
  const selectionInView = () =>
    page.evaluate(() => {
      const selection = document.getSelection();
      if (!selection || selection.rangeCount === 0) return false;
      const box = selection.getRangeAt(0).getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
    });

  await passages
    .getByRole("button", { name: "Show “The last line matters most.” in the text" })
    .click();
  await expect(editor).toBeFocused();
  await expect.poll(selected).toBe("The last line matters most.");
  await expect.poll(selectionInView).toBe(true);
  await passages
    .getByRole("button", { name: "Show “doubled the pipeline in ninety days” in the text" })
    .click();
  await expect
    .poll(selected)
    .toBe("doubled** the [pipeline](https://example.com/pipeline) in ninety days");
  await expect.poll(selectionInView).toBe(true);

  // The share page lists every note, each quote linked to the editor, where it is selected.
  await page.goto(`${editorUrl}/share`);
  const quoted = page
    .getByRole("region", { name: "Sign-off" })
    .getByRole("list", { name: "Passages the note quotes" });
  await expect(quoted.getByRole("listitem")).toHaveText([
    "Show “doubled the pipeline in ninety days” in the editor",
    "Show “The last line matters most.” in the editor",
    "“A sentence that was never there” is no longer in the text",
  ]);
  await expectNoAxeViolations(page);
  await quoted
    .getByRole("link", { name: "Show “The last line matters most.” in the editor" })
    .click();
  await expect(editor).toBeFocused();
  await expect.poll(selected).toBe("The last line matters most.");
  await expect.poll(selectionInView).toBe(true);
  await passages
    .getByRole("button", { name: "Show “doubled the pipeline in ninety days” in the text" })
    .click();

  // Once the writer has changed the passage, the note's quote is no longer in the text.
  await page.keyboard.type("tripled the pipeline in sixty days");
  await expect(passages.getByRole("listitem").first()).toHaveText(
    "“doubled the pipeline in ninety days” is no longer in the text",
  );
});

test("a link's address is suggested from the site's pages and posts, by its words or by what is typed, and taken with the keyboard", async ({
  page,
  backOffice,
}) => {
  await backOffice.invite("lia@example.com", "editor", "Lia Linker");
  await backOffice.signIn(page, "lia@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await waitForHydration(page);
  const editor = await codeMirror(page);
  await editor.click();
  const suggestions = page.getByRole("listbox");
  // The link's words choose: the booking page first.
  await page.keyboard.type("When you are ready, [book a call](");
  await expect(suggestions.getByRole("option").first()).toHaveText(/^Book a Call\s*\/book-a-call$/);
  await expectNoAxeViolations(page);
  await page.keyboard.press("Enter");
  await expect(editor).toHaveText("When you are ready, [book a call](/book-a-call");
  await page.keyboard.type(").");
  await expect(suggestions).toHaveCount(0);

  // What is typed in the address chooses: the posts whose title or address has its words.
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("See [this](/blog/linkedin");
  await expect(suggestions.getByRole("option").first()).toHaveText(
    /^LinkedIn Analytics That Matter \(and the Ones to Ignore\)\s*\/blog\/linkedin-analytics-that-matter$/,
  );
  expect(await suggestions.getByRole("option").count()).toBeGreaterThanOrEqual(4);
  await page.keyboard.type("-news");
  await expect(suggestions.getByRole("option")).toHaveCount(1);
  await page.keyboard.press("Enter");
  await expect(page.locator("[data-markdown-editor] .cm-line").last()).toHaveText(
    "See [this](/blog/linkedin-newsletter-strategy",
  );
  // An address off the site gets nothing; Escape closes the list.
  await page.keyboard.type(") and [docs](https://");
  await expect(suggestions).toHaveCount(0);
  // In Focus on writing, Escape closes the list first, and leaves the mode only after.
  await page.getByRole("button", { name: "Focus on writing" }).click();
  await editor.press("End");
  await page.keyboard.type(" [pricing](");
  await expect(suggestions.getByRole("option").first()).toHaveText(/^Pricing\s*\/pricing$/);
  await page.keyboard.press("Escape");
  await expect(suggestions).toHaveCount(0);
  await expect(editor).toBeFocused();
  await expect(page.getByRole("button", { name: "Focus on writing" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Focus on writing" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );

  // The preview names a link to a page the site does not have, and only that one.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("link", { name: "book a call" })).toBeVisible();
  await expect(preview).not.toContainText("leads to no page");
  await editor.press("End");
  await page.keyboard.type("/pricng) and [more](/blog/no-such-post).");
  await page.keyboard.press("Escape");
  await expect(preview.getByText("Links lead to no page of the site")).toHaveText(
    /^Links lead to no page of the site: \/pricng, \/blog\/no-such-post\. Readers would find/,
  );
  await expectNoAxeViolations(page);
});

test("on a slow phone, what a founder types under the preview before its scripts start is kept, and sent once", async ({
  page,
  browser,
  backOffice,
}) => {
  await backOffice.invite("tia@example.com", "editor", "Tia Typist");
  await backOffice.signIn(page, "tia@example.com");
  await page.goto(`${backOffice.url}/admin/posts/new`);
  await page.getByLabel("Title", { exact: true }).fill("Read Before Its Scripts Run");
  await (await codeMirror(page)).fill("Read me slowly.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Post created." })).toBeVisible();
  const id = /\/admin\/posts\/(\d+)/.exec(page.url())?.[1];
  expect(id).toBeDefined();
  await page.goto(`${backOffice.url}/admin/posts/${id}/share`);
  await page.getByRole("button", { name: "Make a preview link" }).click();
  await expect(page.getByText("Preview link made")).toBeVisible();
  const link = await page.getByLabel("Send this link").inputValue();

  // A phone four times slower than this machine, the page painted, its scripts on their way.
  const founder = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const reader = await founder.newPage();
  const cdp = await founder.newCDPSession(reader);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const release = await holdScripts(reader);
  await reader.goto(link, { waitUntil: "domcontentloaded" });
  await reader.getByLabel("Your name").fill("Dana Whitfield");
  await reader.getByLabel("Comments").fill("Typed while the page was still loading.");
  const sent: string[] = [];
  reader.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/preview/")) {
      sent.push(request.postData() ?? "");
    }
  });
  release();
  await waitForHydration(reader);
  await expect(reader.getByLabel("Your name")).toHaveValue("Dana Whitfield");
  await expect(reader.getByLabel("Comments")).toHaveValue(
    "Typed while the page was still loading.",
  );
  await reader.getByRole("button", { name: "Ask for changes" }).click();
  await expect(
    reader.getByRole("status").filter({ hasText: "Thank you, Dana Whitfield" }),
  ).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]).toContain("Typed+while+the+page+was+still+loading.");
  await founder.close();
});
