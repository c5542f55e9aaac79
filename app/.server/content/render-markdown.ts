import { Marked, type Tokens } from "marked";
import { taskListClass } from "#app/.server/sanitize-policy.ts";

// The one Markdown renderer for our own content: blog articles (static and the post
// command's files) and legal pages. Its input is reviewed content, not visitor input; what
// the post command stores is sanitised afterwards (app/.server/sanitize.ts).
// Runs under Node's type stripping too (scripts/post.ts).

export type TocEntry = { id: string; text: string };

export type RenderOptions = {
  /**
   * Give every heading an id (from its text, made unique) and list the `##` headings as a
   * table of contents. Legal pages link to their sections; blog articles have no anchors.
   */
  headingIds?: boolean;
};

type HeadingWithId = Tokens.Heading & { id?: string };

// One instance with its own options, so nothing that configures the shared `marked`
// object elsewhere changes our pages.
const markdown = new Marked({
  gfm: true,
  renderer: {
    heading(token) {
      const { id } = token as HeadingWithId;
      const inner = this.parser.parseInline(token.tokens);
      return `<h${token.depth}${id ? ` id="${id}"` : ""}>${inner}</h${token.depth}>\n`;
    },
    // An image alone in its paragraph, with a title (`![alt](src "Caption")`), is a figure
    // with that title as its caption, as writers know from Ghost or Medium. The caption is
    // text (escaped as the title would be), shown under the image and not repeated as a
    // tooltip; an image in a sentence, or without a title, stays as Markdown makes it.
    paragraph(token) {
      const [only] = token.tokens;
      if (token.tokens.length === 1 && only?.type === "image" && only.title) {
        const image = { ...(only as Tokens.Image), title: null };
        const caption = this.parser.parseInline([
          { type: "text", raw: only.title, text: only.title, escaped: false },
        ]);
        return `<figure>${this.parser.parseInline([image])}<figcaption>${caption}</figcaption></figure>\n`;
      }
      return false;
    },
    // A task list's box (`- [ ]`, `- [x]`) is a mark, not a form control: a post keeps no
    // <input> (the sanitiser would drop it and tell the writer so), and a reader ticks
    // nothing on a page.
    checkbox({ checked }) {
      return checked ? "☑ " : "☐ ";
    },
    // A list of tasks is marked as one, so that its boxes stand in for its bullets (the one
    // class a post keeps on a list; see sanitize-policy.ts). Other lists are Markdown's own.
    list(token) {
      if (!token.items.some((item) => item.task)) return false;
      const tag = token.ordered ? "ol" : "ul";
      const items = token.items.map((item) => this.listitem(item)).join("");
      return `<${tag} class="${taskListClass}">\n${items}</${tag}>\n`;
    },
  },
});

/** "3.1 What we provide" → "3-1-what-we-provide". */
export function slugifyHeading(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[*_`[\]()"']/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Markdown → HTML, and the table of contents when headings get ids. */
export function renderMarkdown(
  source: string,
  options: RenderOptions = {},
): { html: string; toc: TocEntry[] } {
  const tokens = markdown.lexer(source);
  const toc: TocEntry[] = [];
  if (options.headingIds) {
    const used = new Set<string>();
    for (const token of tokens) {
      if (token.type !== "heading") continue;
      const heading = token as HeadingWithId;
      const base = slugifyHeading(heading.text) || "section";
      let id = base;
      for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
      used.add(id);
      heading.id = id;
      if (heading.depth === 2) toc.push({ id, text: heading.text.replace(/[*_`]/g, "") });
    }
  }
  return { html: markdown.parser(tokens), toc };
}
