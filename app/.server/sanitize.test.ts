import { describe, expect, test } from "vitest";
import { sanitizeHtml, sanitizeHtmlReport } from "#app/.server/sanitize.ts";

describe("post HTML sanitiser (allowlist: docs/content.md)", () => {
  test("keeps the formatting an article needs", () => {
    const html =
      "<h2>Why</h2><p>Plain <strong>bold</strong> <em>em</em> <u>u</u> <del>del</del><br></p><ul><li>one</li></ul><ol><li>two</li></ol>" +
      '<blockquote>quote</blockquote><pre><code class="language-ts">const a = 1;</code></pre>' +
      "<table><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody></table>" +
      '<div><span title="t">s</span></div><img src="/images/chart.png" alt="Chart">' +
      '<figure><img src="/images/team.png" alt="The team"><figcaption>Our team, <em>2026</em></figcaption></figure>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  test("removes scripts, embeds, forms and their controls", () => {
    const clean = sanitizeHtml(
      '<p>a</p><script>alert(1)</script><object data="x"></object><embed src="x"><form action="/x"><input name="q"><button>Go</button></form><iframe src="https://example.com"></iframe>',
    );
    expect(clean).toBe("<p>a</p>Go");
  });

  test("removes event handlers, style, data-* and any attribute outside the allowlist", () => {
    expect(
      sanitizeHtml(
        '<p onclick="alert(1)" style="color:red" data-id="7" id="x" aria-label="l" class="note">t</p><img src="/a.png" onerror="alert(1)" width="5">',
      ),
    ).toBe('<p>t</p><img src="/a.png" alt="">');
  });

  test("class is dropped, so a post cannot use the site's styles to lay a fake sign-in over the page", () => {
    expect(
      sanitizeHtml(
        '<a href="/login" class="fixed inset-0 z-50 bg-white">Your session expired. Sign in again</a>',
      ),
    ).toBe('<a href="/login">Your session expired. Sign in again</a>');
    expect(sanitizeHtml('<div class="fixed inset-0"><p class="sr-only">x</p></div>')).toBe(
      "<div><p>x</p></div>",
    );
  });

  test("a code block keeps only its language-* class, which Markdown gives fenced code", () => {
    expect(sanitizeHtml('<pre><code class="language-c++">int a;</code></pre>')).toBe(
      '<pre><code class="language-c++">int a;</code></pre>',
    );
    for (const html of [
      '<code class="language-ts fixed inset-0">x</code>',
      '<code class="fixed language-ts">x</code>',
      '<span class="language-ts">x</span>',
    ]) {
      expect(sanitizeHtml(html)).not.toContain("class=");
    }
  });

  test("links to other sites open in a new tab without access to this page; the site's own stay in it", () => {
    expect(sanitizeHtml('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="//example.com/a" rel="nofollow">x</a>')).toBe(
      '<a href="//example.com/a" rel="nofollow noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeHtml('<a href="\\\\example.com/a">x</a>')).toContain('target="_blank"');
    for (const own of ["/pricing", "#part-2", "mailto:sales@northstory.example", "notes/today"]) {
      expect(sanitizeHtml(`<a href="${own}">x</a>`)).toBe(`<a href="${own}">x</a>`);
    }
    expect(sanitizeHtml('<a href="/pricing" target="_self" rel="nofollow">x</a>')).toBe(
      '<a href="/pricing" target="_self" rel="nofollow">x</a>',
    );
    // A new tab or a named window asked for by the author gets the same protection.
    expect(sanitizeHtml('<a href="/pricing" target="_blank">x</a>')).toBe(
      '<a href="/pricing" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://example.com" target="other">x</a>')).toBe(
      '<a href="https://example.com" target="other" rel="noopener noreferrer">x</a>',
    );
  });

  test("URLs are http(s), mailto, tel or relative; javascript: and data: are dropped", () => {
    const allowed = [
      "https://a.example/x",
      "http://a.example",
      "mailto:sales@northstory.example",
      "tel:+19195550100",
      "/blog",
      "#part-2",
      "?q=1",
      "../up",
      "notes/today",
    ];
    for (const href of allowed) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toContain(`href="${href}"`);
    }
    const refused = [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "java&#x09;script:alert(1)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "vbscript:msgbox(1)",
      "blob:https://a.example/1",
      // A scheme may hold digits, "+", "-" and "." after its first letter.
      "ed2k://|file|x.zip|1|abc|/",
      "web+x1:payload",
      "z39.50s://catalog.example",
      "ms-settings:privacy",
      "a1:b",
    ];
    for (const href of refused) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe("<a>x</a>");
    }
    expect(sanitizeHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="a">')).toBe(
      '<img alt="a">',
    );
    expect(sanitizeHtml('<img src="/decor.png">')).toBe('<img src="/decor.png" alt="">');
  });

  test("sanitising twice changes nothing, even where removal leaves markup the parser rearranges", () => {
    // A single DOMPurify pass turns the first two into <p><div>… and <li><li>…, which a
    // browser parses differently the next time.
    for (const html of [
      "<p><button><div>x</div></button></p>",
      "<ul><li><button><li>q</button></li></ul>",
      "<p><form><p>y</form></p>",
    ]) {
      const once = sanitizeHtml(html);
      expect(sanitizeHtml(once)).toBe(once);
    }
  });
});

describe("what the sanitiser says it removed", () => {
  test("ordinary Markdown output loses nothing, though its encoding changes and links gain rel and target", () => {
    const rendered =
      '<p>It&#39;s the founder&#39;s voice: read <a href="https://example.com/a?b=1&amp;c=2">the study</a>.</p>\n<pre><code class="language-ts">const a = 1;\n</code></pre>\n<img src="https://example.com/x.png">';
    const { html, removed } = sanitizeHtmlReport(rendered);
    expect(html).not.toBe(rendered);
    expect(removed).toEqual([]);
  });

  test("each element, attribute and comment taken out is named once", () => {
    const { removed } = sanitizeHtmlReport(
      '<p onclick="x()" style="color:red">a<script>1</script><script>2</script></p><!-- note --><iframe src="https://e.example"></iframe><a href="javascript:alert(1)" class="btn">b</a>',
    );
    expect(removed.toSorted()).toEqual([
      "<iframe>",
      "<script>",
      "a comment",
      "class on <a>",
      "href on <a>",
      "onclick on <p>",
      "style on <p>",
    ]);
  });

  test("a script or style opening the text is named too (it would land in the head unseen)", () => {
    expect(sanitizeHtmlReport("<script>alert(1)</script><p>Hi</p>")).toEqual({
      html: "<p>Hi</p>",
      removed: ["<script>"],
    });
    expect(sanitizeHtmlReport("<style>p{}</style>\n<p>Hi</p>").removed).toEqual(["<style>"]);
  });
});
