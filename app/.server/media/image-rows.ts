import { eq, inArray } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { mediaImages } from "#app/.server/db/schema.ts";

// Reading uploaded images' rows, without loading sharp (the blog's pages need only this).

export type StoredImage = typeof mediaImages.$inferSelect;

export async function findImage(db: Db, id: string): Promise<StoredImage | undefined> {
  const [row] = await db.select().from(mediaImages).where(eq(mediaImages.id, id)).limit(1);
  return row;
}

/** The rows of these images (those that exist), in one query. */
export async function findImages(db: Db, ids: readonly string[]): Promise<StoredImage[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(mediaImages)
    .where(inArray(mediaImages.id, [...ids]));
}
