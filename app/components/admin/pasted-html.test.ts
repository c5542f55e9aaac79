// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { imagesLeftOutNote, markdownFromPastedHtml } from "#app/components/admin/pasted-html.ts";

// What Google Docs puts on the clipboard (trimmed of some of its styles): a <b> wrapper that
// is not bold, spans styled bold or italic, headings whose spans say weight 400, lists of
// paragraphs, and a <br> between blocks.
const span = (text: string, style = "font-weight:400;font-style:normal;") =>
  `<span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;${style}white-space:pre-wrap;">${text}</span>`;
const googleDocs = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b3c4d-7fff-1234-5678-9abcdef01234"><h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;">${span("Start from the buyer’s week", "font-size:16pt;font-weight:400;")}</h2><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;">${span("Your buyer reads LinkedIn between meetings. A post that earns a ")}${span("second look", "font-weight:700;font-style:normal;")}${span(" ")}${span("says one thing", "font-weight:400;font-style:italic;")}${span(". See ")}<a href="https://northstory.example/pricing" style="text-decoration:none;">${span("our pricing", "color:#1155cc;text-decoration:underline;")}</a>${span(".")}</p><br><ul style="margin-top:0;margin-bottom:0;"><li dir="ltr" style="list-style-type:disc;" aria-level="1"><p dir="ltr" role="presentation">${span("Who is this for?")}</p></li><li dir="ltr" style="list-style-type:disc;" aria-level="1"><p dir="ltr" role="presentation">${span("What did they get wrong?")}</p></li></ul><br><p dir="ltr">${span("Written for 12 people, *not* the feed.")}</p></b><br class="Apple-interchange-newline">`;

