import { describe, expect, test } from "vitest";
import { findPassage, quotedPassages } from "#app/lib/quoted-passages.ts";

/** The Markdown between the found passage's ends, with « and » around it. */
function marked(markdown: string, passage: string): string | null {
  const at = findPassage(markdown, passage);
  if (!at) return null;
  return `${markdown.slice(0, at.from)}«${markdown.slice(at.from, at.to)}»${markdown.slice(at.to)}`;
}

describe("the passages a note quotes", () => {
  test("between curly quotes (Comment on this) or straight ones, spaces collapsed, each once", () => {
    expect(
      quotedPassages(
        '“Most founders post\n twice a week” is too strong.\n\n"weekly" then? And “Most founders post twice a week” again, "ok", “”',
      ),
    ).toEqual(["Most founders post twice a week", "weekly"]);
  });

  test("at most five", () => {
    expect(quotedPassages("“one” “two” “three” “four” “five” “six”")).toEqual([
      "one",
      "two",
      "three",
      "four",
      "five",
    ]);
  });
});

describe("finding a passage in the Markdown it was read from", () => {
  test("through emphasis, links, code, escapes and line breaks, from its first character to its last", () => {
    const markdown =
      'Intro.\n\nWe **doubled** the [pipeline](https://example.com/p "Pipe") in\n*ninety* days with `one` post \\*a week\\*.\n';
    expect(marked(markdown, "doubled the pipeline in ninety days with one post *a week*")).toBe(
      'Intro.\n\nWe **«doubled** the [pipeline](https://example.com/p "Pipe") in\n*ninety* days with `one` post \\*a week»\\*.\n',
    );
  });

  test("across blocks: a heading, a list, a quote and a task list", () => {
    const markdown =
      "## Why it works\n\nFounders sell.\n\n- First point\n- Second point\n\n> Quoted line\n\n- [ ] Draft it\n- [x] Ship it\n";
    expect(marked(markdown, "works Founders sell. First point Second")).toBe(
      "## Why it «works\n\nFounders sell.\n\n- First point\n- Second» point\n\n> Quoted line\n\n- [ ] Draft it\n- [x] Ship it\n",
    );
    expect(marked(markdown, "point Quoted line ☐ Draft it ☑ Ship")).toContain(
      "- Second «point\n\n> Quoted line\n\n- [ ] Draft it\n- [x] Ship» it",
    );
  });

  test("a heading's number is its text; a table's rule and pipes are not", () => {
    const markdown = "### 1. Connect daily\n\n| Group | Why |\n|---|:--:|\n| Buyers | Pipeline |\n";
    expect(marked(markdown, "1. Connect")).toBe(
      "### «1. Connect» daily\n\n| Group | Why |\n|---|:--:|\n| Buyers | Pipeline |\n",
    );
    expect(marked(markdown, "Why Buyers Pipeline")).toContain(
      "| «Why |\n|---|:--:|\n| Buyers | Pipeline» |",
    );
  });

  test("a passage ending in an entity's character ends after the entity", () => {
    expect(marked("Salt &amp; pepper &amp; more", "Salt &")).toBe("«Salt &amp;» pepper &amp; more");
  });

  test("typographic and straight quotes, and entities, are alike", () => {
    expect(
      marked("It's the founder’s call &amp; theirs.", "It’s the founder's call & theirs"),
    ).toBe("«It's the founder’s call &amp; theirs».");
  });

  test("the first place when there are several; none when the words are gone", () => {
    expect(findPassage("a post. a post.", "a post")).toEqual({ from: 0, to: 6 });
    expect(findPassage("We doubled the pipeline.", "We tripled the pipeline")).toBeNull();
    expect(findPassage("We doubled the pipeline.", "   ")).toBeNull();
  });

  test("a passage cut short with … is found by what is before it", () => {
    expect(marked("Long **sentence** here.", "Long sentence…")).toBe("«Long **sentence»** here.");
    expect(marked("Wait… what.", "Wait…")).toBe("«Wait…» what.");
  });
});
