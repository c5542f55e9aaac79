import { afterAll, beforeAll, expect, test } from "vitest";
import { type SharedServer, sharedServer } from "../support/shared-server.ts";

// The storefront's visual identity as the server sends it (docs/brand.md): its typeface pair
// from our own origin, preloaded where it paints the first screen, and art that names its
// size and says what it shows.

let server: SharedServer;
const pages = new Map<string, string>();
const mainPages = [
  "/",
  "/about",
  "/pricing",
  "/how-northstory-works-audience",
  "/founder-brand-case-studies",
  "/client-success",
  "/book-a-call",
];

beforeAll(async () => {
  server = await sharedServer();
  for (const path of mainPages) {
    pages.set(path, await (await fetch(`${server.url}${path}`)).text());
  }
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const page = (path: string) => pages.get(path) ?? "";

test("the heading face is preloaded and both faces are declared inline, from our own origin", async () => {
  for (const [path, html] of pages) {
    const preloads = [...html.matchAll(/<link rel="preload"[^>]*>/g)].map((match) => match[0]);
    expect(preloads, path).toHaveLength(1);
    const preload = preloads[0] ?? "";
    expect(preload).toMatch(/href="\/assets\/fraunces-latin-wght-normal-[\w-]+\.woff2"/);
    expect(preload).toContain('as="font"');
    expect(preload).toContain('type="font/woff2"');
    expect(preload).toContain("crossorigin");
    const faces = [...html.matchAll(/@font-face\{[^}]*\}/g)].map((match) => match[0]);
    const urls = faces.flatMap((face) => [...face.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]));
    expect(urls.sort(), path).toEqual([
      preload.match(/href="([^"]+)"/)?.[1],
      expect.stringMatching(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/),
    ]);
    // Swapping never hides text, and every face has a metric-matched fallback.
    expect(faces.filter((face) => face.includes("font-display:swap"))).toHaveLength(2);
    expect(faces.filter((face) => face.includes("size-adjust:"))).toHaveLength(6);
  }
});

test("the font files are woff2, served for a year and immutable", async () => {
  const urls = new Set(
    [...page("/").matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)].map((match) => match[1]),
  );
  expect(urls.size).toBe(2);
  for (const url of urls) {
    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("font/woff2");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe("wOF2");
    // The Latin subset of one variable face: well under 60 KB each.
    expect(bytes.length).toBeLessThan(60_000);
  }
});

test("no page asks another host for an image, a font, an icon or a stylesheet", () => {
  for (const [path, html] of pages) {
    const images = [...html.matchAll(/<(?:img|source)\b[^>]*?\b(?:src|srcset)="([^"]+)"/g)];
    const links = [
      ...html.matchAll(
        /<link\b(?=[^>]*\brel="(?:preload|stylesheet|icon|apple-touch-icon|manifest)")[^>]*\bhref="([^"]+)"/g,
      ),
    ];
    for (const [, source] of [...images, ...links]) {
      expect(source, path).toMatch(/^(\/(?!\/)|data:)/);
    }
    expect(html, path).not.toMatch(/url\(["']?(https?:)?\/\//);
  }
});

test("every image says how large it is and what it shows, and raster images offer sizes", () => {
  for (const [path, html] of pages) {
    for (const [img] of html.matchAll(/<img\b[^>]*>/g)) {
      expect(img, path).toMatch(/\bwidth="\d+"/);
      expect(img, path).toMatch(/\bheight="\d+"/);
      expect(img, path).toMatch(/\balt="/);
      if (/src="[^"]+\.(?:jpe?g|png|webp|avif)"/.test(img)) expect(img, path).toContain("srcset=");
    }
    for (const [svg] of html.matchAll(/<svg\b[^>]*>/g)) {
      // Drawn art names its box (a viewBox with a width, height or aspect ratio from its
      // classes) and is either hidden from assistive technology or named.
      expect(svg, path).toMatch(/viewBox="/);
      expect(svg, path).toMatch(/aria-hidden="true"|role="img"[^>]*aria-label|aria-labelledby/);
    }
  }
});
