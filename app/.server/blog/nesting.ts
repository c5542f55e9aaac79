// How deeply a post's Markdown nests, measured before it is rendered (post-html.ts) and
// named in the editor's refusal (post-renderer.ts). Loads nothing: both threads import it.

/**
 * The deepest nesting of quotes and lists a post may have. Real posts stay under ten;
 * the renderer's time grows with the square of the depth (10,000 nested quotes ran past
 * five seconds), so deeper text is refused at once instead of costing seconds of CPU.
 */
export const MAX_NESTING_DEPTH = 100;

/**
 * The deepest line of `markdown`, counted cheaply: the quote markers (`>`) and list markers
 * (`-`, `*`, `+`, `1.`, `1)`) opening the line, plus one level for every two columns of
 * indentation before a marker (how nested list items are written). Code lines, which
 * open with no marker, count nothing however far they are indented.
 */
export function nestingDepth(markdown: string): number {
  let deepest = 0;
  for (const line of markdown.split("\n")) {
    let depth = 0;
    let at = 0;
    let indent = 0;
    for (;;) {
      const start = at;
      while (line[at] === " " || line[at] === "\t") at += 1;
      if (depth === 0) indent = at - start;
      const marker = /^(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))/.exec(line.slice(at, at + 11));
      if (!marker) break;
      depth += 1;
      at += marker[0].length;
    }
    if (depth > 0) deepest = Math.max(deepest, depth + Math.floor(indent / 2));
  }
  return deepest;
}
