// The post editor's formatting commands as edits of plain text: what the toolbar and the
// shortcuts (Ctrl/⌘+B, I, K) do to the Markdown, kept apart from CodeMirror so that each
// rule is tested on its own.

/** One replacement of `from`…`to` by `insert`, and where the selection ends up. */
export type TextEdit = {
  from: number;
  to: number;
  insert: string;
  selection: { anchor: number; head: number };
};

/**
 * Wraps the selection in `marker` (** for bold, * for italic, ` for code), or unwraps it
 * when it is wrapped already. With nothing selected, the markers go around the caret.
 */
export function toggleWrap(doc: string, from: number, to: number, marker: string): TextEdit {
  const size = marker.length;
  const selected = doc.slice(from, to);
  // The markers just outside the selection: "**bold**" with "bold" selected. With "*" and
  // "**" made of one character, the run on each side says which are there: one or three
  // stars hold an italic, two or three a bold ("**word**" made italic is "***word***").
  const char = marker[0] ?? "";
  const runOf = (step: -1 | 1) => {
    let count = 0;
    for (let at = step < 0 ? from - 1 : to; doc[at] === char; at += step) count++;
    return count;
  };
  const around = [...marker].every((c) => c === char) ? Math.min(runOf(-1), runOf(1)) : 0;
  const wrapped =
    marker === "*" ? around % 2 === 1 : marker === "**" ? around >= 2 : around >= size;
  if (wrapped) {
    return {
      from: from - size,
      to: to + size,
      insert: selected,
      selection: { anchor: from - size, head: to - size },
    };
  }
  // The markers inside it: "**bold**" selected whole.
  if (selected.length >= 2 * size && selected.startsWith(marker) && selected.endsWith(marker)) {
    const inner = selected.slice(size, -size);
    return { from, to, insert: inner, selection: { anchor: from, head: from + inner.length } };
  }
  return {
    from,
    to,
    insert: `${marker}${selected}${marker}`,
    selection: { anchor: from + size, head: to + size },
  };
}

/**
 * Starts every line the selection touches with `prefix` ("## ", "- ", "> "), or takes it
 * off when every one of them has it already.
 */
export function toggleLinePrefix(doc: string, from: number, to: number, prefix: string): TextEdit {
  const start = doc.lastIndexOf("\n", from - 1) + 1;
  const endBreak = doc.indexOf("\n", to);
  const end = endBreak === -1 ? doc.length : endBreak;
  const lines = doc.slice(start, end).split("\n");
  const all = lines.every((line) => line.startsWith(prefix));
  // A heading of another level changes level ("### Small" made "## Small"), not "## ### …".
  const heading = /^#{1,6} $/.test(prefix) ? /^#{1,6} / : null;
  const bare = (line: string) => (heading ? line.replace(heading, "") : line);
  const insert = lines
    .map((line) => (all ? line.slice(prefix.length) : `${prefix}${bare(line)}`))
    .join("\n");
  if (from === to) {
    // A caret stays where it was in the line's text, so what is typed next goes there: on
    // an empty line, after the new "## ".
    const caret = Math.max(start, from + insert.length - (end - start));
    return { from: start, to: end, insert, selection: { anchor: caret, head: caret } };
  }
  return {
    from: start,
    to: end,
    insert,
    selection: { anchor: start, head: start + insert.length },
  };
}

/**
 * Enter on a line that holds only a list or quote marker ("- ", "1. ", "> "), as the
 * editor leaves after Enter in a list: the list or quote ends there, with the blank line
 * Markdown needs before the next paragraph (without it "After the list." joined the last
 * item). Null for any other line (an indented item is left to the editor: it outdents).
 */
export function endEmptyBlock(doc: string, caret: number): TextEdit | null {
  const start = doc.lastIndexOf("\n", caret - 1) + 1;
  const endBreak = doc.indexOf("\n", caret);
  const end = endBreak === -1 ? doc.length : endBreak;
  if (caret !== end || !/^(?:[-*+]|\d{1,9}[.)]|>)[ \t]*$/.test(doc.slice(start, end))) {
    return null;
  }
  return { from: start, to: end, insert: "\n", selection: { anchor: start + 1, head: start + 1 } };
}

/**
 * Makes the selection a link, `[text](https://)`, with the address selected to be typed
 * over; with nothing selected, `[text](https://)` with "text" selected.
 */
export function insertLink(doc: string, from: number, to: number): TextEdit {
  const text = doc.slice(from, to) || "text";
  const url = "https://";
  const insert = `[${text}](${url})`;
  return from === to
    ? { from, to, insert, selection: { anchor: from + 1, head: from + 1 + text.length } }
    : {
        from,
        to,
        insert,
        selection: { anchor: from + text.length + 3, head: from + text.length + 3 + url.length },
      };
}

/** The toolbar's buttons, in order, with their shortcut where writers expect one. */
export const formattingActions = [
  {
    name: "heading",
    label: "Heading",
    edit: (d: string, f: number, t: number) => toggleLinePrefix(d, f, t, "## "),
  },
  {
    name: "bold",
    label: "Bold",
    shortcut: "b",
    edit: (d: string, f: number, t: number) => toggleWrap(d, f, t, "**"),
  },
  {
    name: "italic",
    label: "Italic",
    shortcut: "i",
    edit: (d: string, f: number, t: number) => toggleWrap(d, f, t, "*"),
  },
  { name: "link", label: "Link", shortcut: "k", edit: insertLink },
  {
    name: "list",
    label: "List",
    edit: (d: string, f: number, t: number) => toggleLinePrefix(d, f, t, "- "),
  },
  {
    name: "quote",
    label: "Quote",
    edit: (d: string, f: number, t: number) => toggleLinePrefix(d, f, t, "> "),
  },
  {
    name: "code",
    label: "Code",
    edit: (d: string, f: number, t: number) => toggleWrap(d, f, t, "`"),
  },
] as const;

export type FormattingAction = (typeof formattingActions)[number];
