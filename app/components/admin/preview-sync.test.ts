import { describe, expect, it } from "vitest";
import { anchorFor } from "./preview-sync.ts";

const text = [
  "Intro line one.", // 0
  "", // 1
  "## First", // 2
  "", // 3
  "Words.", // 4
  "", // 5
  "```md", // 6
  "## not a heading", // 7
  "```", // 8
  "## Second", // 9
  "Last.", // 10
].join("\n");

describe("anchorFor", () => {
  it("places a line before the first heading by how far down the intro it is", () => {
    expect(anchorFor(text, 0)).toEqual({ heading: 0, fraction: 0 });
    expect(anchorFor(text, 1)).toEqual({ heading: 0, fraction: 0.5 });
  });

  it("counts headings up to the caret, not a '#' inside a fenced code block", () => {
    expect(anchorFor(text, 2)).toEqual({ heading: 1, fraction: 0 });
    expect(anchorFor(text, 7).heading).toBe(1);
    expect(anchorFor(text, 7).fraction).toBeCloseTo(5 / 7);
    expect(anchorFor(text, 9)).toEqual({ heading: 2, fraction: 0 });
    expect(anchorFor(text, 10)).toEqual({ heading: 2, fraction: 0.5 });
  });

  it("keeps a caret past the end on the last line", () => {
    expect(anchorFor(text, 99)).toEqual({ heading: 2, fraction: 0.5 });
    expect(anchorFor("", 0)).toEqual({ heading: 0, fraction: 0 });
  });
});
