// How an uploaded image is addressed and described to the browser; shared by the server
// (which makes the files) and the pages (which list them in srcset).

export const imageFormats = ["avif", "webp"] as const;
export type ImageFormat = (typeof imageFormats)[number];

/** What a page needs to show an uploaded image. */
export type ImageRef = { id: string; width: number; height: number; widths: number[]; alt: string };

export function imageUrl(id: string, width: number, format: ImageFormat): string {
  return `/media/images/${id}/${width}.${format}`;
}

export function imageSrcSet(image: Pick<ImageRef, "id" | "widths">, format: ImageFormat): string {
  return image.widths.map((width) => `${imageUrl(image.id, width, format)} ${width}w`).join(", ");
}
