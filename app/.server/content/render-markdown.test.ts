import { describe, expect, test } from "vitest";
import { renderMarkdown, slugifyHeading } from "#app/.server/content/render-markdown.ts";
import { sanitizeHtmlReport } from "#app/.server/sanitize.ts";

describe("the Markdown renderer", () => {
  test("repeated headings get distinct ids and inline Markdown is stripped from the contents", () => {
    const { html, toc } = renderMarkdown(
      "## Notice\n\ntext\n\n## Notice\n\n## The **short** version\n",
      { headingIds: true },
    );
    expect(toc).toEqual([
      { id: "notice", text: "Notice" },
      { id: "notice-2", text: "Notice" },
      { id: "the-short-version", text: "The short version" },
    ]);
    expect(html).toContain('<h2 id="the-short-version">The <strong>short</strong> version</h2>');
  });

  test("slugs keep numbers and drop punctuation and accents", () => {
    expect(
      slugifyHeading(
        "12. Additional Information for People in the EEA, UK, and Switzerland (GDPR)",
      ),
    ).toBe("12-additional-information-for-people-in-the-eea-uk-and-switzerland-gdpr");
    expect(slugifyHeading("Données & “Privacy”")).toBe("donnees-privacy");
  });

  test("without heading ids, headings are plain and there is no table of contents", () => {
    expect(renderMarkdown("## Start\n\nWrite **weekly**.")).toEqual({
      html: "<h2>Start</h2>\n<p>Write <strong>weekly</strong>.</p>\n",
      toc: [],
    });
  });

  test("an image alone in its paragraph with a title is a figure with that caption; others stay images", () => {
    expect(renderMarkdown('![A chart](/c.png "Pipeline <by> quarter & \\"source\\"")').html).toBe(
      '<figure><img src="/c.png" alt="A chart"><figcaption>Pipeline &lt;by&gt; quarter &amp; &quot;source&quot;</figcaption></figure>\n',
    );
    expect(renderMarkdown("![A chart](/c.png)").html).toBe(
      '<p><img src="/c.png" alt="A chart"></p>\n',
    );
    expect(renderMarkdown('See ![a chart](/c.png "Caption") here.').html).toBe(
      '<p>See <img src="/c.png" alt="a chart" title="Caption"> here.</p>\n',
    );
  });

  test("GitHub-flavoured Markdown: tables, strikethrough and bare links", () => {
    const { html } = renderMarkdown(
      "| a | b |\n| - | - |\n| 1 | 2 |\n\n~~old~~ https://northstory.example",
    );
    expect(html).toContain("<table>");
    expect(html).toContain("<del>old</del>");
    expect(html).toContain('<a href="https://northstory.example">https://northstory.example</a>');
  });

  test("a task list's boxes are marks, not form controls, and survive the sanitiser whole", () => {
    const { html } = renderMarkdown("- [ ] Book a call\n- [x] Read the pricing\n");
    expect(html).not.toContain("<input");
    expect(html).toContain("<li>☐ Book a call</li>");
    expect(html).toContain("<li>☑ Read the pricing</li>");
    expect(sanitizeHtmlReport(html).removed).toEqual([]);
  });

  test("a list of tasks is marked as one, so its boxes stand in for bullets; other lists are not", () => {
    const { html } = renderMarkdown(
      "- [ ] Book a call\n- [x] Read the pricing\n\nThen:\n\n- plain\n- bullets\n\n1. [ ] first\n2. [x] second\n",
    );
    const clean = sanitizeHtmlReport(html);
    expect(clean.removed).toEqual([]);
    expect(clean.html).toContain('<ul class="task-list">\n<li>☐ Book a call</li>');
    expect(clean.html).toContain("<ul>\n<li>plain</li>");
    expect(clean.html).toContain('<ol class="task-list">\n<li>☐ first</li>');
    // Nothing else keeps a class, nor a list another one.
    expect(
      sanitizeHtmlReport(
        '<ul class="task-list fixed inset-0"><li>x</li></ul><p class="task-list">y</p>',
      ).html,
    ).toBe("<ul><li>x</li></ul><p>y</p>");
  });
});
