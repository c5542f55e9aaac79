import { createRequire } from "node:module";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { escapeXml } from "#app/.server/xml.ts";

const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")),
  "ttf",
);
const fontFiles = [
  path.join(fontDir, "DejaVuSerif-Bold.ttf"),
  path.join(fontDir, "DejaVuSans.ttf"),
];

/** Greedy word wrap by an estimated glyph width (SVG text does not wrap by itself). */
export function wrapTitle(title: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of title.split(/\s+/)) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A 1200×630 link-preview image with the page title and the brand, as PNG. */
export function renderSocialImage(
  title: string,
  options: { brand: string; tagline: string },
): Buffer {
  let size = 72;
  let lines = wrapTitle(title, 26);
  while (lines.length > 3 && size > 44) {
    size -= 8;
    lines = wrapTitle(title, Math.floor((26 * 72) / size));
  }
  const lineHeight = Math.round(size * 1.15);
  const top = 315 - ((lines.length - 1) * lineHeight) / 2 + size / 3;
  const text = lines
    .map(
      (line, index) =>
        `<tspan x="80" y="${Math.round(top + index * lineHeight)}">${escapeXml(line)}</tspan>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#0f1f4d"/><stop offset="0.6" stop-color="#1a327f"/><stop offset="1" stop-color="#0b1b33"/>
  </linearGradient></defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect x="80" y="64" width="64" height="64" rx="16" fill="#2b50c8"/>
  <path transform="translate(80 64) scale(2)" d="M16 5l2.6 8.4L27 16l-8.4 2.6L16 27l-2.6-8.4L5 16l8.4-2.6z" fill="#f9b93b"/>
  <text x="164" y="110" font-family="DejaVu Serif" font-weight="bold" font-size="44" fill="#ffffff">${escapeXml(options.brand)}</text>
  <text font-family="DejaVu Serif" font-weight="bold" font-size="${size}" fill="#ffffff">${text}</text>
  <rect x="80" y="520" width="120" height="6" rx="3" fill="#f9b93b"/>
  <text x="80" y="572" font-family="DejaVu Sans" font-size="28" fill="#dbe5ff">${escapeXml(options.tagline)}</text>
</svg>`;
  const resvg = new Resvg(svg, {
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" },
  });
  return Buffer.from(resvg.render().asPng());
}
