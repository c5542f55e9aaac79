import { expect, test } from "vitest";
import { slugFromTitle } from "#app/lib/posts.ts";

test("a title becomes lowercase words joined by single hyphens", () => {
  expect(slugFromTitle("Why 90 Days?  A Founder's Guide")).toBe("why-90-days-a-founder-s-guide");
  expect(slugFromTitle("Café — déjà vu")).toBe("cafe-deja-vu");
  expect(slugFromTitle("!!!")).toBe("");
});
