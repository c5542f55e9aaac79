import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import { escapeXml } from "#app/.server/xml.ts";

// The brand's type pair as TTF (resvg reads no woff2): the same open-licence families the
// pages use, from @expo-google-fonts' pinned packages (docs/brand.md).
const require = createRequire(import.meta.url);
const fontFiles = [
  require.resolve("@expo-google-fonts/fraunces/700Bold/Fraunces_700Bold.ttf"),
  require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"),
];

const titleFont = { family: "Fraunces", weight: "bold" } as const;
const textFont = "Inter";
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
 * most; past that, the third line ends with an ellipsis. Every line fits `width`.
 */
export function layoutTitle(
  title: string,
  width: number = TITLE_WIDTH,
): { size: number; lines: string[] } {
  let size = 72;
  let lines = wrapTitle(title, size, width);
  while (lines.length > 3 && size > 44) {
    size -= 8;
    lines = wrapTitle(title, size, width);
  }
  if (lines.length > 3) {
    let last = lines[2] ?? "";
    while (last && measureTitle(`${last}…`, size) > width) last = last.slice(0, -1);
    lines = [...lines.slice(0, 2), `${last.trimEnd()}…`];
  }
  return { size, lines };
}

/** The card's size, and the strip a cover fills on its right. */
const CARD = { width: 1200, height: 630 } as const;
export const COVER_WIDTH = 440;
/** Room for the title beside a cover: the text column less its margins. */
export const TITLE_WIDTH_BESIDE_COVER = CARD.width - COVER_WIDTH - 80 - 56;

/**
 * A cover as the card shows it: cropped to the strip's size around what the picture is of,
 * as PNG (covers are stored as AVIF and WebP, which resvg does not read).
 */
export async function coverForCard(image: Uint8Array): Promise<Buffer> {
  // Loaded when a cover is drawn, not with the server: few cards have one.
  const { default: sharp } = await import("sharp");
  return sharp(image)
    .resize(COVER_WIDTH, CARD.height, { fit: "cover", position: "attention" })
    .png()
    .toBuffer();
}

/**
 * The brand's art where there is no cover, level with the brand's name: a pipeline that
 * grows week by week (the motif of the pages' vignettes), this week in the accent.
 */
function pipelineArt(): string {
  const heights = [20, 30, 28, 42, 52, 64];
  return heights
    .map((height, index) => {
      const x = 940 + index * 32;
      const last = index === heights.length - 1;
      const fill = last ? `fill="#f9b93b"` : `fill="#2b50c8" fill-opacity="${0.5 + index * 0.1}"`;
      return `<rect x="${x}" y="${128 - height}" width="20" height="${height}" rx="5" ${fill}/>`;
    })
    .join("");
}

/** The tagline's lines: whole if it fits `width` in Inter at 28 px, else cut at its dots. */
export function taglineLines(tagline: string, width: number): string[] {
  const fits = (text: string) =>
    (new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="60"><text x="0" y="40" font-family="${textFont}" font-size="28">${escapeXml(text)}</text></svg>`,
      { font: { fontFiles, loadSystemFonts: false } },
    ).getBBox()?.width ?? 0) <= width;
  if (fits(tagline)) return [tagline];
  const lines: string[] = [];
  for (const part of tagline.split(" · ")) {
    const last = lines.at(-1);
    if (last !== undefined && fits(`${last} · ${part}`))
      lines[lines.length - 1] = `${last} · ${part}`;
    else lines.push(part);
  }
  return lines.slice(0, 2);
}

/**
 * A 1200×630 link-preview image, as PNG: the brand's mark and name, the page's title in
 * Fraunces and the tagline in Inter on the brand's ink blue; beside them a post's cover
 * (from `coverForCard`) when it has one, otherwise the brand's pipeline art.
 */
export function renderSocialImage(
  title: string,
  options: { brand: string; tagline: string; cover?: Buffer },
): Buffer {
  const { cover } = options;
  const column = cover ? TITLE_WIDTH_BESIDE_COVER : TITLE_WIDTH;
  const { size, lines } = layoutTitle(title, column);
  const lineHeight = Math.round(size * 1.15);
  const top = 315 - ((lines.length - 1) * lineHeight) / 2 + size / 3;
  const text = lines
    .map(
      (line, index) =>
        `<tspan x="80" y="${Math.round(top + index * lineHeight)}">${escapeXml(line)}</tspan>`,
    )
    .join("");
  const taglines = taglineLines(options.tagline, column);
  const taglineTop = taglines.length === 1 ? 572 : 562;
  const tagline = taglines
    .map((line, index) => `<tspan x="80" y="${taglineTop + index * 36}">${escapeXml(line)}</tspan>`)
    .join("");
  const side = cover
    ? `<image x="${CARD.width - COVER_WIDTH}" y="0" width="${COVER_WIDTH}" height="${CARD.height}" href="data:image/png;base64,${cover.toString("base64")}"/>`
    : pipelineArt();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}" viewBox="0 0 ${CARD.width} ${CARD.height}">
  <rect width="${CARD.width}" height="${CARD.height}" fill="#0f1f4d"/>
  ${side}
  <rect x="80" y="64" width="64" height="64" rx="16" fill="#2b50c8"/>
  <path transform="translate(80 64) scale(2)" d="M16 5l2.6 8.4L27 16l-8.4 2.6L16 27l-2.6-8.4L5 16l8.4-2.6z" fill="#f9b93b"/>
  <text x="164" y="110" font-family="${titleFont.family}" font-weight="${titleFont.weight}" font-size="44" fill="#ffffff">${escapeXml(options.brand)}</text>
  <text font-family="${titleFont.family}" font-weight="${titleFont.weight}" font-size="${size}" fill="#ffffff">${text}</text>
  <rect x="80" y="${taglineTop - 52}" width="120" height="6" rx="3" fill="#f9b93b"/>
  <text font-family="${textFont}" font-size="28" fill="#dbe5ff">${tagline}</text>
</svg>`;
  const resvg = new Resvg(svg, {
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: textFont },
  });
  return Buffer.from(resvg.render().asPng());
}
