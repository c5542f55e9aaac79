/**
 * A post's tables of four or more columns, each in a box that scrolls sideways when the
 * table is wider than the column (a five-column comparison on a phone), so that the page
 * itself never does. The table can take the keyboard's focus (Tab), and the arrow keys then
 * scroll its box, as a scrolling area must allow; a screen reader announces it as the table
 * it is. Tables of two or three columns are left as they are: their words wrap to fit a
 * phone's column, they need no extra stop for the keyboard, and an article's first view
 * must fit one round trip, byte by byte (tests/integration/first-view.test.ts). Applied
 * where a post's cleaned HTML goes into a page: on the server for the post page and its
 * draft view (the public scripts do not carry this), in the editor's preview and revisions.
 * The stored HTML stays as the sanitiser made it, which allows no such attributes; in it
 * "<table" can only start a table.
 */
export function withScrollingTables(html: string): string {
  return html.replace(/<table([\s>][\s\S]*?<\/table>)/g, (table, rest: string) => {
    // A table inside a table (raw HTML only) is left as it is: the match would split it.
    if (table.includes("<table", 1)) return table;
    const firstRow = /<tr[\s>][\s\S]*?<\/tr>/.exec(table)?.[0] ?? "";
    const columns = firstRow.match(/<t[hd][\s>]/g)?.length ?? 0;
    return columns >= WIDE_TABLE_COLUMNS
      ? `<div class="table-scroll"><table tabindex="0"${rest}</div>`
      : table;
  });
}

/** From how many columns a table may be wider than a phone's column. */
export const WIDE_TABLE_COLUMNS = 4;
