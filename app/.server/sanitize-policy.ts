import { createHash } from "node:crypto";

// The allowlist and why each part is there: docs/content.md.

/**
 * The only tags a database post may contain: text formatting (del for GitHub Markdown's
 * ~~struck through~~), lists, links, images with their captions (figure, figcaption), tables.
 */
export const allowedTags = [
  "p",
  "br",
  "strong",
  "em",
  "u",
  "del",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "blockquote",
  "a",
  "img",
  "figure",
  "figcaption",
  "pre",
  "code",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "span",
  "div",
] as const;

/**
 * The only attributes; no data-*, aria-*, on* or style, and no class: the site's utility
 * classes would let a post restyle the page (a "session expired, sign in" link laid over
 * everything with `fixed inset-0 z-50`). The two exceptions are below.
 */
export const allowedAttributes = ["href", "src", "alt", "title", "target", "rel"] as const;

/**
 * The class Markdown gives a fenced code block ("```ts" → <code class="language-ts">),
 * kept so a published code block stays as written; allowed on <code> only, one name only.
 * No style of the site starts with "language-".
 */
export const allowedCodeClass = /^language-[a-z0-9+#_-]+$/i;

/**
 * The class a list of tasks (`- [ ] …`) is rendered with, so the page draws its boxes
 * without bullets; kept on <ul> and <ol> when it is the whole class. It only takes the
 * bullets away, whoever writes it.
 */
export const taskListClass = "task-list";

/** Removed outright even if a later edit widened the allowlist. */
export const forbiddenTags = [
  "script",
  "object",
  "embed",
  "form",
  "input",
  "button",
  "iframe",
] as const;

/**
 * Link and image URLs: http(s), mailto and tel, or relative ("/x", "#x", "?x", "./x",
 * "x/y"). A URL scheme is a letter followed by letters, digits, "+", "-" or ".", then ":";
 * any such scheme other than the four (javascript:, data:, vbscript:, blob:, ed2k:,
 * web+x1:…) is refused. Text that starts with a letter and reaches any other character
 * before a ":" has no scheme, so it is relative.
 */
export const allowedUriPattern =
  /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z][a-z0-9+.-]*(?:[^a-z0-9+.\-:]|$))/i;

/**
 * Bumped by hand when the sanitiser's code changes what it keeps (its hooks below in
 * sanitize.ts, a DOMPurify upgrade that matters): every stored post's HTML is then made
 * again, from its Markdown, the next time it is read; so too when the renderer changes what
 * a stored post's HTML would be. (2: uploaded images in the text are stored with their size
 * and srcset, blog/post-images.ts. 3: a task list's boxes are marks, not <input>s the
 * sanitiser dropped, content/render-markdown.ts. 4: a list of tasks keeps its class.)
 */
const SANITIZER_REVISION = 4;

/**
 * Names this sanitiser: the rules above and the revision. A post's HTML stored with
 * another fingerprint was cleaned by another sanitiser (see blog/post-html.ts).
 */
export const sanitizerFingerprint = createHash("sha256")
  .update(
    JSON.stringify({
      SANITIZER_REVISION,
      allowedTags,
      allowedAttributes,
      allowedCodeClass: allowedCodeClass.source,
      taskListClass,
      forbiddenTags,
      allowedUriPattern: allowedUriPattern.source,
    }),
  )
  .digest("base64url")
  .slice(0, 16);
