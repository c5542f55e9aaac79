import { describe, expect, it } from "vitest";
import { diffText } from "./text-diff.ts";

describe("diffText", () => {
  it("marks added and removed lines and counts them", () => {
    const result = diffText("One\nTwo\nThree\n", "One\nTwo, edited\nThree\nFour\n");
    expect(result.added).toBe(2);
    expect(result.removed).toBe(1);
    expect(result.lines).toEqual([
      { kind: "same", text: "One" },
      { kind: "removed", text: "Two" },
      { kind: "added", text: "Two, edited" },
      { kind: "same", text: "Three" },
      { kind: "added", text: "Four" },
    ]);
  });

  it("leaves out long unchanged runs, keeping two lines of context around a change", () => {
    const before = Array.from({ length: 20 }, (_, n) => `Line ${n + 1}`).join("\n");
    const after = before.replace("Line 10", "Line ten");
    const { lines } = diffText(before, after);
    expect(lines).toEqual([
      { kind: "skipped", count: 7 },
      { kind: "same", text: "Line 8" },
      { kind: "same", text: "Line 9" },
      { kind: "removed", text: "Line 10" },
      { kind: "added", text: "Line ten" },
      { kind: "same", text: "Line 11" },
      { kind: "same", text: "Line 12" },
      { kind: "skipped", count: 8 },
    ]);
  });

  it("says nothing changed for the same text, whatever its line endings", () => {
    const result = diffText("A\r\nB\r\n", "A\nB\n");
    expect(result).toMatchObject({ added: 0, removed: 0 });
    expect(result.lines.every((line) => line.kind === "same" || line.kind === "skipped")).toBe(
      true,
    );
  });
});
