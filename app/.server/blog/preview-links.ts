// A post's preview link: a secret address (/preview/<token>) that shows the post's saved
// version, as readers will see it, to someone without an account (the founder whose post it
// is, signing it off before it goes live). Editors make it, make a new one (the old one stops
// working) or turn it off; it never changes the post itself, nor its version.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { PostRow } from "#app/.server/blog/db-posts.ts";
import type { Db } from "#app/.server/db/client.ts";
import { blogPosts } from "#app/.server/db/schema.ts";

/** 24 random bytes, in base64url: 32 characters no one guesses. */
const tokenPattern = /^[A-Za-z0-9_-]{32}$/;

/** Whether `token` has the shape of a preview token (checked before any query). */
export function isPreviewToken(token: string): boolean {
  return tokenPattern.test(token);
}

/** The path of a preview link. */
export function previewPath(token: string): string {
  return `/preview/${token}`;
}

/**
 * Gives post `id` a new preview link (the one it had stops working) and returns its token,
 * or null when there is no such post. `sharedBy` (a user's id) is told when its reader
 * signs the post off (sign-off.ts).
 */
export async function sharePreview(
  db: Db,
  id: number,
  sharedBy: string | null,
): Promise<string | null> {
  const token = randomBytes(24).toString("base64url");
  const [row] = await db
    .update(blogPosts)
    .set({ previewToken: token, previewSharedBy: sharedBy })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id });
  return row ? token : null;
}

/** Turns post `id`'s preview link off; false when there is no such post. */
export async function stopPreview(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .update(blogPosts)
    .set({ previewToken: null, previewSharedBy: null })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id });
  return Boolean(row);
}

/** The post a preview link shows, or undefined for a link turned off or never made. */
export async function findPreviewedPost(db: Db, token: string): Promise<PostRow | undefined> {
  if (!isPreviewToken(token)) return undefined;
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.previewToken, token)).limit(1);
  return row;
}
