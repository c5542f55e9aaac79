import { describe, expect, test } from "vitest";
import { withScrollingTables } from "#app/lib/post-tables.ts";

const row = (cells: string[], tag = "td") =>
  `<tr>${cells.map((cell) => `<${tag}>${cell}</${tag}>`).join("")}</tr>`;

describe("withScrollingTables", () => {
  test("a table of four columns or more goes in a scrolling box and takes the keyboard's focus", () => {
    const wide = `<table><thead>${row(["Plan", "Posts", "Articles", "Reporting"], "th")}</thead><tbody>${row(["Founder &amp; brand", "12", "2", "Monthly"])}</tbody></table>`;
    expect(withScrollingTables(`<p>Before.</p>${wide}<p>After.</p>`)).toBe(
      `<p>Before.</p><div class="table-scroll"><table tabindex="0">${wide.slice("<table>".length)}</div><p>After.</p>`,
    );
  });

  test("narrower tables, text about tables and a table in a table are left as they are", () => {
    for (const html of [
      `<table><thead>${row(["Before", "After"], "th")}</thead><tbody>${row(["a", "b"])}</tbody></table>`,
      `<table>\n<tbody>${row(["one", "two", "three"])}${row(["1", "2", "3", "4"])}</tbody></table>`,
      "<p>Use &lt;table&gt; for data.</p>",
      "<table><tr><td><table><tr><td>a</td><td>b</td><td>c</td><td>d</td></tr></table></td></tr></table>",
    ]) {
      expect(withScrollingTables(html)).toBe(html);
    }
  });
});
