import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Database } from "#app/.server/db/client.ts";
import { openDatabase } from "#app/.server/db/client.ts";
import { ImageRejectedError, storeImage } from "#app/.server/media/images.ts";
import { createFileStorage } from "#app/.server/media/storage.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

let database: Database;
beforeAll(async () => {
  database = openDatabase({ dataDir: null });
  await database.migrate();
});
afterAll(() => database.close());

const storage = () => createFileStorage(temporaryDirectory("images"));

test("a photo is stored upright as AVIF and WebP in several widths, without its EXIF", async () => {
  // 2000×1000 stored sideways (orientation 6): it shows as 1000×2000.
  const photo = await sharp({
    create: { width: 2000, height: 1000, channels: 3, background: "#3366cc" },
  })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "Secret Camera Owner" } } })
    .toBuffer();
  const files = storage();
  const image = await storeImage(database.db, files, photo, { uploadedBy: null });
  expect([image.width, image.height]).toEqual([1000, 2000]);
  expect(image.widths).toEqual([480, 960, 1000]);
  for (const width of image.widths) {
    for (const format of ["avif", "webp"]) {
      const file = await files.get(`images/${image.id}/${width}.${format}`);
      expect(file?.contentType).toBe(`image/${format}`);
      const meta = await sharp(file?.body).metadata();
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
      expect(Buffer.from(file?.body ?? []).includes("Secret Camera Owner")).toBe(false);
    }
  }
}, 60_000);

test("a file that is not an image is refused whatever its name says", async () => {
  const html = new TextEncoder().encode("<svg onload=alert(1)></svg>");
  await expect(storeImage(database.db, storage(), html, { uploadedBy: null })).rejects.toThrow(
    ImageRejectedError,
  );
  const tooBig = new Uint8Array(10 * 1024 * 1024 + 1);
  await expect(storeImage(database.db, storage(), tooBig, { uploadedBy: null })).rejects.toThrow(
    "larger than 10 MB",
  );
});