describe("markdownFromPastedHtml", () => {
  test("a Google Docs document keeps its heading, bold, italic, link and list", () => {
    expect(markdownFromPastedHtml(googleDocs)).toEqual({
      markdown: [
        "## Start from the buyer’s week",
        "",
        "Your buyer reads LinkedIn between meetings. A post that earns a **second look** *says one thing*. See [our pricing](https://northstory.example/pricing).",
        "",
        "- Who is this for?",
        "- What did they get wrong?",
        "",
        // Text that looks like Markdown stays text.
        "Written for 12 people, \\*not\\* the feed.",
      ].join("\n"),
      imagesLeftOut: 0,
    });
  });

  test("a web page's or Word's tags become Markdown: headings, emphasis, numbered lists, quotes, rules", () => {
    const html = `<h1>Title</h1><p>Some <strong>strong</strong> and <em>soft</em> words,<br>on two lines.</p><ol start="3"><li>third</li><li>fourth<ul><li>inside</li></ul></li></ol><blockquote><p>Quoted.</p></blockquote><hr><h3><b>Bold</b> heading</h3>`;
    expect(markdownFromPastedHtml(html)?.markdown).toBe(
      [
        "# Title",
        "",
        "Some **strong** and *soft* words,  ",
        "on two lines.",
        "",
        "3. third",
        "4. fourth",
        "   - inside",
        "",
        "> Quoted.",
        "",
        "---",
        "",
        "### Bold heading",
      ].join("\n"),
    );
  });

  test("text without formatting is left to the plain paste: a code editor's coloured Markdown is not escaped", () => {
    const vscode = `<meta charset="utf-8"><div style="color: #cccccc;background-color: #1f1f1f;font-family: Menlo;"><div><span style="color: #569cd6;font-weight: bold;">## Heading</span></div><div><span style="color: #cccccc;">Some **bold** text</span></div></div>`;
    expect(markdownFromPastedHtml("<div><span>plain</span><br><code>x</code></div>")).toBeNull();
    expect(markdownFromPastedHtml("<pre>## not a heading</pre>")).toBeNull();
    // VS Code styles a heading's line bold, in its code font: still a draft to paste as is.
    expect(markdownFromPastedHtml(vscode)).toBeNull();
  });

  test("scripts, styles and forms are dropped with their content; unsafe links keep only their words", () => {
    const html = `<p>Read <a href="javascript:alert(1)">this</a>, <a href="data:text/html,x">that</a>, <a href="//evil.example">there</a>, <a href="/pricing">pricing</a>, <a href="mailto:hi@northstory.example">mail</a> and <a href="#faq">the FAQ</a>.</p><script>alert(1)</script><style>p{}</style><form><button>Buy</button></form>`;
    expect(markdownFromPastedHtml(html)?.markdown).toBe(
      "Read this, that, there, [pricing](/pricing), [mail](mailto:hi@northstory.example) and [the FAQ](#faq).",
    );
  });

  test("images come only when they are the site's own (a path, or this origin's address); the rest are counted out", () => {
    const here = window.location.origin;
    const html = `<p><img src="${here}/media/images/ab12/480.webp?v=1" alt="A [pipeline] chart"><img src="/uploads/team (1).webp" alt="Team"><img src="https://cdn.example/chart.png" alt="theirs"><img src="data:image/png;base64,AAAA" alt="pasted"><img src="blob:${here}/1"><img src="//cdn.example/a.png"><img src="not a url"></p>`;
    expect(markdownFromPastedHtml(html)).toEqual({
      markdown:
        "![A \\[pipeline\\] chart](/media/images/ab12/480.webp?v=1)![Team](/uploads/team%20%281%29.webp)",
      imagesLeftOut: 5,
    });
    expect(imagesLeftOutNote(1)).toBe(
      "1 image of the pasted text was left out: only images already on this site come with a paste. Insert it with the image button, which uploads it here.",
    );
    expect(imagesLeftOutNote(3)).toMatch(
      /^3 images of the pasted text were left out: .* Insert them/,
    );
  });

  test("hostile HTML from the XSS corpus: nothing it carries becomes a tag, a script or an unsafe link in the Markdown", () => {
    const corpus: { payload: string }[] = JSON.parse(
      readFileSync(
        path.resolve(import.meta.dirname, "../../../tests/fixtures/xss-corpus.json"),
        "utf8",
      ),
    );
    expect(corpus.length).toBeGreaterThan(400);
    const escaped = (text: string) =>
      text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
    for (const { payload } of corpus) {
      // Pasted as markup, with a bold word so that it counts as rich text.
      const asMarkup = markdownFromPastedHtml(`<p><b>Note</b> ${payload}</p>`)?.markdown ?? "";
      // Pasted as words someone wrote about it.
      const asText =
        markdownFromPastedHtml(`<p><b>Note</b> ${escaped(payload)}</p>`)?.markdown ?? "";
      for (const markdown of [asMarkup, asText]) {
        expect(markdown, payload).toMatch(/^\*\*Note\*\*/);
        expect(markdown, payload).not.toMatch(/<[a-z/!?]/i);
        expect(markdown, payload).not.toMatch(/\]\(\s*(javascript|data|vbscript):/i);
      }
    }
  });

  test("words that look like a tag stay words; a lone < is left alone", () => {
    expect(
      markdownFromPastedHtml(
        "<p><b>Never</b> write &lt;script&gt; in a post, but a &lt; b is fine.</p>",
      )?.markdown,
    ).toBe("**Never** write &lt;script> in a post, but a < b is fine.");
  });

  test("struck-through words (Docs' styled spans, <s>, <del>, <strike>) keep their line; a typed ~ stays a ~", () => {
    const docs = `<b id="docs-internal-guid-1">${span("Post ")}${span("daily", "font-weight:400;text-decoration:line-through;-webkit-text-decoration-skip:none;")}${span(" weekly, about ~5 ideas.")}</b>`;
    expect(markdownFromPastedHtml(docs)?.markdown).toBe("Post ~~daily~~ weekly, about \\~5 ideas.");
    expect(
      markdownFromPastedHtml(
        "<p><s>One</s>, <del>two</del> and <strike> three </strike>; <b>bold</b>.</p>",
      )?.markdown,
    ).toBe("~~One~~, ~~two~~ and ~~three~~ ; **bold**.");
    // An underlined link (as Docs styles every link) is not struck through.
    expect(markdownFromPastedHtml(googleDocs)?.markdown).not.toContain("~~");
  });

  test("markup that clobbers properties (a form's named fields, a named image) neither hangs nor loses the rest", () => {
    const html = `<img name="body"><img name="querySelector"><form><input name="parentNode"><input name="nextSibling"><input name="childNodes"><b>Buy</b></form><p><b>Kept</b>, with <i>the rest</i>.</p>`;
    expect(markdownFromPastedHtml(html)).toEqual({
      markdown: "**Kept**, with *the rest*.",
      imagesLeftOut: 0,
    });
  });

  test("a table becomes a Markdown table: the first row its header, a cell's paragraphs joined, a | escaped", () => {
    const docsCell = (words: string) =>
      `<td style="border:solid #000 1pt"><p dir="ltr">${span(words)}</p></td>`;
    const html = `<b id="docs-internal-guid-9"><div dir="ltr" align="left"><table style="border:none"><colgroup><col width="200"><col width="200"></colgroup><tbody><tr>${docsCell("Plan")}${docsCell("Per month")}</tr><tr>${docsCell("Founder | brand")}<td><p>${span("£4,000")}</p><p>${span("billed monthly")}</p></td></tr></tbody></table></div></b>`;
    expect(markdownFromPastedHtml(html)?.markdown).toBe(
      [
        "| Plan | Per month |",
        "| --- | --- |",
        "| Founder \\| brand | £4,000 billed monthly |",
      ].join("\n"),
    );
    expect(
      markdownFromPastedHtml(
        "<p>Before.</p><table><thead><tr><th>A</th><th><b>B</b></th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table><p>After.</p>",
      )?.markdown,
    ).toBe(["Before.", "", "| A | **B** |", "| --- | --- |", "| 1 | 2 |", "", "After."].join("\n"));
  });
});
