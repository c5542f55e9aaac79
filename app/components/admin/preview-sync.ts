// Keeping the post editor's preview at the part of the text being edited: the text and
// its preview are matched by their headings, and between two headings by how far the
// caret is from one to the next.

/** Where a line of Markdown falls: after `heading` headings (0: before the first), and how far towards the next (0 to 1). */
export type PreviewAnchor = { heading: number; fraction: number };

const headingLine = /^ {0,3}#{1,6}(?:\s|$)/;
const fence = /^ {0,3}(```|~~~)/;

/** The anchor of line `caretLine` (0-based) in `markdown`. */
export function anchorFor(markdown: string, caretLine: number): PreviewAnchor {
  const lines = markdown.split("\n");
  // The lines where headings start (a "#" in a fenced code block is not one).
  const headings: number[] = [];
  let inFence: string | null = null;
  lines.forEach((line, index) => {
    const opened = fence.exec(line)?.[1];
    if (opened && (inFence === null || inFence === opened)) {
      inFence = inFence === null ? opened : null;
      return;
    }
    if (inFence === null && headingLine.test(line)) headings.push(index);
  });
  const line = Math.max(0, Math.min(caretLine, lines.length - 1));
  const heading = headings.filter((start) => start <= line).length;
  const from = heading === 0 ? 0 : (headings[heading - 1] ?? 0);
  const to = headings[heading] ?? lines.length;
  const fraction = to > from ? (line - from) / (to - from) : 0;
  return { heading, fraction: Math.min(1, Math.max(0, fraction)) };
}

/**
 * How far down `article` (in pixels from its top) the anchor's place is: between the
 * matching heading of the preview and the next one (or the article's end).
 */
export function offsetFor(article: HTMLElement, anchor: PreviewAnchor): number {
  const headings = [...article.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6")];
  const top = (element: HTMLElement) =>
    element.getBoundingClientRect().top - article.getBoundingClientRect().top + article.scrollTop;
  const start = anchor.heading === 0 ? 0 : top(headings[anchor.heading - 1] ?? article);
  const next = headings[anchor.heading];
  const end = next ? top(next) : article.scrollHeight;
  return start + (end - start) * anchor.fraction;
}
