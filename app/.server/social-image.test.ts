import { expect, test } from "vitest";
import { renderSocialImage } from "#app/.server/social-image.ts";

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
