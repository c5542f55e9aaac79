import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import type { PageStore } from "#app/.server/http/pages.ts";
import { renderSocialImage } from "#app/.server/social-image.ts";
import { site } from "#app/content/site.ts";
import { pagePathOfSocialImage } from "#app/lib/social-image-path.ts";

type Image = { png: Buffer; etag: string };

/**
 * `/social/pages/<page>.png`: a page's link-preview image, drawn from its title on first
 * request and kept (link previews fetch each image rarely; drawing takes a few milliseconds).
 * A page that does not exist has no image: a plain 404, as for a missing asset, rather than
 * the not-found page rendered for a URL that is not a page.
 */
export function serveSocialImages(store: PageStore): RequestHandler {
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
      if (!title) {
        // Not kept by a browser or CDN: a post published later under this name has an image.
        res.setHeader("Cache-Control", "no-store");
        res.status(404).type("text/plain").send("Not found.");
        return;
      }
      const heading = title.endsWith(suffix)
        ? title.slice(0, -suffix.length)
        : title.replace(`${site.name} | `, "");
      let image = images.get(heading);
      if (!image) {
        const png = renderSocialImage(heading, { brand: site.name, tagline: site.socialTagline });
        image = { png, etag: `"${createHash("sha1").update(png).digest("base64url")}"` };
        images.set(heading, image);
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
