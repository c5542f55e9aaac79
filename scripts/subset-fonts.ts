// `node scripts/subset-fonts.ts`: writes the storefront's two font files (app/fonts/) from
// Fontsource's pinned variable Latin files (docs/brand.md, "Type"). Run it after updating
// @fontsource-variable/inter or @fontsource-variable/fraunces; scripts/subset-fonts.test.ts
// fails while the committed files differ from what it writes.
//
// Why smaller than Fontsource's Latin files (48 and 37 KB): both faces are preloaded and paint
// the first screen, and on a slow phone network each extra window of about 14 KB costs a
// round trip before the largest paint. Left out is what no public page uses: Inter's weights
// below 400 and above 700, every weight of Fraunces but its headings' 700, the characters
// beyond Latin-1 and common punctuation (they fall back glyph by glyph to the metric-matched
// faces), and the OpenType features text does not apply by default (alternates, tabular and
// old-style figures, small capitals).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";

const require = createRequire(import.meta.url);

/** Latin-1 and the punctuation English text uses (dashes, quotes, ellipsis, bullet, €, ™, →, −). */
export const brandCharacters = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x152, 0x153],
  [0x2010, 0x2027],
  [0x2030, 0x2030],
  [0x2032, 0x2033],
  [0x2039, 0x203a],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2192, 0x2192],
  [0x2212, 0x2212],
]
  .flatMap(([from = 0, to = 0]) =>
    Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
  )
  .join("");

/** The shaping that text gets by default: kerning, ligatures, contextual forms, accents. */
const defaultFeatures = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk"];

export const brandFonts = [
  {
    file: "inter-latin-wght-400-700.woff2",
    source: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    weights: { min: 400, max: 700 },
  },
  {
    file: "fraunces-latin-700.woff2",
    source: "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
    weights: 700,
  },
] as const;

/** The subset files' bytes, by file name. */
export async function subsetBrandFonts(): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const font of brandFonts) {
    const bytes = await subsetFont(readFileSync(require.resolve(font.source)), brandCharacters, {
      targetFormat: "woff2",
      keepFeatures: defaultFeatures,
      variationAxes: { wght: font.weights },
    });
    files.set(font.file, new Uint8Array(bytes));
  }
  return files;
}

if (import.meta.main) {
  for (const [file, bytes] of await subsetBrandFonts()) {
    writeFileSync(new URL(`../app/fonts/${file}`, import.meta.url), bytes);
    console.log(`app/fonts/${file}: ${bytes.length} bytes`);
  }
}
