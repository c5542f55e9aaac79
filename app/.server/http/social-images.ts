import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { findPublishedPostRow } from "#app/.server/blog/db-posts.ts";
import type { AppContext } from "#app/.server/context.ts";
import type { PageStore } from "#app/.server/http/pages.ts";
import { findImage } from "#app/.server/media/image-rows.ts";
import { coverForCard, renderSocialImage } from "#app/.server/social-image.ts";
import { site } from "#app/content/site.ts";
import { pagePathOfSocialImage } from "#app/lib/social-image-path.ts";

type Image = { png: Buffer; etag: string };

/** A page's cover picture for its card (stored bytes, any format sharp reads), if it has one. */
export type CoverOf = (pagePath: string) => Promise<{ key: string; bytes: Uint8Array } | undefined>;

/**
 * The cover of a database post (`/blog/<slug>`) that has one: its largest stored WebP, which
 * the card crops to its strip.
 */
export function postCovers({ database, media }: Pick<AppContext, "database" | "media">): CoverOf {
  return async (pagePath) => {
    const slug = /^\/blog\/([^/]+)$/.exec(pagePath)?.[1];
    if (!slug) return undefined;
    const row = await findPublishedPostRow(database.db, slug);
    if (!row?.coverImage || !row.coverAlt) return undefined;
    const image = await findImage(database.db, row.coverImage);
    const width = image?.widths.at(-1);
    if (!image || !width) return undefined;
    const key = `images/${image.id}/${width}.webp`;
    const file = await media.get(key);
    return file ? { key, bytes: file.body } : undefined;
  };
}

/**
 * `/social/pages/<page>.png`: a page's link-preview image, drawn from its title (and a post's
 * cover) on first request and kept (link previews fetch each image rarely; drawing takes a
 * few milliseconds). A page that does not exist has no image: a plain 404, as for a missing
 * asset, rather than the not-found page rendered for a URL that is not a page.
 */
export function serveSocialImages(store: PageStore, coverOf?: CoverOf): RequestHandler {
  const images = new LRUCache<string, Image>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (image) => image.png.length,
  });
  const suffix = ` | ${site.name}`;
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const pagePath = pagePathOfSocialImage(req.path.slice(1));
    try {
      const title = pagePath ? await store.titleOf(pagePath) : undefined;
      if (!pagePath || !title) {
        // Not kept by a browser or CDN: a post published later under this name has an image.
        res.setHeader("Cache-Control", "no-store");
        res.status(404).type("text/plain").send("Not found.");
        return;
      }
      const heading = title.endsWith(suffix)
        ? title.slice(0, -suffix.length)
        : title.replace(`${site.name} | `, "");
      const cover = await coverOf?.(pagePath);
      // A new cover is a new image, under the same title.
      const cacheKey = `${heading}\n${cover?.key ?? ""}`;
      let image = images.get(cacheKey);
      if (!image) {
        const png = renderSocialImage(heading, {
          brand: site.name,
          tagline: site.socialTagline,
          ...(cover ? { cover: await coverForCard(cover.bytes) } : {}),
        });
        image = { png, etag: `"${createHash("sha1").update(png).digest("base64url")}"` };
        images.set(cacheKey, image);
      }
      res.setHeader("Content-Type", "image/png");
      res.setHeader("Cache-Control", "public, max-age=86400");
      res.setHeader("ETag", image.etag);
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.setHeader("Content-Length", image.png.length);
      res.end(req.method === "HEAD" ? undefined : image.png);
    } catch (error) {
      next(error);
    }
  };
}
