import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { findPublishedPostRow, listPublishedPostRows } from "#app/.server/blog/db-posts.ts";
import { inlineRenderer } from "#app/.server/blog/inline-renderer.ts";
import {
  changeVisibility,
  findRevision,
  listRevisions,
  type PostFields,
  postStatus,
  publishPostBySlug,
  savePost,
} from "#app/.server/blog/post-store.ts";
import { sharePreview, stopPreview } from "#app/.server/blog/preview-links.ts";
import {
  latestSignOffs,
  postsOutForSignOff,
  signOffPost,
  signOffsOf,
  signOffsThrough,
} from "#app/.server/blog/sign-off.ts";
import { queryRows } from "#app/.server/db/client.ts";
import { blogPosts, mediaImages, users } from "#app/.server/db/schema.ts";
import { describeEachDriver, useTestDatabase } from "../support/db.ts";

const fields = (slug: string, overrides: Partial<PostFields> = {}): PostFields => ({
  title: `Post ${slug}`,
  slug,
  excerpt: "",
  markdown: "Some **bold** text.",
  author: "Ed Itor",
  tags: ["linkedin"],
  ...overrides,
});

describeEachDriver("saving database posts on %s", (driver) => {
  const handle = useTestDatabase(driver);
  const db = () => handle.database.db;

  test("a new post is a draft with sanitised HTML, version 1 and one revision; drafts never show", async () => {
    const saved = await savePost(db(), inlineRenderer, {
      id: null,
      expectedVersion: null,
      fields: fields("a-draft", { markdown: "Hi <img src=x onerror=alert(1)> **there**" }),
      savedBy: null,
    });
    if (!saved.ok) throw new Error(saved.reason);
    expect(saved.row.version).toBe(1);
    expect(saved.removedHtml).toEqual(["onerror on <img>"]);
    expect(saved.row.content).toContain("<strong>there</strong>");
    expect(saved.row.content).not.toContain("onerror");
    expect(saved.row.markdown).toContain("onerror");
    expect(postStatus(saved.row)).toBe("draft");
    expect(await findPublishedPostRow(db(), "a-draft")).toBeUndefined();
    expect((await listRevisions(db(), saved.row.id)).map((r) => r.version)).toEqual([1]);
  });

  test("a save with a stale version is refused and changes nothing", async () => {
    const first = await savePost(db(), inlineRenderer, {
      id: null,
      expectedVersion: null,
      fields: fields("two-editors"),
      savedBy: null,
    });
    if (!first.ok) throw new Error(first.reason);
    const mine = await savePost(db(), inlineRenderer, {
      id: first.row.id,
      expectedVersion: 1,
      fields: fields("two-editors", { title: "Mine" }),
      savedBy: null,
    });
    expect(mine.ok && mine.row.version).toBe(2);
    const theirs = await savePost(db(), inlineRenderer, {
      id: first.row.id,
      expectedVersion: 1,
      fields: fields("two-editors", { title: "Theirs" }),
      savedBy: null,
    });
    expect(theirs).toEqual({ ok: false, reason: "conflict" });
    const [row] = await queryRows<{ title: string; version: number }>(
      db(),
      sql`select title, version from blog_posts where slug = 'two-editors'`,
    );
    expect(row).toEqual({ title: "Mine", version: 2 });
  });

  test("a slug used by another post is refused", async () => {
    await savePost(db(), inlineRenderer, {
      id: null,
      expectedVersion: null,
      fields: fields("taken"),
      savedBy: null,
    });
    const again = await savePost(db(), inlineRenderer, {
      id: null,
      expectedVersion: null,
      fields: fields("taken"),
      savedBy: null,
    });
    expect(again).toEqual({ ok: false, reason: "slug-taken" });
  });

  test("a scheduled post shows by itself once its moment has passed; unpublishing hides it", async () => {
    const saved = await savePost(db(), inlineRenderer, {
      id: null,
      expectedVersion: null,
      fields: fields("soon"),
      savedBy: null,
      visibility: { kind: "schedule", at: new Date(Date.now() + 1_500) },
    });
    if (!saved.ok) throw new Error(saved.reason);
    expect(postStatus(saved.row)).toBe("scheduled");
    const live = async () => (await listPublishedPostRows(db())).map((row) => row.slug);
    expect(await live()).not.toContain("soon");
    expect(await findPublishedPostRow(db(), "soon")).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(await live()).toContain("soon");
    expect(await findPublishedPostRow(db(), "soon")).toBeDefined();

    const hidden = await changeVisibility(db(), {
      id: saved.row.id,
      expectedVersion: saved.row.version,
      savedBy: null,
      change: { kind: "unpublish" },
    });
    if (!hidden.ok) throw new Error(hidden.reason);
    expect(postStatus(hidden.row)).toBe("unpublished");
    expect(await live()).not.toContain("soon");
  });

  test("each revision keeps the cover image and its alt text it was saved with", async () => {
    await db()
      .insert(mediaImages)
      .values([
        { id: "cover-one", width: 800, height: 400, widths: [480, 800] },
        { id: "cover-two", width: 800, height: 400, widths: [480, 800] },
      ]);
    const first = await savePost(db(), inlineRenderer, {
      id: null,
      expectedVersion: null,
      fields: fields("covered", { coverImage: "cover-one", coverAlt: "A blue band" }),
      savedBy: null,
    });
    if (!first.ok) throw new Error(first.reason);
    const second = await savePost(db(), inlineRenderer, {
      id: first.row.id,
      expectedVersion: 1,
      fields: fields("covered", { coverImage: "cover-two", coverAlt: "A red square" }),
      savedBy: null,
    });
    if (!second.ok) throw new Error(second.reason);
    const third = await savePost(db(), inlineRenderer, {
      id: first.row.id,
      expectedVersion: 2,
      fields: fields("covered", { coverImage: null, coverAlt: null }),
      savedBy: null,
    });
    if (!third.ok) throw new Error(third.reason);
    // A change of visibility saves the text as it is, cover included.
    const fourth = await changeVisibility(db(), {
      id: first.row.id,
      expectedVersion: 3,
      savedBy: null,
      change: { kind: "publish-now" },
    });
    if (!fourth.ok) throw new Error(fourth.reason);
    const cover = async (version: number) => {
      const revision = await findRevision(db(), first.row.id, version);
      return [revision?.coverImage, revision?.coverAlt];
    };
    expect(await cover(1)).toEqual(["cover-one", "A blue band"]);
    expect(await cover(2)).toEqual(["cover-two", "A red square"]);
    expect(await cover(3)).toEqual([null, null]);
    expect(await cover(4)).toEqual([null, null]);
  });
});

