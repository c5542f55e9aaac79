/**
 * A post's tables, each in a box that scrolls sideways when the table is wider than the
 * column (a five-column comparison on a phone), so that the page itself never does. The box
 * is a named region a keyboard can reach and scroll with the arrow keys ("Table: Plan, Price,
 * Terms", from the table's header cells), as a scrolling area must be. Applied where a post's
 * cleaned HTML goes into a page (the post page, its draft view, the editor's preview and
 * revisions); the stored HTML stays as the sanitiser made it, which allows no such attributes.
 * The HTML is the server's cleaned output, in which "<table" can only start a table.
 */
export function withScrollingTables(html: string): string {
  return html.replace(/<table[\s>][\s\S]*?<\/table>/g, (table) => {
    // A table inside a table (raw HTML only) is left as it is: the match would split it.
    if (table.indexOf("<table", 1) !== -1) return table;
    const headers = [...table.matchAll(/<th\b[^>]*>([\s\S]*?)<\/th>/g)]
      .map((cell) =>
        (cell[1] ?? "")
          .replace(/<[^>]*>/g, "")
          .replace(/\s+/g, " ")
          .trim(),
      )
      .filter(Boolean);
    const label = (headers.length > 0 ? `Table: ${headers.join(", ")}` : "Table").replaceAll(
      '"',
      "&quot;",
    );
    return `<div class="table-scroll" role="region" tabindex="0" aria-label="${label}">${table}</div>`;
  });
}
