import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { testBuildRoot } from "../support/build.ts";
import { type SharedServer, sharedServer } from "../support/shared-server.ts";

const assets = path.resolve(testBuildRoot, "current/client/assets");

// The storefront's visual identity as the server sends it (docs/brand.md): its typeface pair
// from our own origin, preloaded, over metric-matched local faces (app/fonts.css), and art
// that names its size and says what it shows.

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

/** The whole public stylesheet, linked once a page has hydrated. */
function wholeStylesheet(): { name: string; css: string } {
  const name = readdirSync(assets).find((file) => /^app-[\w-]+\.css$/.test(file)) ?? "";
  return { name, css: readFileSync(path.join(assets, name), "utf8") };
}

test("a page preloads both brand faces and declares them optional, over metric-matched local faces", () => {
  for (const [path, html] of pages) {
    const preloads = [...html.matchAll(/<link rel="preload"[^>]*as="font"[^>]*>/g)].map(
      (match) => match[0],
    );
    expect(preloads, path).toHaveLength(2);
    for (const preload of preloads) {
      expect(preload, path).toMatch(/href="\/assets\/(inter|fraunces)-latin-[\w-]+\.woff2"/);
      expect(preload, path).toContain('type="font/woff2"');
      expect(preload, path).toContain('crossorigin="anonymous"');
    }
    const faces = [...html.matchAll(/@font-face\{[^}]*\}/g)].map((match) => match[0]);
    const downloaded = faces.filter((face) => face.includes("url("));
    expect(downloaded, path).toHaveLength(2);
    for (const face of downloaded) {
      // Used from the first paint when it arrives in time, never swapped in later.
      expect(face, path).toContain("font-display:optional");
      expect(
        preloads.some((preload) => face.includes(preload.match(/href="([^"]+)"/)?.[1] ?? "-")),
        path,
      ).toBe(true);
    }
    const local = faces.filter((face) => !face.includes("url("));
    expect(local, path).toHaveLength(6);
    for (const face of local) {
      expect(face, path).toMatch(/src:local\(/);
      expect(face, path).toContain("size-adjust:");
      expect(face, path).toContain("ascent-override:");
    }
    // The stacks start with the brand faces, then their fallbacks.
    expect(html, path).toMatch(/--font-sans:"Inter Variable", ?"Inter Fallback"/);
    expect(html, path).toMatch(/--font-display:"Fraunces", ?"Fraunces Fallback"/);
  }
});

test("the whole stylesheet, linked after hydration, does not declare the faces again", () => {
  const { css } = wholeStylesheet();
  expect(css).not.toContain("@font-face");
  expect(css).toMatch(/--font-sans:"Inter Variable"/);
});

test("the font files are woff2 from our own origin, served for a year and immutable", async () => {
  const urls = new Set(
    readdirSync(assets)
      .filter((file) => /^(inter|fraunces)-latin-[\w-]+\.woff2$/.test(file))
      .map((file) => `/assets/${file}`),
  );
  expect(urls.size).toBe(2);
  for (const url of urls) {
    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("font/woff2");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe("wOF2");
    // Cut to what the pages use (scripts/subset-fonts.ts): about 25 and 17 KB.
    expect(bytes.length).toBeLessThan(26_000);
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

test("the icons are the brand mark: an SVG favicon and a touch icon for home screens", async () => {
  const html = page("/");
  expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
  expect(html).toContain(
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180"/>',
  );
  const touch = await fetch(`${server.url}/apple-touch-icon.png`);
  expect(touch.status).toBe(200);
  expect(touch.headers.get("content-type")).toBe("image/png");
  const bytes = new Uint8Array(await touch.arrayBuffer());
  // PNG, 180 × 180 (the IHDR's width and height).
  const view = new DataView(bytes.buffer);
  expect([view.getUint32(16), view.getUint32(20)]).toEqual([180, 180]);
});
