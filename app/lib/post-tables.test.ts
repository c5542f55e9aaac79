import { describe, expect, test } from "vitest";
import { withScrollingTables } from "#app/lib/post-tables.ts";

describe("withScrollingTables", () => {
  test("each table goes in a named, focusable box; the rest is untouched", () => {
    const html =
      '<p>Before.</p><table><thead><tr><th>Plan</th><th><strong>Price</strong> "per month"</th><th></th></tr></thead><tbody><tr><td>Founder &amp; brand</td><td>£4,000</td><td>x</td></tr></tbody></table><p>Between.</p><table>\n<tbody><tr><td>no header</td></tr></tbody></table>';
    expect(withScrollingTables(html)).toBe(
      '<p>Before.</p><div class="table-scroll" role="region" tabindex="0" aria-label="Table: Plan, Price &quot;per month&quot;"><table><thead><tr><th>Plan</th><th><strong>Price</strong> "per month"</th><th></th></tr></thead><tbody><tr><td>Founder &amp; brand</td><td>£4,000</td><td>x</td></tr></tbody></table></div><p>Between.</p><div class="table-scroll" role="region" tabindex="0" aria-label="Table"><table>\n<tbody><tr><td>no header</td></tr></tbody></table></div>',
    );
  });

  test("text about tables, a <thead> alone and a table in a table are left as they are", () => {
    for (const html of [
      "<p>Use &lt;table&gt; for data.</p>",
      "<p>No tables here.</p>",
      "<table><tr><td><table><tr><td>inner</td></tr></table></td></tr></table>",
    ]) {
      expect(withScrollingTables(html)).toBe(html);
    }
  });
});
