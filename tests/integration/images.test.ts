import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Database } from "#app/.server/db/client.ts";
import { openDatabase } from "#app/.server/db/client.ts";
import { IMAGES_BUSY, ImageRejectedError, storeImage } from "#app/.server/media/images.ts";
import { createFileStorage } from "#app/.server/media/storage.ts";
import { migratedDataDirectory } from "../support/database-template.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

let database: Database;
beforeAll(async () => {
  database = openDatabase({ dataDir: await migratedDataDirectory("images-db") });
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

test("images are processed one at a time, a few more wait, and the rest are turned away at once", async () => {
  const picture = await sharp({
    create: { width: 1800, height: 1200, channels: 3, background: "#884422" },
  })
    .png()
    .toBuffer();
  const files = storage();
  const order: string[] = [];
  const recording = {
    ...files,
    put(key: string, body: Uint8Array, type: string) {
      order.push(key.split("/")[1] ?? "");
      return files.put(key, body, type);
    },
  };
  const uploads = Array.from({ length: 6 }, () =>
    storeImage(database.db, recording, picture, { uploadedBy: null }).then(
      (image) => image.id,
      (error: Error) => error,
    ),
  );
  const results = await Promise.all(uploads);
  const stored = results.filter((result) => typeof result === "string");
  const refused = results.filter((result) => result instanceof Error);
  // One processing and three waiting: the fifth and sixth are refused, the rest all stored.
  expect(stored).toHaveLength(4);
  expect(refused.map((error) => error.message)).toEqual([IMAGES_BUSY, IMAGES_BUSY]);
  // One at a time: each image's files are written together, never interleaved.
  const runs = order.filter((id, index) => id !== order[index - 1]);
  expect(runs).toEqual(stored);
}, 120_000);
