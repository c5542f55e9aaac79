// Same classes as the article body on the public post page (routes/blog.$slug.tsx), so the
// editor's preview and a revision look like the page; kept as a copy so that the public
// bundle does not change.
export const articleProseClass =
  "prose prose-lg max-w-none prose-headings:font-display prose-a:text-brand-700 hover:prose-a:text-brand-800";

/**
 * A post's HTML shown inside the editor's page, its headings placed in that page's outline:
 * under a heading of level `under` ("Preview" is an h2), the post's h2 is read as one level
 * below it, and so on (`aria-level`; the tags, and so the look, stay the page's). Without it
 * a screen reader's list of headings mixed the post's sections with the editor's panels.
 * The HTML is the server's cleaned output: a "<h" in its text is written "&lt;h".
 */
export function nestHeadings(html: string, under: number): string {
  return html.replace(
    /<h([1-6])(?=[\s>])/g,
    (_, level: string) => `<h${level} aria-level="${Number(level) - 1 + under}"`,
  );
}