describeEachDriver("the post command's publish on %s", (driver) => {
  const handle = useTestDatabase(driver);
  const db = () => handle.database.db;
  const dated = async (slug: string) =>
    queryRows<{ date: string; read_time: string | null; version: number; published: boolean }>(
      db(),
      sql`select to_char(date, 'YYYY-MM-DD') as date, read_time, version, published from blog_posts where slug = ${slug}`,
    );

  test("the post goes live with its front matter's date and read time, in one save", async () => {
    const result = await publishPostBySlug(db(), inlineRenderer, {
      ...fields("from-a-file"),
      date: "2024-03-05",
      readTime: "4 min read",
    });
    expect(result).toMatchObject({ created: true, wasPublished: false });
    expect(await dated("from-a-file")).toEqual([
      { date: "2024-03-05", read_time: "4 min read", version: 1, published: true },
    ]);
    await publishPostBySlug(db(), inlineRenderer, {
      ...fields("from-a-file", { title: "Again" }),
      date: "2024-03-06",
      readTime: null,
    });
    expect(await dated("from-a-file")).toEqual([
      { date: "2024-03-06", read_time: null, version: 2, published: true },
    ]);
  });

  test("a front matter date the database refuses leaves nothing behind: no post, no revision", async () => {
    await expect(
      publishPostBySlug(db(), inlineRenderer, {
        ...fields("impossible-day"),
        date: "2025-02-30",
        readTime: null,
      }),
    ).rejects.toThrow();
    expect(await dated("impossible-day")).toEqual([]);
    const [revisions] = await queryRows<{ count: number }>(
      db(),
      sql`select count(*)::int as count from blog_post_revisions where slug = 'impossible-day'`,
    );
    expect(revisions?.count).toBe(0);
  });
});

