import { and, asc, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { blogPostRedirects, blogPosts } from "#app/.server/db/schema.ts";

// The blog_posts queries, shared by the loaders and the post command (scripts/post.ts runs
// under Node's type stripping: imports with extensions, nothing Vite-only). A visitor only
// ever sees published rows whose moment has come; drafts and scheduled posts stay for the
// editors (docs/blog.md). Saving and publishing: post-store.ts.

export type PostRow = typeof blogPosts.$inferSelect;

/**
 * Live: published, and publish_at unset or past. Checked against the database's clock on
 * every query, so a scheduled post appears by itself on every copy, without a restart.
 */
const isLive = and(
  eq(blogPosts.published, true),
  or(isNull(blogPosts.publishAt), lte(blogPosts.publishAt, sql`now()`)),
);

/** Every published post, newest first (same day: by slug, so the order is stable). */
export function listPublishedPostRows(db: Db): Promise<PostRow[]> {
  return db
    .select()
    .from(blogPosts)
    .where(isLive)
    .orderBy(desc(blogPosts.date), asc(blogPosts.slug));
}

/** The published post with this slug, if any; a draft answers like a missing post. */
export async function findPublishedPostRow(db: Db, slug: string): Promise<PostRow | undefined> {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isLive))
    .limit(1);
  return rows[0];
}

/**
 * Where an address a post had before its slug changed leads now: the live post's slug, or
 * undefined (no such address, or its post is not live).
 */
export async function findRedirectedSlug(db: Db, oldSlug: string): Promise<string | undefined> {
  const rows = await db
    .select({ slug: blogPosts.slug })
    .from(blogPostRedirects)
    .innerJoin(blogPosts, eq(blogPosts.id, blogPostRedirects.postId))
    .where(and(eq(blogPostRedirects.oldSlug, oldSlug), isLive))
    .limit(1);
  return rows[0]?.slug;
}

export type PostListing = Pick<
  PostRow,
  "slug" | "title" | "date" | "published" | "publishAt" | "updatedAt"
>;

/** Every database post, drafts included, for the post command. */
export function listAllPostRows(db: Db): Promise<PostListing[]> {
  return db
    .select({
      slug: blogPosts.slug,
      title: blogPosts.title,
      date: blogPosts.date,
      published: blogPosts.published,
      publishAt: blogPosts.publishAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.date), asc(blogPosts.slug));
}

/** Published posts whose moment has not come yet, soonest first. */
export function listScheduledPosts(
  db: Db,
  now = new Date(),
): Promise<{ id: number; title: string; publishAt: Date | null }[]> {
  return db
    .select({ id: blogPosts.id, title: blogPosts.title, publishAt: blogPosts.publishAt })
    .from(blogPosts)
    .where(and(eq(blogPosts.published, true), gt(blogPosts.publishAt, now)))
    .orderBy(asc(blogPosts.publishAt))
    .limit(10);
}
