import { describe, expect, test } from "vitest";
import {
  insertLink,
  type TextEdit,
  toggleLinePrefix,
  toggleWrap,
} from "#app/components/admin/markdown-format.ts";

/** The text after an edit, with the selection marked as « and ». */
function applied(doc: string, edit: TextEdit): string {
  const text = doc.slice(0, edit.from) + edit.insert + doc.slice(edit.to);
  const { anchor, head } = edit.selection;
  const [start, end] = anchor <= head ? [anchor, head] : [head, anchor];
  return `${text.slice(0, start)}«${text.slice(start, end)}»${text.slice(end)}`;
}

describe("bold, italic and code wrap the selection, and a second press takes the markers off", () => {
  test("wrapping and unwrapping", () => {
    const doc = "Founders who post win.";
    const bold = toggleWrap(doc, 13, 17, "**");
    expect(applied(doc, bold)).toBe("Founders who **«post»** win.");
    const boldDoc = "Founders who **post** win.";
    expect(applied(boldDoc, toggleWrap(boldDoc, 15, 19, "**"))).toBe("Founders who «post» win.");
    expect(applied(boldDoc, toggleWrap(boldDoc, 13, 21, "**"))).toBe("Founders who «post» win.");
    expect(applied(doc, toggleWrap(doc, 0, 8, "`"))).toBe("`«Founders»` who post win.");
  });

  test("with nothing selected the markers go around the caret", () => {
    expect(applied("ab", toggleWrap("ab", 1, 1, "*"))).toBe("a*«»*b");
  });
});

describe("headings, lists and quotes start every line the selection touches", () => {
  test("adding to lines and taking off again", () => {
    const doc = "Intro\nOne\nTwo\nEnd";
    const list = toggleLinePrefix(doc, 7, 11, "- ");
    expect(applied(doc, list)).toBe("Intro\n«- One\n- Two»\nEnd");
    const listed = "Intro\n- One\n- Two\nEnd";
    expect(applied(listed, toggleLinePrefix(listed, 8, 14, "- "))).toBe("Intro\n«One\nTwo»\nEnd");
  });

  test("with only a caret, it stays in the line's text, so typing goes on from there", () => {
    expect(applied("Why", toggleLinePrefix("Why", 3, 3, "## "))).toBe("## Why«»");
    expect(applied("Intro\n\nEnd", toggleLinePrefix("Intro\n\nEnd", 6, 6, "## "))).toBe(
      "Intro\n## «»\nEnd",
    );
    expect(applied("## Why", toggleLinePrefix("## Why", 4, 4, "## "))).toBe("W«»hy");
    expect(applied("- One", toggleLinePrefix("- One", 1, 1, "- "))).toBe("«»One");
  });

  test("a mixed selection gets the prefix on every line", () => {
    const doc = "> quoted\nplain";
    expect(applied(doc, toggleLinePrefix(doc, 0, doc.length, "> "))).toBe("«> > quoted\n> plain»");
  });
});

test("a link keeps the selected words and selects the address to type", () => {
  const doc = "Read the study now.";
  expect(applied(doc, insertLink(doc, 9, 14))).toBe("Read the [study](«https://») now.");
  expect(applied("Go ", insertLink("Go ", 3, 3))).toBe("Go [«text»](https://)");
});
