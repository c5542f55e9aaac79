import { expect, test } from "vitest";
import {
  layoutTitle,
  measureTitle,
  renderSocialImage,
  TITLE_WIDTH,
} from "#app/.server/social-image.ts";

const brand = { brand: "Northstory", tagline: "Content that turns into pipeline" };

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
    const { size, lines } = layoutTitle(title);
    expect(lines.length, title).toBeLessThanOrEqual(3);
    for (const line of lines)
      expect(measureTitle(line, size), line).toBeLessThanOrEqual(TITLE_WIDTH);
  }
});

test("a short title stays large on one line; a long one shrinks, then ends with an ellipsis", () => {
  expect(layoutTitle("Pricing")).toEqual({ size: 72, lines: ["Pricing"] });
  const long = layoutTitle(`${"Founders who write every week ".repeat(8)}win`);
  expect(long.size).toBe(40);
  expect(long.lines).toHaveLength(3);
  expect(long.lines[2]).toMatch(/…$/);
});
