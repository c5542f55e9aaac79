import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  createStylesheetPruner,
  directoryStore,
  documentTokens,
  skeletonOf,
  structureOf,
} from "#app/.server/pages/critical-css.ts";
import { temporaryDirectory } from "../../../tests/support/temporary-directory.ts";

const css = `@layer theme, base, utilities;
@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}
@property --tw-blur{syntax:"*";inherits:false}
@layer base{html{color:black}table{border-collapse:collapse}}
@layer utilities{.card{box-shadow:var(--tw-shadow)}.p-4{padding:1rem}.md\\:flex{display:flex}.filter-blur{filter:var(--tw-blur)}[hidden]{display:none}.open\\:block[open]{display:block}.spin{animation:spin 1s}}
@keyframes spin{to{rotate:1turn}}
@keyframes pulse{50%{opacity:.5}}
`;

describe("the stylesheet a document carries", () => {
  test("keeps the rules its tags, attributes and classes use, and drops the rest", () => {
    const prune = createStylesheetPruner(css);
    const kept = prune(
      '<html><body><div class="card p-4" hidden>Text about tables and .filter-blur</div><details class="open:block" open></details></body></html>',
    );
    expect(kept.startsWith("@layer theme, base, utilities;")).toBe(true);
    expect(kept).toContain(".card{");
    expect(kept).toContain(".p-4{");
    expect(kept).toContain("[hidden]");
    expect(kept).toContain(".open\\:block[open]");
    // Words of the text do not keep rules: only markup does.
    expect(kept).not.toContain("table{");
    expect(kept).not.toContain(".filter-blur");
    expect(kept).not.toContain("md\\:flex");
    // A registered property stays only while a kept rule uses it.
    expect(kept).toContain("@property --tw-shadow");
    expect(kept).not.toContain("@property --tw-blur");
    expect(kept).not.toContain("@keyframes");
  });

  test("rules for paper are left out: the whole stylesheet, loaded later, has them", () => {
    const prune = createStylesheetPruner(
      '@layer utilities{.p-4{padding:1rem}}@media print{.p-4{padding:0}nav{display:none}a[href^="http"]::after{content:attr(href)}}@media (min-width:40rem){.p-4{padding:2rem}}',
    );
    expect(prune('<nav class="p-4"><a href="http://a.example/">Menu</a></nav>')).toBe(
      "@layer utilities{.p-4{padding:1rem}}@media (min-width:40rem){.p-4{padding:2rem}}",
    );
    // Nor do they shape the pruning: a link's address stays out of a page's skeleton, so
    // copies on different addresses share their pruned pages.
    expect(prune.work.parsed + prune.work.written).toBe(1);
    prune('<nav class="p-4"><a href="http://b.example/">Menu</a></nav>');
    expect(prune.work.written).toBe(1);
  });

  test("keeps every font face whole, with its declarations separated", () => {
    const prune = createStylesheetPruner(
      '@font-face{font-family:Brand;font-display:optional;src:url(/assets/brand.woff2)format("woff2")}@font-face{font-family:Brand Fallback;src:local(Arial);size-adjust:107%}.p-4{padding:1rem}.m-4{margin:1rem}',
    );
    expect(prune('<p class="p-4">Text</p>')).toBe(
      '@font-face{font-family:Brand;font-display:optional;src:url(/assets/brand.woff2)format("woff2")}@font-face{font-family:Brand Fallback;src:local(Arial);size-adjust:107%}.p-4{padding:1rem}',
    );
  });

  test("a rule is kept when only what its :not() names is missing from the document", () => {
    const prune = createStylesheetPruner(
      '.prose :where(p):not(:where([class~="not-prose"],[class~="not-prose"] *)){margin:1em 0}[hidden]:where(:not([hidden=until-found])){display:none}.aside{color:red}',
    );
    const kept = prune('<div class="prose"><p hidden>Text</p></div>');
    expect(kept).toContain(".prose :where(p)");
    expect(kept).toContain("[hidden]:where(");
    expect(kept).not.toContain(".aside");
  });

  test("rules for an open dialog or details stay: the browser opens them without scripts", () => {
    const prune = createStylesheetPruner(
      ".side-menu{translate:100% 0}.side-menu[open]{translate:0 0}details[open]>summary{color:red}[hidden]{display:none}",
    );
    const kept = prune(
      '<dialog class="side-menu"></dialog><details><summary>More</summary></details>',
    );
    expect(kept).toContain(".side-menu[open]");
    expect(kept).toContain("details[open]>summary");
    // Other attributes still have to be in the document.
    expect(kept).not.toContain("[hidden]");
  });

  test("theme values and utility defaults stay only while a kept rule reads them", () => {
    const prune = createStylesheetPruner(
      ":root{--color-brand:var(--brand-base);--brand-base:#123;--color-unused:red;--text-xl:1.25rem}*,:before{--tw-ring:0 0 #0000;--tw-shadow:0 0 #0000}.btn{color:var(--color-brand);box-shadow:var(--tw-shadow)}.ring{box-shadow:var(--tw-ring)}",
    );
    const kept = prune('<a class="btn">Go</a>');
    expect(kept).toContain("--color-brand:var(--brand-base)");
    // Read through another custom property.
    expect(kept).toContain("--brand-base:#123");
    expect(kept).toContain("--tw-shadow:0 0 #0000");
    expect(kept).not.toContain("--color-unused");
    expect(kept).not.toContain("--text-xl");
    expect(kept).not.toContain("--tw-ring");
  });

  test("a class the HTML escapes keeps its rule", () => {
    const prune = createStylesheetPruner(
      ".\\[\\&\\:\\:-webkit-details-marker\\]\\:hidden::-webkit-details-marker{display:none}.other{color:red}",
    );
    const kept = prune(
      '<summary class="[&amp;::-webkit-details-marker]:hidden">Question</summary>',
    );
    expect(kept).toContain("-webkit-details-marker{display:none}");
    expect(kept).not.toContain(".other");
  });

  test("a selector that relates elements is kept only when the document has them so related", () => {
    const prune = createStylesheetPruner(
      [
        ".prose :where(thead th):not(:where([class~=not-prose],[class~=not-prose] *)){padding:1em}",
        ".prose :where(ol>li)::marker{color:gray}",
        ".prose :where(h2+*){margin-top:0}",
        ".group:hover .icon{color:blue}",
        ".space-y-4>:not(:last-child){margin-bottom:1rem}",
        "a.btn{color:red}",
      ].join(""),
    );
    // The tokens are all there, but not in these relations: a table outside the prose, an
    // `ol` without items, a paragraph before the heading, no icon inside the group, an
    // empty list, a `.btn` that is not a link.
    const apart = prune(
      '<div class="prose"><p>a</p><ol></ol><h2>b</h2></div><table><thead><tr><th>c</th></tr></thead></table><li>d</li><div class="group"></div><span class="icon"></span><div class="space-y-4"></div><span class="btn"></span><a>e</a>',
    );
    expect(apart).toBe("");
    const together = prune(
      '<div class="prose"><h2>b</h2><p>a</p><ol><li>d</li></ol><table><thead><tr><th>c</th></tr></thead></table></div><div class="group"><span class="icon"></span></div><div class="space-y-4"><p>x</p><p>y</p></div><a class="btn">e</a>',
    );
    // States (:hover), absences (:not) and pseudo-elements (::marker) count as matching.
    expect(together).toContain(".prose :where(thead th)");
    expect(together).toContain(".prose :where(ol>li)::marker");
    expect(together).toContain(".prose :where(h2+*)");
    expect(together).toContain(".group:hover .icon");
    expect(together).toContain(".space-y-4>:not(:last-child)");
    expect(together).toContain("a.btn");
  });

  test("a position among siblings (:nth-child(n+6), odd) is a count, not a tag to look for", () => {
    const prune = createStylesheetPruner(
      ".prose>:nth-child(n+3){color:gray}tr:nth-child(odd){color:red}li:nth-of-type(2n + 1){color:blue}",
    );
    const short = prune('<div class="prose"><p>a</p><p>b</p></div><ul><li>c</li></ul>');
    expect(short).toBe("li:nth-of-type(2n + 1){color:blue}");
    const long = prune(
      '<div class="prose"><p>a</p><p>b</p><p>c</p></div><table><tr><td>d</td></tr></table><ul><li>e</li></ul>',
    );
    expect(long).toContain(".prose>:nth-child(n+3){");
    expect(long).toContain("tr:nth-child(odd){");
    expect(long).toContain("li:nth-of-type(2n + 1){");
  });

  test("the resets of form controls' parts go only to documents with a form control", () => {
    const prune = createStylesheetPruner(
      "::placeholder{opacity:1}::-webkit-datetime-edit-year-field{padding-block:0}::file-selector-button{margin:0}:-moz-ui-invalid{box-shadow:none}::selection{color:red}",
    );
    expect(prune("<article><p>Text</p></article>")).toBe("::selection{color:red}");
    const form = prune('<form><textarea name="message"></textarea></form>');
    expect(form).toContain("::placeholder{");
    expect(form).toContain("::-webkit-datetime-edit-year-field{");
    expect(form).toContain(":-moz-ui-invalid{");
  });

  test("a selector's structure leaves out states, absences and pseudo-elements", () => {
    expect(structureOf(".group:hover .icon")).toBe(".group:is(*) .icon");
    expect(structureOf(".prose :where(ol>li)::marker")).toBe(".prose :where(ol>li):is(*)");
    expect(structureOf(".a>:not(:last-child)")).toBe(".a>:is(*)");
    expect(structureOf("ul:first-child>li:nth-child(2n)")).toBe("ul:first-child>li:nth-child(2n)");
  });

  test("two visits of a page share one skeleton: text and uncompared values are left out", () => {
    const compared = new Set(["type"]);
    const visit = (token: string, text: string) =>
      skeletonOf(
        `<form class="grid"><input type="hidden" name="token" value="${token}"><p>${text}</p><button type="submit">Send</button></form>`,
        compared,
      );
    expect(visit("a1", "Hello")).toBe(visit("b2", "Other words"));
    expect(visit("a1", "Hello")).toContain('<input type="hidden" name value>');
    // A class, or a value a selector compares, makes another skeleton.
    expect(skeletonOf('<p class="a">x</p>', compared)).not.toBe(
      skeletonOf('<p class="b">x</p>', compared),
    );
    expect(skeletonOf('<button type="submit"></button>', compared)).not.toBe(
      skeletonOf('<button type="button"></button>', compared),
    );
    // And the pruner, having seen one visit, gives the next the same rules.
    const prune = createStylesheetPruner(
      "form input[type=hidden]{display:none}.grid>p{margin:0}[type=submit]{color:red}",
    );
    const first = prune('<form class="grid"><input type="hidden" value="a1"><p>Hi</p></form>');
    const second = prune('<form class="grid"><input type="hidden" value="b2"><p>Yo</p></form>');
    expect(first).toBe(second);
    // The second visit was neither parsed nor pruned again.
    expect(prune.work).toEqual({ parsed: 1, written: 1 });
    prune('<form class="grid wide"><input type="hidden" value="c3"><p>Hi</p></form>');
    expect(prune.work).toEqual({ parsed: 2, written: 2 });
    expect(first).toContain(".grid>p");
    expect(first).not.toContain("[type=submit]");
  });

  test("documents of the same shape share one signature, whatever their text", () => {
    const a = documentTokens('<article class="prose"><p>First post about founders.</p></article>');
    const b = documentTokens('<article class="prose"><p>Another post, other words.</p></article>');
    expect(a).toEqual(b);
  });
});

