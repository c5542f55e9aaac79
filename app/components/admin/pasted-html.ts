import TurndownService from "turndown";

// Rich text pasted into the post editor (from Google Docs, Word, Notion, a web page, the
// site itself) becomes Markdown, as Ghost keeps a pasted document's headings, bold, italics,
// links, lists and quotes. Plain text, and HTML that carries no such formatting (a code
// editor's coloured lines, a terminal), is pasted as it is: a Markdown draft copied from a
// code editor must not come out escaped. The server still renders and cleans the result
// like any other text; this only saves the writer from formatting it again.

/** A paste as Markdown, and how many of its images could not come with it. */
export type PastedMarkdown = { markdown: string; imagesLeftOut: number };

/** Elements that make a paste rich text (the Google Docs wrapper <b> is not bold). */
const FORMATTING =
  "h1, h2, h3, h4, h5, h6, strong, b:not([id^='docs-internal-guid']), em, i, s, del, strike, a[href], ul, ol, blockquote, hr, img, table";
/** What a paste never brings along, content and all. */
const LEFT_OUT: TurndownService.Filter = [
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "object",
  "embed",
  "form",
  "button",
  "input",
  "select",
  "textarea",
  "title",
  "meta",
  "link",
];

/**
 * The pasted elements' style attributes, renamed before parsing (and <style> elements taken
 * out): markup parsed in the page takes on the page's Content Security Policy, which in the
 * back office refuses inline styles, so `element.style` would read nothing and the browser
 * would log an error for every styled span. Read from this attribute instead (`declared`).
 */
const STYLE = "data-pasted-style";
const renameStyles = (html: string) =>
  html
    // A <style> element (Word copies some) would trip the policy too, and is dropped anyway.
    .replace(/<style\b[\s\S]*?<\/style\s*>/gi, "")
    .replace(/(<[a-z][^<>]*?\s)style(\s*=)/gi, `$1${STYLE}$2`);
/** A CSS property's value in an element's pasted style (the last one declared), lowercase. */
function declared(element: Element, property: string): string {
  let value = "";
  for (const declaration of (element.getAttribute(STYLE) ?? "").split(";")) {
    const colon = declaration.indexOf(":");
    if (declaration.slice(0, colon).trim().toLowerCase() === property) {
      value = declaration
        .slice(colon + 1)
        .trim()
        .toLowerCase();
    }
  }
  return value;
}

// Google Docs marks bold and italic with styles on spans, not with <b> and <i>.
const isBold = (element: HTMLElement) => {
  const weight = declared(element, "font-weight");
  return weight === "bold" || weight === "bolder" || Number(weight) >= 600;
};
const isItalic = (element: HTMLElement) => declared(element, "font-style") === "italic";
const isStruck = (element: HTMLElement) =>
  `${declared(element, "text-decoration")} ${declared(element, "text-decoration-line")}`.includes(
    "line-through",
  );
const isMarked = (element: HTMLElement) =>
  isBold(element) || isItalic(element) || isStruck(element);
/** Marks around words, with the spaces left outside them ("** bold**" is not bold). */
function marked(content: string, marks: string) {
  const text = content.trim();
  if (!text || !marks) return content;
  const [before, after] = [content.match(/^\s*/)?.[0], content.match(/\s*$/)?.[0]];
  return `${before}${marks}${text}${[...marks].reverse().join("")}${after}`;
}
const inHeading = (element: HTMLElement) => element.closest("h1, h2, h3, h4, h5, h6") !== null;
/**
 * Set as code: a code editor (VS Code, a terminal) copies its coloured lines with some of
 * them styled bold, in a code font; a Markdown draft copied from one is pasted as it is.
 */
const codeFonts = ["monospace", "menlo", "consolas", "courier", "monaco", "sf mono", "fira code"];
const CODE = [
  "pre",
  "code",
  ...codeFonts.map((font) => `[${STYLE}*="font-family"][${STYLE}*="${font}" i]`),
].join(", ");
// closest(), not a walk up parentElement: pasted markup can clobber an element's properties
// (a form with <input name="parentElement"> would make such a walk loop for ever).
const inCode = (element: HTMLElement) => element.closest(CODE) !== null;
/** An address as Markdown can hold it: spaces and parentheses escaped. */
const markdownUrl = (url: string) =>
  url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);

/**
 * An image's address if the image is this site's own (a path, or an address on this
 * origin, as a browser writes a copied page's images), as a path; otherwise null. Images
 * from elsewhere are not kept: each would load from someone else's server for every reader
 * (who then learns the reader's address), may change or vanish, and comes without the
 * sizes the page needs to keep its layout still.
 */
