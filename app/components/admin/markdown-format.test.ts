import { describe, expect, test } from "vitest";
import {
  endEmptyBlock,
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

  test("italic on bold words adds to the bold, and takes off only its own star", () => {
    const bold = "A **word** here";
    expect(applied(bold, toggleWrap(bold, 4, 8, "*"))).toBe("A ***«word»*** here");
    const both = "A ***word*** here";
    expect(applied(both, toggleWrap(both, 5, 9, "*"))).toBe("A **«word»** here");
    expect(applied(both, toggleWrap(both, 5, 9, "**"))).toBe("A *«word»* here");
    const italic = "A *word* here";
    expect(applied(italic, toggleWrap(italic, 3, 7, "**"))).toBe("A ***«word»*** here");
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

test("a heading of another level changes level instead of stacking markers", () => {
  const small = "### Small heading";
  expect(applied(small, toggleLinePrefix(small, 8, 8, "## "))).toBe("## Smal«»l heading");
  const same = "## Heading";
  expect(applied(same, toggleLinePrefix(same, 10, 10, "## "))).toBe("Heading«»");
});

describe("Enter on an empty list item or quote line ends the list or quote", () => {
  test("with the blank line the next paragraph needs", () => {
    const list = "- first\n- second\n- ";
    const edit = endEmptyBlock(list, list.length);
    expect(edit && applied(list, edit)).toBe("- first\n- second\n\n«»");
    const numbered = "1. one\n2. ";
    const ended = endEmptyBlock(numbered, numbered.length);
    expect(ended && applied(numbered, ended)).toBe("1. one\n\n«»");
    const quote = "> A quote.\n> ";
    const unquoted = endEmptyBlock(quote, quote.length);
    expect(unquoted && applied(quote, unquoted)).toBe("> A quote.\n\n«»");
  });

  test("any other line is left to the editor", () => {
    expect(endEmptyBlock("- item", 6)).toBeNull();
    expect(endEmptyBlock("  - ", 4)).toBeNull();
    expect(endEmptyBlock("- \nnext", 1)).toBeNull();
    expect(endEmptyBlock("Plain text", 10)).toBeNull();
  });
});

test("a link keeps the selected words and selects the address to type", () => {
  const doc = "Read the study now.";
  expect(applied(doc, insertLink(doc, 9, 14))).toBe("Read the [study](«https://») now.");
  expect(applied("Go ", insertLink("Go ", 3, 3))).toBe("Go [«text»](https://)");
});
