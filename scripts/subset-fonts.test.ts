import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { brandCharacters, brandFonts, subsetBrandFonts } from "./subset-fonts.ts";

const fromRoot = (path: string) => new URL(`../${path}`, import.meta.url);

test("the committed font files are what scripts/subset-fonts.ts makes of the pinned packages", async () => {
  const made = await subsetBrandFonts();
  expect([...made.keys()]).toEqual(brandFonts.map((font) => font.file));
  for (const [file, bytes] of made) {
    const committed = new Uint8Array(readFileSync(fromRoot(`app/fonts/${file}`)));
    expect(committed.length, file).toBe(bytes.length);
    expect(Buffer.compare(committed, bytes), file).toBe(0);
  }
});

test("the files hold every character of the site's copy and articles", () => {
  const sources = [
    ...readdirSync(fromRoot("app/content")).map((file) => `app/content/${file}`),
    ...["blog", "legal"].flatMap((folder) =>
      readdirSync(fromRoot(`content/${folder}`)).map((file) => `content/${folder}/${file}`),
    ),
  ].filter((path) => /\.(ts|md)$/.test(path) && !path.endsWith(".test.ts"));
  const kept = new Set(brandCharacters);
  const missing = new Set<string>();
  for (const path of sources) {
    for (const character of readFileSync(fromRoot(path), "utf8")) {
      if (character >= " " && !kept.has(character)) missing.add(`${character} in ${path}`);
    }
  }
  expect([...missing]).toEqual([]);
});