function sitePath(src: string): string | null {
  if (/^\/(?!\/)/.test(src)) return src;
  try {
    const url = new URL(src);
    // A blob: address has this origin too, but points at a file in the writer's browser.
    const here = /^https?:$/.test(url.protocol) && url.origin === window.location.origin;
    return here ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** Links a post can keep: the web, email, and the site's own paths and anchors. */
const keptLink = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

/**
 * The Markdown of pasted HTML, or null when the HTML has no formatting worth keeping (then
 * the plain text is pasted). Images come along only when they are the site's own (see
 * `sitePath`; a pasted file's `data:` or `blob:` address would also put megabytes into the
 * text); the others are counted in `imagesLeftOut`.
 */
export function markdownFromPastedHtml(html: string): PastedMarkdown | null {
  // Parsed into a template: inert (no image loads, no script runs), and a fragment, which
  // pasted markup cannot clobber as it can a document's properties (<img name="body">).
  const template = document.createElement("template");
  template.innerHTML = renameStyles(html);
  const body = template.content;
  // Forms go before anything reads the rest: a form's fields clobber its properties
  // (<input name="parentNode">), which a walk through the tree would follow.
  for (const form of body.querySelectorAll("form")) Element.prototype.remove.call(form);
  const styled = [...body.querySelectorAll<HTMLElement>(`span[${STYLE}]`)].some(
    (span) => isMarked(span) && !inHeading(span) && !inCode(span),
  );
  if (!styled && body.querySelector(FORMATTING) === null) return null;
  let imagesLeftOut = 0;
  const service = new TurndownService({
    headingStyle: "atx",
    bulletListMarker: "-",
    codeBlockStyle: "fenced",
    emDelimiter: "*",
    strongDelimiter: "**",
    hr: "---",
  });
  service.remove(LEFT_OUT);
  // Text that looks like a tag ("<script>" written about, not run) stays text: Markdown would
  // pass it on as HTML. "a < b" is left alone.
  const escapeMarkdown = service.escape.bind(service);
  // "~" too: the site's Markdown strikes words through between tildes.
  service.escape = (text) =>
    escapeMarkdown(text)
      .replace(/<(?=[a-z/!?])/gi, "&lt;")
      .replace(/~/g, "\\~");
  service.addRule("docs-wrapper", {
    filter: (node) => node.nodeName === "B" && node.id.startsWith("docs-internal-guid"),
    replacement: (content) => content,
  });
  // A heading is bold already; "## **Title**" would only be noise.
  service.addRule("bold-in-heading", {
    filter: (node) => ["B", "STRONG"].includes(node.nodeName) && inHeading(node),
    replacement: (content) => content,
  });
  service.addRule("styled-span", {
    filter: (node) => node.nodeName === "SPAN" && isMarked(node),
    replacement: (content, node) => {
      const element = node as HTMLElement;
      // A heading is bold already.
      const bold = isBold(element) && !inHeading(element);
      return marked(
        content,
        `${bold ? "**" : ""}${isItalic(element) ? "*" : ""}${isStruck(element) ? "~~" : ""}`,
      );
    },
  });
  service.addRule("struck through", {
    filter: (node) => ["S", "DEL", "STRIKE"].includes(node.nodeName),
    replacement: (content) => marked(content, "~~"),
  });
  service.addRule("links", {
    filter: (node) => node.nodeName === "A" && node.getAttribute("href") !== null,
    replacement: (content, node) => {
      const href = (node as HTMLElement).getAttribute("href")?.trim() ?? "";
      if (!keptLink.test(href) || !content.trim()) return content;
      return `[${content}](${markdownUrl(href)})`;
    },
  });
  service.addRule("images", {
    filter: "img",
    replacement: (_content, node) => {
      const element = node as HTMLElement;
      const src = element.getAttribute("src")?.trim() ?? "";
      if (!src) return "";
      const path = sitePath(src);
      if (path === null) {
        imagesLeftOut += 1;
        return "";
      }
      const alt = (element.getAttribute("alt") ?? "").replace(/[\\[\]]/g, "\\$&");
      return `![${alt}](${markdownUrl(path)})`;
    },
  });
  // Tables as Markdown's (GitHub's) tables: the first row is the header, a cell's lines and
  // paragraphs (a Google Docs cell holds paragraphs) are joined by spaces, a | in it escaped.
  service.addRule("cell of a table", {
    filter: ["th", "td"],
    replacement: (content) =>
      ` ${content
        .trim()
        .replace(/\s*\n\s*/g, " ")
        .replace(/\|/g, "\\|")} |`,
  });
  service.addRule("row of a table", {
    filter: "tr",
    replacement: (content, node) => {
      const row = `|${content}\n`;
      const table = (node as HTMLElement).closest("table");
      if (table?.querySelector("tr") !== node) return row;
      const cells = (node as HTMLElement).querySelectorAll("th, td").length;
      return `${row}|${" --- |".repeat(cells)}\n`;
    },
  });
  service.addRule("table", {
    filter: "table",
    replacement: (content) => `\n\n${content.replace(/\n+/g, "\n").trim()}\n\n`,
  });
  service.addRule("parts of a table", {
    filter: ["thead", "tbody", "tfoot", "colgroup", "col", "caption"],
    replacement: (content, node) =>
      node.nodeName === "COLGROUP" || node.nodeName === "COL" ? "" : content,
  });
  // List items as "- item", not turndown's "-   item".
  service.addRule("item of a list", {
    filter: "li",
    replacement: (content, node) => {
      const parent = node.parentNode as HTMLElement | null;
      const ordered = parent?.nodeName === "OL";
      const start = Number(parent?.getAttribute("start") ?? 1) || 1;
      const index = parent ? [...parent.children].indexOf(node as HTMLElement) : 0;
      const prefix = ordered ? `${start + index}. ` : "- ";
      const text = content
        .replace(/^\n+/, "")
        .replace(/\n+$/, "")
        .replace(/\n/gm, `\n${" ".repeat(prefix.length)}`);
      return `${prefix}${text}${node.nextSibling ? "\n" : ""}`;
    },
  });
  const markdown = service
    .turndown(body)
    // A <br> between blocks (Google Docs puts one between paragraphs) is a hard break on a
    // line of its own, or at a block's end: nothing to keep there. Within a paragraph it
    // stays ("  " and a new line).
    .replace(/^ +$/gm, "")
    .replace(/ {2}\n(?=\n)/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { markdown, imagesLeftOut };
}

/** What the writer is told when images of a paste could not come with it. */
export function imagesLeftOutNote(count: number): string {
  const images = count === 1 ? "1 image" : `${count} images`;
  const them = count === 1 ? "it" : "them";
  return `${images} of the pasted text ${count === 1 ? "was" : "were"} left out: only images already on this site come with a paste. Insert ${them} with the image button, which uploads ${them} here.`;
}
