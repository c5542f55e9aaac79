import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { blogPosts } from "#app/.server/db/schema.ts";

// The blog_posts queries, shared by the loaders and the post command (scripts/post.ts runs
// under Node's type stripping: imports with extensions, nothing Vite-only). A visitor only
// ever sees published rows; drafts stay for the editor's list (docs/content.md).

export type PostRow = typeof blogPosts.$inferSelect;

/** Every published post, newest first (same day: by slug, so the order is stable). */
export function listPublishedPostRows(db: Db): Promise<PostRow[]> {
  return db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.date), asc(blogPosts.slug));
}

/** The published post with this slug, if any; a draft answers like a missing post. */
export async function findPublishedPostRow(db: Db, slug: string): Promise<PostRow | undefined> {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
    .limit(1);
  return rows[0];
}

export type PostListing = Pick<PostRow, "slug" | "title" | "date" | "published" | "updatedAt">;

/** Every database post, drafts included, for the post command. */
export function listAllPostRows(db: Db): Promise<PostListing[]> {
  return db
    .select({
      slug: blogPosts.slug,
      title: blogPosts.title,
      date: blogPosts.date,
      published: blogPosts.published,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.date), asc(blogPosts.slug));
}

export type PostInput = {
  slug: string;
  title: string;
  excerpt: string;
  /** Sanitised HTML. */
  content: string;
  date: string;
  readTime: string | null;
  author: string;
  tags: string[];
};

/** Creates or replaces the post with this slug and publishes it. */
export async function publishPost(
  db: Db,
  input: PostInput,
): Promise<{ created: boolean; wasPublished: boolean }> {
  const [existing] = await db
    .select({ published: blogPosts.published })
    .from(blogPosts)
    .where(eq(blogPosts.slug, input.slug))
    .limit(1);
  const values = { ...input, published: true };
  await db
    .insert(blogPosts)
    .values(values)
    .onConflictDoUpdate({ target: blogPosts.slug, set: { ...values, updatedAt: sql`now()` } });
  return { created: !existing, wasPublished: existing?.published ?? false };
}

/** Hides the post; resolves with what it was before, or null when there is no such post. */
export async function unpublishPost(
  db: Db,
  slug: string,
): Promise<{ wasPublished: boolean } | null> {
  const [existing] = await db
    .select({ published: blogPosts.published })
    .from(blogPosts)
    .where(eq(blogPosts.slug, slug))
    .limit(1);
  if (!existing) return null;
  if (existing.published) {
    await db
      .update(blogPosts)
      .set({ published: false, updatedAt: sql`now()` })
      .where(eq(blogPosts.slug, slug));
  }
  return { wasPublished: existing.published };
}
