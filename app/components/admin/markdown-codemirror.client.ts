import { autocompletion, type CompletionSource } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { commonmarkLanguage, markdownKeymap, pasteURLAsLink } from "@codemirror/lang-markdown";
import {
  HighlightStyle,
  Language,
  LanguageSupport,
  syntaxHighlighting,
} from "@codemirror/language";
import { Compartment, EditorState, Prec, type Text } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { GFM, type MarkdownParser } from "@lezer/markdown";
import {
  endEmptyBlock,
  type FormattingAction,
  formattingActions,
  type TextEdit,
} from "#app/components/admin/markdown-format.ts";
import { type LinkTarget, suggestLinks } from "./link-suggestions.ts";

// CodeMirror for the post editor, imported by the editor page only after hydration, so no
// other page (public or back office) loads it. Tab is left to move focus (no indentWithTab)
// so the page stays usable with a keyboard alone.

export type MarkdownEditorOptions = {
  doc: string;
  /** Where the caret (or the selection) starts; the document's start without it. */
  selection?: { anchor: number; head: number };
  label: string;
  describedBy?: string;
  /** Whether its field shows a problem (aria-invalid). */
  invalid?: boolean;
  onChange: (text: string) => void;
  /** Told the caret's line (from 0) whenever it moves or the text changes. */
  onCaret?: (line: number) => void;
  /** Told of image files dropped or pasted into the text, and where they were put. */
  onImageFiles?: (files: File[], at: number) => void;
  /** Told what the writer should know of a paste (images that could not come with it). */
  onPasteNote?: (message: string) => void;
  /** The site's pages and posts a link's address is suggested from (the latest list). */
  linkTargets?: () => readonly LinkTarget[];
};

/**
 * Suggests the site's pages and posts while the caret is in a link's address, `[text](…`,
 * by what is typed there or by the link's words (suggestLinks); picking one puts its path.
 */
function linkCompletions(targets: () => readonly LinkTarget[]): CompletionSource {
  return (context) => {
    const line = context.state.doc.lineAt(context.pos);
    const before = line.text.slice(0, context.pos - line.from);
    const link = /(?:^|[^!\\])\[([^\]]*)\]\(([^()\s]*)$/.exec(before);
    if (!link) return null;
    const [, text = "", address = ""] = link;
    const options = suggestLinks(targets(), { address, text }).map((target) => ({
      label: target.title,
      detail: target.path,
      apply: target.path,
    }));
    if (options.length === 0) return null;
    return { from: context.pos - address.length, options, filter: false };
  };
}

// What turns a pasted document into Markdown (with turndown): a chunk of its own, asked for
// as soon as the editor's code runs, so the editor does not wait for it; a paste in the
// moment before it arrives is a plain one.
let pasting: typeof import("#app/components/admin/pasted-html.ts") | null = null;
void import("#app/components/admin/pasted-html.ts").then(
  (loaded) => {
    pasting = loaded;
  },
  () => {},
);

const imagesOf = (files: FileList | undefined | null) =>
  [...(files ?? [])].filter((file) => file.type.startsWith("image/"));

/**
 * What goes around a block (an image, a pasted heading or list) put over `from`–`to` so that
 * it is a paragraph of its own: a blank line on each side where text goes on, on the same
 * line or on the line next to it (an image right under a line of text would join its
 * paragraph, and not be shown as a figure).
 */
function blockSpacing(doc: Text, from: number, to: number) {
  const [start, end] = [doc.lineAt(from), doc.lineAt(to)];
  const textBefore = doc.sliceString(start.from, from).trim() !== "";
  const textAfter = doc.sliceString(to, end.to).trim() !== "";
  const lineBefore = start.number > 1 && doc.line(start.number - 1).text.trim() !== "";
  const lineAfter = end.number < doc.lines && doc.line(end.number + 1).text.trim() !== "";
  return {
    before: textBefore ? "\n\n" : lineBefore ? "\n" : "",
    after: textAfter ? "\n\n" : lineAfter ? "\n" : "",
  };
}

