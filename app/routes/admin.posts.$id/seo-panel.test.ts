import { expect, test } from "vitest";
import { firstLinesOf } from "./seo-panel.tsx";

test("without a description or an excerpt, the previews show the text's first paragraph", () => {
  expect(
    firstLinesOf(
      '<h2>Why</h2><p>Founders who <strong>post</strong> &amp; <a href="/x">reply</a> win.</p><p>Later.</p>',
    ),
  ).toBe("Founders who post & reply win.");
  expect(firstLinesOf(`<p>${"word ".repeat(40)}</p>`)).toMatch(/^(word ){30}word…$/);
  expect(firstLinesOf("<ul><li>Only a list</li></ul>")).toBe("");
});