describeEachDriver("revisions of autosaved drafts on %s", (driver) => {
  const handle = useTestDatabase(driver);
  const db = () => handle.database.db;

  async function person(email: string): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`insert into users (email, name, role) values (${email}, ${email}, 'editor') returning id`,
    );
    if (!row) throw new Error("no user");
    return row.id;
  }

  test("autosaves minutes apart by one writer are one revision; a deliberate save, another writer or a pause starts a new one", async () => {
    const ed = await person("ed@example.com");
    const flo = await person("flo@example.com");
    const created = await savePost(db(), inlineRenderer, {
      id: null,
      expectedVersion: null,
      fields: fields("autosaved"),
      savedBy: ed,
    });
    if (!created.ok) throw new Error(created.reason);
    const id = created.row.id;
    let version = 1;
    const save = async (savedBy: string, markdown: string, autosave: boolean) => {
      const saved = await savePost(db(), inlineRenderer, {
        id,
        expectedVersion: version,
        fields: fields("autosaved", { markdown }),
        savedBy,
        autosave,
      });
      if (!saved.ok) throw new Error(saved.reason);
      version = saved.row.version;
    };
    const history = async () =>
      (await listRevisions(db(), id)).map((r) => `${r.version}:${r.autosave ? "auto" : "save"}`);

    await save(ed, "One.", true);
    await save(ed, "One, two.", true);
    await save(ed, "One, two, three.", true);
    // Three autosaves: one revision, holding the latest text under the latest version.
    expect(await history()).toEqual(["4:auto", "1:save"]);
    expect((await findRevision(db(), id, 4))?.markdown).toBe("One, two, three.");
    expect(await findRevision(db(), id, 2)).toBeUndefined();

    await save(ed, "Saved on purpose.", false);
    await save(ed, "After the save.", true);
    await save(flo, "Flo's turn.", true);
    expect(await history()).toEqual(["7:auto", "6:auto", "5:save", "4:auto", "1:save"]);

    // More than the window after Flo's autosave, the next one is a revision of its own.
    await queryRows(
      db(),
      sql`update blog_post_revisions set saved_at = now() - interval '6 minutes' where post_id = ${id} and version = 7`,
    );
    await save(flo, "Later.", true);
    expect((await history()).slice(0, 2)).toEqual(["8:auto", "7:auto"]);
    // Each says where the post stood.
    expect((await listRevisions(db(), id)).every((r) => r.status === "draft")).toBe(true);
    const live = await changeVisibility(db(), {
      id,
      expectedVersion: version,
      savedBy: ed,
      change: { kind: "publish-now" },
    });
    expect(live.ok).toBe(true);
    expect((await listRevisions(db(), id, 1))[0]?.status).toBe("published");
  });
});