/**
 * Puts `![alt](url)` at `at`, as a paragraph of its own, as one undoable step; the caret goes
 * after it.
 */
export function insertImage(view: EditorView, at: number, alt: string, url: string, caption = "") {
  const doc = view.state.doc;
  const position = Math.min(at, doc.length);
  const { before, after } = blockSpacing(doc, position, position);
  const escaped = alt.replace(/[\\[\]]/g, "\\$&");
  // A caption is the image's Markdown title, shown under it on the page.
  const title = caption ? ` "${caption.replace(/[\\"]/g, "\\$&")}"` : "";
  const insert = `${before}![${escaped}](${url}${title})${after}`;
  view.dispatch({
    changes: { from: position, insert },
    selection: { anchor: position + insert.length - after.length },
    scrollIntoView: true,
    userEvent: "input.image",
  });
  view.focus();
}

/** Selects `from`–`to` (a passage a note quotes), in the middle of the screen, and focuses it. */
export function selectPassage(view: EditorView, from: number, to: number) {
  const end = Math.min(to, view.state.doc.length);
  view.dispatch({
    selection: { anchor: Math.min(from, end), head: end },
    effects: EditorView.scrollIntoView(Math.min(from, end), { y: "center" }),
  });
  view.focus();
}

/**
 * Puts pasted Markdown over the selection, as one undoable step. Blocks (headings, lists,
 * quotes, several paragraphs) get lines of their own, so that a heading pasted in the middle
 * of a sentence is still a heading; a few words stay inline.
 */
