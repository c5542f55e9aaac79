import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findPublishedPostRow, listPublishedPostRows } from "#app/.server/blog/db-posts.ts";
import {
  listRevisions,
  type PostFields,
  postStatus,
  savePost,
} from "#app/.server/blog/post-store.ts";
import { queryRows } from "#app/.server/db/client.ts";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/db.ts";

const fields = (slug: string, overrides: Partial<PostFields> = {}): PostFields => ({
  title: `Post ${slug}`,
  slug,
  excerpt: "",
  markdown: "Some **bold** text.",
  author: "Ed Itor",
  tags: ["linkedin"],
  ...overrides,
});

describe.each(testDrivers)("saving database posts on %s", (driver) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await handle?.drop();
  });
  const db = () => handle.database.db;

  test("a new post is a draft with sanitised HTML, version 1 and one revision; drafts never show", async () => {
    const saved = await savePost(db(), {
      id: null,
      expectedVersion: null,
      fields: fields("a-draft", { markdown: "Hi <img src=x onerror=alert(1)> **there**" }),
      savedBy: null,
    });
    if (!saved.ok) throw new Error(saved.reason);
    expect(saved.row.version).toBe(1);
    expect(saved.removedHtml).toBe(true);
    expect(saved.row.content).toContain("<strong>there</strong>");
    expect(saved.row.content).not.toContain("onerror");
    expect(saved.row.markdown).toContain("onerror");
    expect(postStatus(saved.row)).toBe("draft");
    expect(await findPublishedPostRow(db(), "a-draft")).toBeUndefined();
    expect((await listRevisions(db(), saved.row.id)).map((r) => r.version)).toEqual([1]);
  });

  test("a save with a stale version is refused and changes nothing", async () => {
    const first = await savePost(db(), {
      id: null,
      expectedVersion: null,
      fields: fields("two-editors"),
      savedBy: null,
    });
    if (!first.ok) throw new Error(first.reason);
    const mine = await savePost(db(), {
      id: first.row.id,
      expectedVersion: 1,
      fields: fields("two-editors", { title: "Mine" }),
      savedBy: null,
    });
    expect(mine.ok && mine.row.version).toBe(2);
    const theirs = await savePost(db(), {
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
    await savePost(db(), {
      id: null,
      expectedVersion: null,
      fields: fields("taken"),
      savedBy: null,
    });
    const again = await savePost(db(), {
      id: null,
      expectedVersion: null,
      fields: fields("taken"),
      savedBy: null,
    });
    expect(again).toEqual({ ok: false, reason: "slug-taken" });
  });

  test("a scheduled post shows by itself once its moment has passed; unpublishing hides it", async () => {
    const saved = await savePost(db(), {
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

    const hidden = await savePost(db(), {
      id: saved.row.id,
      expectedVersion: saved.row.version,
      savedBy: null,
      visibility: { kind: "unpublish" },
    });
    if (!hidden.ok) throw new Error(hidden.reason);
    expect(postStatus(hidden.row)).toBe("unpublished");
    expect(await live()).not.toContain("soon");
  });
});
