import { expect, test } from "vitest";
import { nestHeadings } from "./article-prose.ts";

test("a post's headings are read one level below the heading they are shown under", () => {
  expect(
    nestHeadings(
      '<h2 id="why">Why</h2><p>&lt;h2&gt; in text</p><h3>How</h3><hr><header>x</header>',
      2,
    ),
  ).toBe(
    '<h2 aria-level="3" id="why">Why</h2><p>&lt;h2&gt; in text</p><h3 aria-level="4">How</h3><hr><header>x</header>',
  );
  expect(nestHeadings("<h2>Why</h2>", 3)).toBe('<h2 aria-level="4">Why</h2>');
});