describeEachDriver("signing a post off from its preview link on %s", (driver) => {
  const handle = useTestDatabase(driver);
  const db = () => handle.database.db;
  const siteUrl = "https://northstory.example";
  const approve = { intent: "approve" as const, name: "Dana Whitfield", comment: "" };

  async function sharedPost(slug: string, sharedBy: string | null) {
    const saved = await savePost(db(), inlineRenderer, {
      id: null,
      expectedVersion: null,
      fields: fields(slug),
      savedBy: null,
    });
    if (!saved.ok) throw new Error(saved.reason);
    const token = await sharePreview(db(), saved.row.id, sharedBy);
    if (!token) throw new Error("not shared");
    return { id: saved.row.id, token };
  }
  const [editor, gone] = ["ed@example.com", "gone@example.com"];
  async function user(email: string, disabled = false, role: "editor" | "sales" = "editor") {
    const [row] = await db()
      .insert(users)
      .values({ email, name: "Ed", role, disabledAt: disabled ? new Date() : null })
      .returning({ id: users.id });
    return row?.id ?? null;
  }
  const outboxTo = async (email: string) =>
    (
      await queryRows<{ subject: string }>(
        db(),
        sql`select payload->>'subject' as subject from mail_outbox where payload->>'to' = ${email}`,
      )
    ).map((row) => row.subject);

  test("a link takes 20 notes an hour even when 25 come at once; each is emailed to whoever made the link", async () => {
    const { id, token } = await sharedPost("signed-at-once", await user(editor));
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        signOffPost(db(), { token, form: { ...approve, name: `Reader ${i}` }, siteUrl }),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(20);
    expect(answers.filter((answer) => !answer.ok && answer.reason === "limit")).toHaveLength(5);
    expect(await signOffsOf(db(), id)).toHaveLength(20);
    expect(await outboxTo(editor)).toHaveLength(20);
    expect((await outboxTo(editor))[0]).toMatch(/^Reader \d+ approved “Post signed-at-once”$/);
  });

  test("with the link's maker gone, whoever saved the post last is told; someone who no longer writes posts is not", async () => {
    const writer = await user("writer@example.com");
    const seller = await user("seller@example.com", false, "sales");
    const { id, token } = await sharedPost("maker-gone", await user("left@example.com", true));
    const saved = await savePost(db(), inlineRenderer, {
      id,
      expectedVersion: 1,
      fields: fields("maker-gone", { markdown: "Saved by the writer." }),
      savedBy: writer,
    });
    expect(saved.ok).toBe(true);
    await signOffPost(db(), { token, form: approve, siteUrl });
    expect(await outboxTo("writer@example.com")).toEqual([
      "Dana Whitfield approved “Post maker-gone”",
    ]);
    const [mail] = await queryRows<{ text: string }>(
      db(),
      sql`select payload->>'text' as text from mail_outbox where payload->>'to' = 'writer@example.com'`,
    );
    expect(mail?.text).toContain("through the post's preview link, and approved it.");
    // Shared by someone now in sales (and saved by nobody): nobody is told.
    const other = await sharedPost("shared-by-sales", seller);
    await signOffPost(db(), { token: other.token, form: approve, siteUrl });
    expect(await outboxTo("seller@example.com")).toEqual([]);
  });

  test("the latest note is the post's, with whether it was saved since; a link turned off takes none; the notes go with the post", async () => {
    const { id, token } = await sharedPost("signed-then-edited", await user(gone, true));
    const asked = await signOffPost(db(), {
      token,
      form: { intent: "changes", name: "Dana Whitfield", comment: "Shorter, please." },
      siteUrl,
    });
    expect(asked.ok).toBe(true);
    // Its maker's account is disabled: nobody is emailed, the note is kept all the same.
    expect(await outboxTo(gone)).toEqual([]);
    expect(await latestSignOffs(db(), [id])).toEqual(
      new Map([[id, { verdict: "changes", name: "Dana Whitfield", editedSince: false }]]),
    );
    const saved = await savePost(db(), inlineRenderer, {
      id,
      expectedVersion: 1,
      fields: fields("signed-then-edited", { markdown: "Shorter." }),
      savedBy: null,
    });
    expect(saved.ok).toBe(true);
    expect((await latestSignOffs(db(), [id])).get(id)?.editedSince).toBe(true);
    await signOffPost(db(), { token, form: approve, siteUrl });
    expect(await latestSignOffs(db(), [id, 999_999])).toEqual(
      new Map([[id, { verdict: "approved", name: "Dana Whitfield", editedSince: false }]]),
    );
    expect((await signOffsThrough(db(), token)).map((note) => note.verdict)).toEqual([
      "approved",
      "changes",
    ]);
    // The editors' overview: changes asked first, then approved, then no answer yet.
    const waiting = await sharedPost("no-answer-yet", null);
    const other = await sharedPost("changes-wanted", null);
    await signOffPost(db(), {
      token: other.token,
      form: { intent: "changes", name: "Omar Haddad", comment: "Less jargon." },
      siteUrl,
    });
    const out = (await postsOutForSignOff(db())).filter((post) =>
      [id, waiting.id, other.id].includes(post.id),
    );
    expect(out.map((post) => [post.title, post.latest?.verdict ?? null])).toEqual([
      ["Post changes-wanted", "changes"],
      ["Post signed-then-edited", "approved"],
      ["Post no-answer-yet", null],
    ]);
    // Turned off: refused, nothing kept.
    await stopPreview(db(), id);
    expect((await postsOutForSignOff(db())).map((post) => post.id)).not.toContain(id);
    expect(await signOffPost(db(), { token, form: approve, siteUrl })).toEqual({
      ok: false,
      reason: "no link",
    });
    expect(await signOffsOf(db(), id)).toHaveLength(2);
    await db().delete(blogPosts).where(eq(blogPosts.id, id));
    expect(await signOffsThrough(db(), token)).toEqual([]);
    expect(
      await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from post_sign_offs where post_id = ${id}`,
      ),
    ).toEqual([{ n: 0 }]);
  });
});
