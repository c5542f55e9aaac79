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

const titleFont = { family: "DejaVu Serif", weight: "bold" } as const;
/** Room for the title: the card's width less its 80 px margins. */
export const TITLE_WIDTH = 1040;
const MEASURE_SIZE = 100;

const advances = new Map<string, number>();

/** The width of `svgText` in the title's font at MEASURE_SIZE, as resvg lays it out. */
function inkWidth(text: string): number {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="200"><text x="0" y="150" font-family="${titleFont.family}" font-weight="${titleFont.weight}" font-size="${MEASURE_SIZE}">${escapeXml(text)}</text></svg>`;
  return new Resvg(svg, { font: { fontFiles, loadSystemFonts: false } }).getBBox()?.width ?? 0;
}

/**
 * How far one character moves the pen, at MEASURE_SIZE: measured once between two H's
 * (a lone space, or a glyph's own ink, is not its advance) and kept.
 */
function advanceOf(character: string): number {
  let width = advances.get(character);
  if (width === undefined) {
    width = Math.max(0, inkWidth(`H${character}H`) - inkWidth("HH"));
    advances.set(character, width);
  }
  return width;
}

/** The width of `text` in the title's font at `size`, a little generous (no kerning). */
export function measureTitle(text: string, size: number): number {
  let width = 0;
  for (const character of text) width += advanceOf(character);
  return (width * size * 1.02) / MEASURE_SIZE;
}

/**
 * Greedy word wrap by measured width; a word wider than a line is cut where it must be,
 * with a hyphen.
 */
export function wrapTitle(title: string, size: number, width = TITLE_WIDTH): string[] {
  const fits = (text: string) => measureTitle(text, size) <= width;
  const lines: string[] = [];
  let line = "";
  for (let word of title.split(/\s+/).filter(Boolean)) {
    if (line && fits(`${line} ${word}`)) {
      line = `${line} ${word}`;
      continue;
    }
    if (line) lines.push(line);
    line = "";
    while (!fits(word)) {
      let cut = word.length - 1;
      while (cut > 1 && !fits(`${word.slice(0, cut)}-`)) cut--;
      lines.push(`${word.slice(0, cut)}-`);
      word = word.slice(cut);
    }
    line = word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The title's size and lines: 72 px, smaller (down to 40) until it takes three lines at
 * most; past that, the third line ends with an ellipsis. Every line fits the card.
 */
export function layoutTitle(title: string): { size: number; lines: string[] } {
  let size = 72;
  let lines = wrapTitle(title, size);
  while (lines.length > 3 && size > 44) {
    size -= 8;
    lines = wrapTitle(title, size);
  }
  if (lines.length > 3) {
    let last = lines[2] ?? "";
    while (last && measureTitle(`${last}…`, size) > TITLE_WIDTH) last = last.slice(0, -1);
    lines = [...lines.slice(0, 2), `${last.trimEnd()}…`];
  }
  return { size, lines };
}

/** A 1200×630 link-preview image with the page title and the brand, as PNG. */
export function renderSocialImage(
  title: string,
  options: { brand: string; tagline: string },
): Buffer {
  const { size, lines } = layoutTitle(title);
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
  <text font-family="${titleFont.family}" font-weight="${titleFont.weight}" font-size="${size}" fill="#ffffff">${text}</text>
  <rect x="80" y="520" width="120" height="6" rx="3" fill="#f9b93b"/>
  <text x="80" y="572" font-family="DejaVu Sans" font-size="28" fill="#dbe5ff">${escapeXml(options.tagline)}</text>
</svg>`;
  const resvg = new Resvg(svg, {
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" },
  });
  return Buffer.from(resvg.render().asPng());
}
