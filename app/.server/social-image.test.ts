import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import sharp from "sharp";
import { expect, test } from "vitest";
import {
  COVER_WIDTH,
  coverForCard,
  layoutTitle,
  measureTitle,
  renderSocialImage,
  TITLE_WIDTH,
  TITLE_WIDTH_BESIDE_COVER,
  taglineLines,
} from "#app/.server/social-image.ts";
import { site } from "#app/content/site.ts";

const brand = { brand: "Northstory", tagline: "Content that turns into pipeline" };

/** The colour of one pixel of a PNG, as #rrggbb. */
async function pixel(png: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 3;
  return `#${[...data.subarray(at, at + 3)].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

test("a title with control characters (allowed in a database row) still draws a PNG", () => {
  for (const title of [
    "Bell\u0007 in the title",
    "Form\u000cfeed & <tags>",
    "Null\u0000 \u001b[31mred",
  ]) {
    const png = renderSocialImage(title, brand);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
  }
});

test("every line of a title fits the card, whatever its words", () => {
  for (const title of [
    "Why Founder-Led Content Wins",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
    "The Founder's Guide to Writing LinkedIn Posts That Buyers Actually Read, Save and Forward to Their Boards",
    "Pneumonoultramicroscopicsilicovolcanoconiosis and other long words",
  ]) {
    for (const width of [TITLE_WIDTH, TITLE_WIDTH_BESIDE_COVER]) {
      const { size, lines } = layoutTitle(title, width);
      expect(lines.length, title).toBeLessThanOrEqual(3);
      for (const line of lines) expect(measureTitle(line, size), line).toBeLessThanOrEqual(width);
    }
  }
});

test("a short title stays large on one line; a long one shrinks, then ends with an ellipsis", () => {
  expect(layoutTitle("Pricing")).toEqual({ size: 72, lines: ["Pricing"] });
  const long = layoutTitle(`${"Founders who write every week ".repeat(8)}win`);
  expect(long.size).toBe(40);
  expect(long.lines).toHaveLength(3);
  expect(long.lines[2]).toMatch(/…$/);
});

test("titles are measured and drawn in the brand's Fraunces, not a fallback face", () => {
  const require = createRequire(import.meta.url);
  const widthIn = (file: string, family: string) =>
    new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="200"><text x="0" y="150" font-family="${family}" font-weight="bold" font-size="100">Northstory</text></svg>`,
      { font: { fontFiles: [require.resolve(file)], loadSystemFonts: false } },
    ).getBBox()?.width ?? 0;
  const fraunces = widthIn("@expo-google-fonts/fraunces/700Bold/Fraunces_700Bold.ttf", "Fraunces");
  const inter = widthIn("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf", "Inter");
  expect(fraunces).toBeGreaterThan(0);
  // The same word is set wider in Fraunces' bold than in Inter: the measure follows the face.
  expect(Math.abs(fraunces - inter)).toBeGreaterThan(fraunces * 0.05);
  expect(measureTitle("Northstory", 100)).toBeCloseTo(fraunces * 1.02, -1);
});

test("a post's cover fills the card's right-hand strip, cropped from a stored WebP or AVIF", async () => {
  const red = { r: 220, g: 20, b: 20 };
  for (const format of ["webp", "avif"] as const) {
    const stored = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: red },
    })
      [format]()
      .toBuffer();
    const cover = await coverForCard(stored);
    expect(await sharp(cover).metadata()).toMatchObject({
      format: "png",
      width: COVER_WIDTH,
      height: 630,
    });
    const card = renderSocialImage("A post with a cover", { ...brand, cover });
    for (const [x, y] of [
      [1200 - COVER_WIDTH + 4, 4],
      [1190, 620],
    ] as const) {
      const [r, g, b] =
        (await pixel(card, x, y)).match(/\w\w/g)?.map((hex) => Number.parseInt(hex, 16)) ?? [];
      expect(r, format).toBeGreaterThan(180);
      expect(g, format).toBeLessThan(70);
      expect(b, format).toBeLessThan(70);
    }
    // The text column keeps the brand's ink blue.
    expect(await pixel(card, 600, 600)).toBe("#0f1f4d");
  }
});

test("without a cover the card shows the brand's art: a pipeline whose latest week is in the accent", async () => {
  const card = renderSocialImage("Pricing", brand);
  // The last bar of the pipeline, level with the brand's name, in the accent yellow; the
  // strip a cover would fill is otherwise the ink blue.
  expect(await pixel(card, 1110, 110)).toBe("#f9b93b");
  expect(await pixel(card, 1180, 400)).toBe("#0f1f4d");
});

test("the site's tagline stays in the text column: whole on a plain card, cut at its dots beside a cover", () => {
  expect(taglineLines(site.socialTagline, TITLE_WIDTH)).toEqual([site.socialTagline]);
  const beside = taglineLines(site.socialTagline, TITLE_WIDTH_BESIDE_COVER);
  expect(beside.length).toBe(2);
  expect(beside.join(" · ")).toBe(site.socialTagline);
});
