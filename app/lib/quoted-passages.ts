// A reader of a post's preview quotes what they comment on ("Comment on this" writes the
// passage between “ and ”, as the page shows it). The editor finds each passage again in
// the Markdown it came from, so the writer goes straight to the words the note is about.

/** A passage as a button or link names it: its start, when it is long. */
export function shortPassage(passage: string): string {
  return passage.length > 48 ? `${passage.slice(0, 47).trimEnd()}…` : passage;
}

/** The most passages of one note the editor offers to show. */
export const passagesShownMax = 5;

/**
 * The passages a note quotes: between “ and ” (as Comment on this writes them) or between
 * straight double quotes (as people type them), each with its spaces collapsed; a quote of
 * fewer than three characters says nothing about where it is, and is left out.
 */
export function quotedPassages(comment: string): string[] {
  const found: string[] = [];
  for (const match of comment.matchAll(/“([^”]+)”|"([^"\n]+)"/g)) {
    const passage = (match[1] ?? match[2] ?? "").replace(/\s+/g, " ").trim();
    if (passage.length >= 3 && !found.includes(passage)) found.push(passage);
    if (found.length === passagesShownMax) break;
  }
  return found;
}

// Spans of the Markdown the page does not show as text: an image (its description is not
// read with the words around it), a link's address or reference label, an inline tag, and
// a line of a table's rule or a thematic break, and what starts a line (a heading's #, a
// quote's >, a list's - or 1., a task's box; tried last, as it may be nothing).
const hidden = new RegExp(
  [
    String.raw`!\[[^\]\n]*\]\([^)\n]*\)`,
    String.raw`\]\([^)\n]*\)`,
    String.raw`\]\[[^\]\n]*\]`,
    String.raw`<\/?[A-Za-z][^>\n]*>`,
    String.raw`^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+(?:[ \t]*:?-+:?)?[ \t]*$`,
    String.raw`^[ \t]*(?:[-*_][ \t]*){3,}$`,
    String.raw`^[ \t]*(?:>[ \t]?|(?:[-*+]|\d{1,9}[.)])[ \t]+)*(?:\[[ xX]\][ \t]+|#{1,6}[ \t]+)?`,
  ].join("|"),
  "gm",
);

// Marks left out of both the Markdown and the passage: emphasis, struck-through and code
// marks, escapes, a link's brackets and a table's pipes (where they are text, as in
// "5 * 3", they go from both, and the two still meet), and the box the page draws for a task.
const dropped = new Set(["*", "_", "~", "`", "\\", "[", "]", "|", "#", "☐", "☑"]);
const alike: Record<string, string> = { "‘": "'", "’": "'", "“": '"', "”": '"' };
const entities: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&nbsp;": " ",
};

/**
 * The text as compared: marks dropped, alike characters made one, each run of spaces one
 * space; with, for each of its characters, where it came from in the original and where
 * that ends (an entity is several characters there).
 */
function canonical(
  original: string,
  spans: Array<[number, number]> = [],
): {
  text: string;
  from: number[];
  to: number[];
} {
  let text = "";
  const from: number[] = [];
  const to: number[] = [];
  let span = 0;
  let index = 0;
  while (index < original.length) {
    const skip = spans[span];
    if (skip && index >= skip[0]) {
      index = Math.max(index, skip[1]);
      span++;
      continue;
    }
    let character = original[index] ?? "";
    let length = 1;
    if (character === "&") {
      const entity = Object.keys(entities).find((name) => original.startsWith(name, index));
      if (entity) {
        character = entities[entity] ?? character;
        length = entity.length;
      }
    }
    if (/\s/.test(character)) {
      if (text && !text.endsWith(" ")) {
        text += " ";
        from.push(index);
        to.push(index + length);
      }
    } else if (!dropped.has(character)) {
      text += alike[character] ?? character;
      from.push(index);
      to.push(index + length);
    }
    index += length;
  }
  return { text, from, to };
}

function hiddenSpans(markdown: string): Array<[number, number]> {
  return [...markdown.matchAll(hidden)]
    .filter((match) => match[0].length > 0)
    .map((match) => [match.index, match.index + match[0].length]);
}

/**
 * Finds passages (text as the page shows it) in `markdown`: from a passage's first character
 * to its last, whatever marks stand between them. The first place when it is there more
 * than once; null when it is not there (any more). A passage cut short with "…" (Comment on
 * this cuts at 300 characters) is looked for without it when it is not found with it. The
 * Markdown is read once, for any number of passages.
 */
export function passageFinder(
  markdown: string,
): (passage: string) => { from: number; to: number } | null {
  const source = canonical(markdown, hiddenSpans(markdown));
  return (passage) => {
    const text = passage.trim();
    for (const candidate of text.endsWith("…") ? [text, text.slice(0, -1)] : [text]) {
      const wanted = canonical(candidate).text.trim();
      if (!wanted) continue;
      const at = source.text.indexOf(wanted);
      if (at === -1) continue;
      const first = source.from[at] ?? 0;
      return { from: first, to: source.to[at + wanted.length - 1] ?? first + 1 };
    }
    return null;
  };
}

/** Where one passage is in `markdown` (passageFinder, for one). */
export function findPassage(
  markdown: string,
  passage: string,
): { from: number; to: number } | null {
  return passageFinder(markdown)(passage);
}
