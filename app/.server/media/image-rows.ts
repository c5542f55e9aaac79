import { eq } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { mediaImages } from "#app/.server/db/schema.ts";

// Reading uploaded images' rows, without loading sharp (the blog's pages need only this).

export type StoredImage = typeof mediaImages.$inferSelect;

export async function findImage(db: Db, id: string): Promise<StoredImage | undefined> {
  const [row] = await db.select().from(mediaImages).where(eq(mediaImages.id, id)).limit(1);
  return row;
}
