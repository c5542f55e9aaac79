import type { ImageRef } from "#app/lib/images.ts";

/** An image the server has checked, resized and stored, as the editor places it. */
export type UploadedImage = Omit<ImageRef, "alt">;

export type UploadOutcome = { ok: true; image: UploadedImage } | { ok: false; message: string };

/** The types the server takes, for a file picker's `accept`. */
export const imageTypes = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/**
 * Sends `file` to the post images endpoint (a cover or an image in the text: one
 * pipeline) and says what became of it, in words a writer can act on.
 */
export async function uploadImage(url: string, file: File): Promise<UploadOutcome> {
  try {
    const body = new FormData();
    body.set("image", file);
    const response = await fetch(url, { method: "POST", body });
    const result = (await response.json().catch(() => null)) as UploadOutcome | null;
    if (result?.ok) return result;
    // Said by the status, whatever the body: a proxy in front may refuse the size first,
    // with an HTML page of its own.
    if (response.status === 413) {
      return { ok: false, message: "The image is larger than 10 MB; make it smaller first." };
    }
    return { ok: false, message: result?.message ?? "The upload failed; try again." };
  } catch {
    return { ok: false, message: "The upload failed; check the connection and try again." };
  }
}
