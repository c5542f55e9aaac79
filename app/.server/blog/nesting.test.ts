import { expect, test } from "vitest";
import { inlineRenderer } from "#app/.server/blog/inline-renderer.ts";
import { MAX_NESTING_DEPTH, nestingDepth } from "#app/.server/blog/nesting.ts";

test("quotes and lists count as levels, however they are written", () => {
  expect(nestingDepth("Plain prose.\n\nMore prose.")).toBe(0);
  expect(nestingDepth("> a quote\n>> inside a quote\n> > > three deep")).toBe(3);
  expect(nestingDepth("- a\n  - b\n    - c\n")).toBe(3);
  expect(nestingDepth("1. one\n   2) two")).toBe(2);
  expect(nestingDepth("> - > 1. mixed")).toBe(4);
});

test("code, emphasis and dashes inside words are not nesting", () => {
  expect(nestingDepth(`${" ".repeat(400)}indented code`)).toBe(0);
  expect(nestingDepth("-not a list\n*emphasis*\n1.5 million")).toBe(0);
});

test("a post nested as deep as allowed renders; one level more is refused at once", async () => {
  const deepest = `${">".repeat(MAX_NESTING_DEPTH)} the innermost quote`;
  const { html } = await inlineRenderer.render(deepest);
  expect(html.match(/<blockquote>/g)).toHaveLength(MAX_NESTING_DEPTH);

  // 3,000 nested quotes took the renderer five seconds; refused, they take nothing.
  const started = performance.now();
  await expect(inlineRenderer.render(`>${">".repeat(3_000)} too deep`)).rejects.toMatchObject({
    reason: "too-deep",
    message: expect.stringMatching(/more than 100 levels/),
  });
  expect(performance.now() - started).toBeLessThan(1_000);
});