describe("pruned stylesheets kept in the release's directory", () => {
  const page = '<main class="card p-4"><p hidden>Hi</p></main>';
  const form = '<form><input type="hidden" value="a1"><p class="p-4">Yo</p></form>';

  test("a second process (a restart, another copy) prunes nothing it finds there, and gets the same rules", () => {
    const directory = path.join(temporaryDirectory("pruned"), "cache", "critical-css");
    const first = createStylesheetPruner(css, { store: directoryStore(directory) });
    const expected = [first(page), first(form)];
    expect(first.work.written).toBe(2);
    expect(readdirSync(directory).filter((name) => name.endsWith(".css"))).toHaveLength(2);
    expect(readdirSync(directory).filter((name) => name.endsWith(".tmp"))).toEqual([]);

    const second = createStylesheetPruner(css, { store: directoryStore(directory) });
    // Another visit of each shape: other text, another form token.
    expect([second(page.replace("Hi", "Hello")), second(form.replace("a1", "b2"))]).toEqual(
      expected,
    );
    expect(second.work).toEqual({ parsed: 0, written: 0 });
    // A new shape is pruned, and kept for the next.
    second('<main class="card"><p>Only the card</p></main>');
    expect(second.work.written).toBe(1);
    expect(readdirSync(directory).filter((name) => name.endsWith(".css"))).toHaveLength(3);
  });

  test("another stylesheet in the same directory does not take the first one's rules", () => {
    const directory = temporaryDirectory("pruned-two");
    const site = createStylesheetPruner(css, { store: directoryStore(directory) });
    const other = createStylesheetPruner(".card{color:red}", { store: directoryStore(directory) });
    expect(site(page)).toContain("padding:1rem");
    expect(other(page)).toBe(".card{color:red}");
  });

  test("a directory it cannot write to only means pruning again", () => {
    // Below a file: no directory can be made there, whoever the process runs as.
    const file = path.join(temporaryDirectory("pruned-unwritable"), "a-file");
    writeFileSync(file, "");
    const store = directoryStore(path.join(file, "cache"));
    const prune = createStylesheetPruner(css, { store });
    const rules = prune(page);
    expect(rules).toContain("padding:1rem");
    const again = createStylesheetPruner(css, { store });
    expect(again(page)).toBe(rules);
    expect(again.work.written).toBe(1);
  });

  test("what is written is what was pruned, whole", () => {
    const directory = temporaryDirectory("pruned-whole");
    const rules = createStylesheetPruner(css, { store: directoryStore(directory) })(page);
    const [file] = readdirSync(directory);
    expect(readFileSync(path.join(directory, file ?? ""), "utf8")).toBe(rules);
  });
});
