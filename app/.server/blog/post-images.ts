import type { PostRenderer, RenderedPost } from "#app/.server/blog/post-renderer.ts";
import type { Db } from "#app/.server/db/client.ts";
import { findImages } from "#app/.server/media/image-rows.ts";
import { escapeXml } from "#app/.server/xml.ts";
import { type ImageRef, imageSrcSet } from "#app/lib/images.ts";

// Images uploaded for a post and placed in its text (![alt](/media/images/<id>/<width>.webp))
// get, once the text is rendered and cleaned, what the post page needs to show them without
// moving the text around them: their width and height, the other widths (srcset) and lazy
// loading. Done on the server's thread, after the sanitiser, from the image's own row;
// anything else in the text is left as the sanitiser made it.

const mediaImageSource = /^\/media\/images\/([a-f0-9]{32})\/\d+\.(?:webp|avif)$/;
const imageTag = /<img\b[^>]*>/g;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The text column of a post page: two thirds of the container from 1024 px, else the screen. */
export const POST_IMAGE_SIZES = "(min-width: 1024px) 44rem, 100vw";

/** The ids of uploaded images that `html` shows. */
export function mediaImageIds(html: string): string[] {
  const ids = new Set<string>();
  for (const [tag] of html.matchAll(imageTag)) {
    const id = mediaImageSource.exec(attribute(tag, "src") ?? "")?.[1];
    if (id) ids.add(id);
  }
  return [...ids];
}

/** `html` with each known uploaded image given its size, srcset and lazy loading. */
export function withImageSizes(
  html: string,
  images: ReadonlyMap<string, Omit<ImageRef, "alt">>,
): string {
  return html.replace(imageTag, (tag) => {
    const id = mediaImageSource.exec(attribute(tag, "src") ?? "")?.[1];
    const image = id ? images.get(id) : undefined;
    if (!image || attribute(tag, "srcset") !== undefined) return tag;
    const added = [
      `srcset="${escapeXml(imageSrcSet(image, "webp"))}"`,
      `sizes="${POST_IMAGE_SIZES}"`,
      `width="${image.width}"`,
      `height="${image.height}"`,
      'loading="lazy"',
      'decoding="async"',
    ].join(" ");
    return tag.replace(/^<img\b/, `<img ${added}`);
  });
}

/** A post's Markdown rendered and cleaned by `renderer`, its uploaded images sized. */
export async function renderPostText(
  db: Db,
  renderer: PostRenderer,
  markdown: string,
): Promise<RenderedPost> {
  const rendered = await renderer.render(markdown);
  const ids = mediaImageIds(rendered.html);
  if (ids.length === 0) return rendered;
  const rows = await findImages(db, ids);
  return {
    ...rendered,
    html: withImageSizes(rendered.html, new Map(rows.map((row) => [row.id, row]))),
  };
}