function pasteMarkdown(view: EditorView, markdown: string) {
  const { from, to } = view.state.selection.main;
  const block = /\n|^(#{1,6} |[-*] |\d+\. |> |---$|!\[|\|)/.test(markdown);
  const { before, after } = block
    ? blockSpacing(view.state.doc, from, to)
    : { before: "", after: "" };
  const insert = `${before}${markdown}${after}`;
  view.dispatch({
    changes: { from, to, insert },
    selection: { anchor: from + insert.length - after.length },
    scrollIntoView: true,
    userEvent: "input.paste",
  });
}

/** What describes the editor to assistive technology: its hint and problem, if any. */
export type MarkdownEditorDescription = Pick<MarkdownEditorOptions, "describedBy" | "invalid">;

const description = new Compartment();

const describedBy = (options: MarkdownEditorDescription) =>
  EditorView.contentAttributes.of({
    ...(options.describedBy ? { "aria-describedby": options.describedBy } : {}),
    ...(options.invalid ? { "aria-invalid": "true" } : {}),
  });

/** Describes the editor again, as its field's problem comes and goes. */
export function describeMarkdownEditor(view: EditorView, options: MarkdownEditorDescription) {
  view.dispatch({ effects: description.reconfigure(describedBy(options)) });
}

/**
 * The page's CSP nonce, read from a script the server rendered with it (browsers hide the
 * attribute's value but keep the property). The back office allows only styles carrying
 * it, and CodeMirror writes its own <style> elements.
 */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

/** Makes one edit of markdown-format.ts in the editor, as one undoable step. */
function applyEdit(view: EditorView, edit: TextEdit, userEvent: string): true {
  view.dispatch({
    changes: { from: edit.from, to: edit.to, insert: edit.insert },
    selection: edit.selection,
    scrollIntoView: true,
    userEvent,
  });
  return true;
}

/** Applies one formatting action to the editor's main selection, as one undoable step. */
export function applyFormatting(view: EditorView, action: FormattingAction): boolean {
  const { from, to } = view.state.selection.main;
  return applyEdit(view, action.edit(view.state.doc.toString(), from, to), "input.format");
}

/** Ctrl/⌘+B bold, +I italic, +K link, before CodeMirror's own keys. */
const formattingKeys = formattingActions.flatMap((action) =>
  "shortcut" in action
    ? [{ key: `Mod-${action.shortcut}`, run: (view: EditorView) => applyFormatting(view, action) }]
    : [],
);

/**
 * Enter on an empty list item or quote line ends the list or quote with a blank line
 * (endEmptyBlock), before the Markdown mode's own Enter, which left no blank line and so
 * kept the next paragraph inside the last item.
 */
const endBlockOnEnter = Prec.highest(
  keymap.of([
    {
      key: "Enter",
      run(view) {
        const { main } = view.state.selection;
        if (!main.empty) return false;
        const edit = endEmptyBlock(view.state.doc.toString(), main.head);
        return edit ? applyEdit(view, edit, "input") : false;
      },
    },
  ]),
);

// Markdown as the site renders it: CommonMark with GitHub's tables, strikethrough, task lists
// and bare links. Built here rather than with lang-markdown's `markdown()`, which also parses
// HTML inside the text with the whole HTML mode, and with it the CSS and JavaScript modes
// (over a third of the editor's code, for markup a post's sanitiser mostly leaves out).
// Sharing the CommonMark language's data keeps lang-markdown's commands (Enter continuing a
// list or quote, a URL pasted over words) working on it.
const siteMarkdown = new LanguageSupport(
  new Language(
    commonmarkLanguage.data,
    (commonmarkLanguage.parser as MarkdownParser).configure(GFM),
    [],
    "markdown",
  ),
  [pasteURLAsLink, Prec.high(keymap.of(markdownKeymap))],
);

/**
 * The text as a writer reads it, close to the post page: the article's faces (text in the
 * sans, headings in the display serif, sized by level), bold and italic as such, links in
 * the link colour, and Markdown's own marks (#, **, >, the list numbers, a link's brackets)
 * in a quieter grey that still reads at 4.5:1. Code alone stays monospace.
 */
const writing = HighlightStyle.define([
  { tag: tags.heading1, fontFamily: "var(--font-display)", fontWeight: "700", fontSize: "1.6em" },
  { tag: tags.heading2, fontFamily: "var(--font-display)", fontWeight: "700", fontSize: "1.35em" },
  { tag: tags.heading3, fontFamily: "var(--font-display)", fontWeight: "700", fontSize: "1.15em" },
  // Headings 4 to 6, and a table's header row (a heading without a level).
  { tag: tags.heading, fontWeight: "700" },
  { tag: tags.strong, fontWeight: "700" },
  { tag: tags.emphasis, fontStyle: "italic" },
  { tag: tags.strikethrough, textDecoration: "line-through" },
  { tag: tags.link, color: "var(--color-brand-700)" },
  { tag: [tags.url, tags.processingInstruction, tags.labelName, tags.string], color: "#55657a" },
  { tag: tags.quote, color: "var(--color-ink-soft)", fontStyle: "italic" },
  { tag: tags.contentSeparator, color: "#55657a" },
  {
    tag: tags.monospace,
    fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace",
    fontSize: "0.9em",
    backgroundColor: "#f1f5f9",
    borderRadius: "3px",
  },
]);

export function createMarkdownEditor(parent: HTMLElement, options: MarkdownEditorOptions) {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc: options.doc,
      selection: options.selection && {
        anchor: Math.min(options.selection.anchor, options.doc.length),
        head: Math.min(options.selection.head, options.doc.length),
      },
      extensions: [
        EditorView.cspNonce.of(pageNonce()),
        history(),
        endBlockOnEnter,
        keymap.of([...formattingKeys, ...defaultKeymap, ...historyKeymap]),
        siteMarkdown,
        syntaxHighlighting(writing),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({
          "aria-label": options.label,
          "aria-multiline": "true",
          // Prose, not code (CodeMirror turns these off by default): the browser marks
          // misspelt words, and a phone's keyboard capitalises sentences and corrects as
          // it does in the plain textarea.
          spellcheck: "true",
          autocorrect: "on",
          autocapitalize: "sentences",
        }),
        description.of(describedBy(options)),
        ...(options.linkTargets
          ? [autocompletion({ override: [linkCompletions(options.linkTargets)], icons: false })]
          : []),
        EditorView.domEventHandlers({
          drop(event, view) {
            const files = imagesOf(event.dataTransfer?.files);
            if (files.length === 0 || !options.onImageFiles) return false;
            event.preventDefault();
            const at =
              view.posAtCoords({ x: event.clientX, y: event.clientY }) ??
              view.state.selection.main.head;
            options.onImageFiles(files, at);
            return true;
          },
          paste(event, view) {
            const files = imagesOf(event.clipboardData?.files);
            if (files.length > 0 && options.onImageFiles) {
              event.preventDefault();
              options.onImageFiles(files, view.state.selection.main.head);
              return true;
            }
            // Rich text (a document, a web page) comes as Markdown; plain text as it is, and
            // so does a lone address (a browser's address bar copies it as a link too): the
            // Markdown mode makes it a link of the selected words, or it stays bare.
            const plain = event.clipboardData?.getData("text/plain") ?? "";
            if (/^\s*https?:\/\/\S+\s*$/i.test(plain)) return false;
            const html = event.clipboardData?.getData("text/html");
            const pasted = html && pasting ? pasting.markdownFromPastedHtml(html) : null;
            if (!pasting || !pasted) return false;
            event.preventDefault();
            if (pasted.markdown) pasteMarkdown(view, pasted.markdown);
            if (pasted.imagesLeftOut > 0) {
              options.onPasteNote?.(pasting.imagesLeftOutNote(pasted.imagesLeftOut));
            }
            return true;
          },
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
          if (update.docChanged || update.selectionSet) {
            const { doc, selection } = update.state;
            options.onCaret?.(doc.lineAt(selection.main.head).number - 1);
          }
        }),
        EditorView.theme({
          "&": { minHeight: "24rem", fontSize: "1rem", color: "var(--color-ink)" },
          // A line as long as the post page's (about 70 characters), centred when the
          // column is wider (Focus on writing).
          ".cm-content": {
            fontFamily: "var(--font-sans)",
            lineHeight: "1.7",
            maxWidth: "42rem",
            margin: "0 auto",
            padding: "0.75rem 0.5rem",
          },
          ".cm-line": { padding: "0 0.25rem" },
          ".cm-scroller": { minHeight: "24rem", fontFamily: "inherit" },
          // The pages and posts suggested for a link: a list in the site's type, each a
          // target a finger can take, its path under its title.
          ".cm-tooltip.cm-tooltip-autocomplete": {
            border: "1px solid #94a3b8",
            borderRadius: "0.5rem",
            backgroundColor: "#fff",
            boxShadow: "0 10px 25px -5px rgb(15 23 42 / 0.25)",
            overflow: "hidden",
          },
          ".cm-tooltip.cm-tooltip-autocomplete > ul": {
            fontFamily: "var(--font-sans)",
            maxHeight: "20rem",
            maxWidth: "min(32rem, 90vw)",
          },
          ".cm-tooltip.cm-tooltip-autocomplete > ul > li": {
            display: "flex",
            flexDirection: "column",
            justifyContent: "center",
            minHeight: "2.75rem",
            padding: "0.25rem 0.75rem",
            lineHeight: "1.35",
            whiteSpace: "normal",
          },
          ".cm-tooltip.cm-tooltip-autocomplete > ul > li[aria-selected]": {
            backgroundColor: "#1f3ea3",
            color: "#fff",
          },
          ".cm-completionLabel": { fontWeight: "600" },
          ".cm-completionDetail": {
            marginLeft: "0",
            fontStyle: "normal",
            fontSize: "0.875rem",
            color: "#475569",
          },
          "li[aria-selected] .cm-completionDetail": { color: "#fff" },
        }),
      ],
    }),
  });
}
