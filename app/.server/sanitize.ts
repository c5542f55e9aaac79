import createDOMPurify, { type Config, type WindowLike } from "dompurify";
import { JSDOM } from "jsdom";

// The allowlist and why each part is there: docs/content.md.

/** The only tags a database post may contain: text formatting, lists, links, images, tables. */
export const allowedTags = [
  "p",
  "br",
  "strong",
  "em",
  "u",
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
 * everything with `fixed inset-0 z-50`). The one exception is below.
 */
export const allowedAttributes = ["href", "src", "alt", "title", "target", "rel"] as const;

/**
 * The class Markdown gives a fenced code block ("```ts" → <code class="language-ts">),
 * kept so a published code block stays as written; allowed on <code> only, one name only.
 * No style of the site starts with "language-".
 */
export const allowedCodeClass = /^language-[a-z0-9+#_-]+$/i;

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

// DOMPurify strips these before testing a URL; the extra check below must see the same value.
const attributeWhitespace = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;

const config: Config = {
  ALLOWED_TAGS: [...allowedTags],
  // class only so that the hook below can keep a code block's language; it drops every other.
  ALLOWED_ATTR: [...allowedAttributes, "class"],
  FORBID_TAGS: [...forbiddenTags],
  FORBID_ATTR: ["style"],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOWED_URI_REGEXP: allowedUriPattern,
};

function createPurifier() {
  const { window } = new JSDOM("");
  const purify = createDOMPurify(window as unknown as WindowLike);

  purify.addHook("uponSanitizeAttribute", (node, event) => {
    if (event.attrName === "class") {
      event.keepAttr = node.nodeName === "CODE" && allowedCodeClass.test(event.attrValue.trim());
      return;
    }
    // DOMPurify lets `data:` through on <img src> whatever ALLOWED_URI_REGEXP says; posts
    // may hold no data: URLs at all, so every URL attribute is checked once more here.
    if (event.attrName !== "href" && event.attrName !== "src") return;
    if (!allowedUriPattern.test(event.attrValue.replace(attributeWhitespace, ""))) {
      event.keepAttr = false;
    }
  });

  purify.addHook("afterSanitizeAttributes", (node) => {
    // An image without alt text is read out by its file name; treat it as decorative.
    if (node.nodeName === "IMG" && !(node as Element).hasAttribute("alt"))
      (node as Element).setAttribute("alt", "");
    if (node.nodeName !== "A") return;
    const element = node as Element;
    if (!element.hasAttribute("target")) element.setAttribute("target", "_blank");
    // Keeps what the author wrote (nofollow, …) and makes sure the opened page can
    // neither script this one nor learn where the visitor came from.
    const rel = (element.getAttribute("rel") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    for (const token of ["noopener", "noreferrer"]) if (!rel.includes(token)) rel.push(token);
    element.setAttribute("rel", [...new Set(rel)].join(" "));
  });

  return purify;
}

let purifier: ReturnType<typeof createPurifier> | undefined;

function sanitizeOnce(html: string): string {
  purifier ??= createPurifier();
  return purifier.sanitize(html, {
    ...config,
    RETURN_DOM: false,
    RETURN_DOM_FRAGMENT: false,
  }) as string;
}

/**
 * Cleans post HTML against the allowlist above. Removing an element can leave markup
 * that the HTML parser reads differently next time (a <div> inside a <p>, say), so the
 * result is sanitised again until it no longer changes: sanitize(sanitize(x)) === sanitize(x).
 */
export function sanitizeHtml(html: string): string {
  let current = sanitizeOnce(html);
  for (let round = 0; round < 5; round++) {
    const next = sanitizeOnce(current);
    if (next === current) return current;
    current = next;
  }
  // Never seen in practice; refusing beats returning markup that is still moving.
  return "";
}

const memo = new Map<string, string>();
const MEMO_ENTRIES = 200;
const MEMO_MAX_LENGTH = 200_000;

/**
 * sanitizeHtml with a small cache, for rendering database posts on every request: the same
 * post body is cleaned once, not once per visitor.
 */
export function sanitizeHtmlCached(html: string): string {
  const hit = memo.get(html);
  if (hit !== undefined) {
    memo.delete(html);
    memo.set(html, hit);
    return hit;
  }
  const clean = sanitizeHtml(html);
  if (html.length <= MEMO_MAX_LENGTH) {
    memo.set(html, clean);
    if (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value as string);
  }
  return clean;
}
