import { describe, expect, it } from "vitest";
import { mediaImageIds, withImageSizes } from "./post-images.ts";

const id = "0123456789abcdef0123456789abcdef";
const image = { id, width: 1600, height: 900, widths: [480, 960, 1600] };

describe("sizing uploaded images in a post's HTML", () => {
  it("finds the uploaded images a text shows, once each, and nothing else", () => {
    const html = `<p><img src="/media/images/${id}/1600.webp" alt="A chart"><img src="/media/images/${id}/960.avif" alt=""><img src="https://example.com/x.png" alt="x"><img src="/media/images/../../etc/1.webp" alt=""></p>`;
    expect(mediaImageIds(html)).toEqual([id]);
  });

  it("gives a known image its size, srcset and lazy loading, keeping what the sanitiser left", () => {
    const html = `<p><img src="/media/images/${id}/1600.webp" alt="A chart &quot;up&quot;"></p>`;
    expect(withImageSizes(html, new Map([[id, image]]))).toBe(
      `<p><img srcset="/media/images/${id}/480.webp 480w, /media/images/${id}/960.webp 960w, /media/images/${id}/1600.webp 1600w" sizes="(min-width: 1024px) 44rem, 100vw" width="1600" height="900" loading="lazy" decoding="async" src="/media/images/${id}/1600.webp" alt="A chart &quot;up&quot;"></p>`,
    );
  });

  it("leaves unknown images, other hosts and already sized images alone", () => {
    const unknown = `<img src="/media/images/${"f".repeat(32)}/480.webp" alt="">`;
    const elsewhere = `<img src="https://example.com/media/images/${id}/480.webp" alt="">`;
    const images = new Map([[id, image]]);
    expect(withImageSizes(unknown, images)).toBe(unknown);
    expect(withImageSizes(elsewhere, images)).toBe(elsewhere);
    const once = withImageSizes(`<img src="/media/images/${id}/480.webp" alt="">`, images);
    expect(withImageSizes(once, images)).toBe(once);
  });
});
