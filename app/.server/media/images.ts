import { randomBytes } from "node:crypto";
import pLimit from "p-limit";
import type { Db } from "#app/.server/db/client.ts";
import { mediaImages } from "#app/.server/db/schema.ts";
import type { StoredImage } from "#app/.server/media/image-rows.ts";
import type { MediaStorage } from "#app/.server/media/storage.ts";
import { type ImageFormat, imageFormats } from "#app/lib/images.ts";

// Uploaded images: the bytes are checked for what they are (not the name or the browser's
// word), decoded by sharp, turned upright, and written as AVIF and WebP in a few widths.
// sharp writes no metadata unless asked, so EXIF (camera, GPS position) never leaves.
// Both libraries load with the first upload, not with every start of the server.

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** What the editor is told about a larger upload (by the upload route, or before it). */
export const IMAGE_TOO_LARGE = "The image is larger than 10 MB; make it smaller first.";
/** Widths made for srcset, capped at the original's width. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
const MAX_PIXELS = 40_000_000;

const acceptedTypes = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]);

export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
}

/**
 * One image is decoded and encoded at a time per copy (a large one takes seconds and a
 * hundred megabytes; sharp already spreads one image over the cores), with a few more
 * waiting their turn; past that an upload is turned away at once instead of piling up.
 */
const processing = pLimit(1);
const MAX_WAITING = 3;
export const IMAGES_BUSY =
  "Other images are being processed right now; try this one again in a minute.";

export async function storeImage(
  db: Db,
  storage: MediaStorage,
  bytes: Uint8Array,
  options: { uploadedBy: string | null },
): Promise<StoredImage> {
  if (bytes.byteLength === 0) throw new ImageRejectedError("The file is empty.");
  if (bytes.byteLength > MAX_IMAGE_BYTES) {
    throw new ImageRejectedError("The image is larger than 10 MB; make it smaller first.");
  }
  const { fileTypeFromBuffer } = await import("file-type");
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !acceptedTypes.has(sniffed.mime)) {
    throw new ImageRejectedError("This file is not a JPEG, PNG, WebP, AVIF or GIF image.");
  }
  if (processing.pendingCount >= MAX_WAITING) throw new ImageRejectedError(IMAGES_BUSY);
  return processing(() => processImage(db, storage, bytes, options));
}

async function processImage(
  db: Db,
  storage: MediaStorage,
  bytes: Uint8Array,
  options: { uploadedBy: string | null },
): Promise<StoredImage> {
  const id = randomBytes(16).toString("hex");
  let width: number;
  let height: number;
  let widths: number[];
  const { default: sharp } = await import("sharp");
  try {
    const upright = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate();
    const meta = await upright.metadata();
    // EXIF orientations 5 to 8 turn the picture a quarter: width and height swap.
    const turned = (meta.orientation ?? 1) >= 5;
    width = (turned ? meta.height : meta.width) ?? 0;
    height = (turned ? meta.width : meta.height) ?? 0;
    if (width < 1 || height < 1) throw new Error("no size");
    const largest = Math.min(width, IMAGE_WIDTHS.at(-1) ?? width);
    widths = [...new Set([...IMAGE_WIDTHS.filter((w) => w < largest), largest])];
    for (const w of widths) {
      const resized = upright.clone().resize({ width: w, withoutEnlargement: true });
      for (const format of imageFormats) {
        const output =
          format === "avif"
            ? await resized.clone().avif({ quality: 55, effort: 2 }).toBuffer()
            : await resized.clone().webp({ quality: 78 }).toBuffer();
        await storage.put(`images/${id}/${w}.${format}`, output, `image/${format}`);
      }
    }
  } catch {
    throw new ImageRejectedError("This image could not be read; it may be damaged or too large.");
  }
  const [row] = await db
    .insert(mediaImages)
    .values({ id, width, height, widths, uploadedBy: options.uploadedBy })
    .returning();
  if (!row) throw new Error("The image was not recorded");
  return row;
}

export type { ImageFormat };
