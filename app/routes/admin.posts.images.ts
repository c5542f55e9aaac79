import { data } from "react-router";
import { requireArea } from "#app/.server/auth/guard.ts";
import { requireApp } from "#app/.server/context.ts";
import {
  IMAGE_TOO_LARGE,
  ImageRejectedError,
  MAX_IMAGE_BYTES,
  storeImage,
} from "#app/.server/media/images.ts";
import type { ImageRef } from "#app/lib/images.ts";
import type { Route } from "./+types/admin.posts.images";

export type UploadResult =
  | { ok: true; image: Omit<ImageRef, "alt"> }
  | { ok: false; message: string };

// Room for the multipart envelope around the file.
const MAX_BODY = MAX_IMAGE_BYTES + 64 * 1024;

/** An image for a post, sent as multipart form data (field "image"). */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = requireArea(context, "posts");
  const app = requireApp(context);
  // The server has read the body within this size already (bodyLimitFor in router.ts); a
  // declared length over it is refused here too, with the image's own message. A body sent
  // in chunks declares none.
  const declared = request.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= MAX_BODY)) {
    return data<UploadResult>({ ok: false, message: IMAGE_TOO_LARGE }, { status: 413 });
  }
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("image");
  } catch {
    return data<UploadResult>(
      { ok: false, message: "The upload was not readable." },
      { status: 400 },
    );
  }
  if (!(file instanceof File)) {
    return data<UploadResult>({ ok: false, message: "Choose an image file." }, { status: 400 });
  }
  try {
    const image = await storeImage(
      app.database.db,
      app.media,
      new Uint8Array(await file.arrayBuffer()),
      { uploadedBy: user.id },
    );
    app.log.info("image uploaded", { by: user.id, imageId: image.id, bytes: file.size });
    return data<UploadResult>({
      ok: true,
      image: { id: image.id, width: image.width, height: image.height, widths: image.widths },
    });
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      return data<UploadResult>({ ok: false, message: error.message }, { status: 400 });
    }
    throw error;
  }
}

export function loader({ context }: Route.LoaderArgs) {
  requireArea(context, "posts");
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
