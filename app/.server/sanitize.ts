import createDOMPurify, { type Config, type WindowLike } from "dompurify";
import { JSDOM } from "jsdom";
import {
  allowedAttributes,
  allowedCodeClass,
  allowedTags,
  allowedUriPattern,
  forbiddenTags,
  taskListClass,
} from "#app/.server/sanitize-policy.ts";

// Runs where untrusted HTML is cleaned off the main thread (content/render-worker.ts) and
// in the post command; the server's own thread never loads it (nor jsdom).

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
  // Parsed as a body's content from the first character: otherwise a <script> or <style>
  // opening the text lands in the document's head and is dropped without being reported.
  FORCE_BODY: true,
};

function createPurifier() {
  const { window } = new JSDOM("");
  const purify = createDOMPurify(window as unknown as WindowLike);

  purify.addHook("uponSanitizeAttribute", (node, event) => {
    if (event.attrName === "class") {
      const value = event.attrValue.trim();
      event.keepAttr =
        (node.nodeName === "CODE" && allowedCodeClass.test(value)) ||
        ((node.nodeName === "UL" || node.nodeName === "OL") && value === taskListClass);
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
    // A link to another site opens in a new tab; one to a page of ours (a path, an anchor)
    // stays in this one, as the site's own links do, and keeps its referrer for analytics.
    if (!element.hasAttribute("target") && leadsElsewhere(element.getAttribute("href"))) {
      element.setAttribute("target", "_blank");
    }
    // Any other window (a new tab, a named one) gets no hold on this page.
    const target = element.getAttribute("target");
    if (target === null || target.toLowerCase() === "_self") return;
    // Keeps what the author wrote (nofollow, …) and makes sure the opened page can
    // neither script this one nor learn where the visitor came from.
    const rel = (element.getAttribute("rel") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    for (const token of ["noopener", "noreferrer"]) if (!rel.includes(token)) rel.push(token);
    element.setAttribute("rel", [...new Set(rel)].join(" "));
  });

  return purify;
}

/**
 * Whether a link's address is another site's, read as a browser reads it (a path, "//host",
 * "\\host", tabs inside the scheme): resolved against a base no real link names.
 */
function leadsElsewhere(href: string | null): boolean {
  if (href === null) return false;
  try {
    const url = new URL(href, "https://this-site.invalid/blog/post");
    return /^https?:$/.test(url.protocol) && url.host !== "this-site.invalid";
  } catch {
    return false;
  }
}

let purifier: ReturnType<typeof createPurifier> | undefined;

/** What DOMPurify took out in its last run: an element (or comment), or an attribute. */
type Removal = { element?: Node; attribute?: Attr | null; from?: Node };

/** "<script>", "onclick on <a>", "a comment": what an editor is told was removed. */
function describeRemoval(removal: Removal): string | undefined {
  const tag = (node: Node | undefined) => `<${(node?.nodeName ?? "?").toLowerCase()}>`;
  if (removal.attribute) return `${removal.attribute.name} on ${tag(removal.from)}`;
  const node = removal.element;
  if (!node) return undefined;
  // A text node is moved, not removed (its element's text stays); a comment is dropped.
  if (node.nodeType === 8) return "a comment";
  if (node.nodeType !== 1) return undefined;
  // The document's own frame, which DOMPurify parses the fragment into and drops, and the
  // empty <remove> it puts first for FORCE_BODY.
  if (["HTML", "HEAD", "BODY", "REMOVE"].includes(node.nodeName)) return undefined;
  return tag(node);
}

function sanitizeOnce(html: string): { html: string; removed: string[] } {
  purifier ??= createPurifier();
  const clean = purifier.sanitize(html, {
    ...config,
    RETURN_DOM: false,
    RETURN_DOM_FRAGMENT: false,
  }) as string;
  const removed = (purifier.removed as Removal[]).flatMap((removal) => {
    const description = describeRemoval(removal);
    return description ? [description] : [];
  });
  return { html: clean, removed };
}

export type SanitizedHtml = {
  html: string;
  /**
   * What was taken out, each once ("<script>", "onclick on <a>"): empty when only the
   * encoding changed or links gained their target and rel.
   */
  removed: string[];
};

/**
 * Cleans post HTML against the allowlist above. Removing an element can leave markup
 * that the HTML parser reads differently next time (a <div> inside a <p>, say), so the
 * result is sanitised again until it no longer changes: sanitize(sanitize(x)) === sanitize(x).
 */
export function sanitizeHtmlReport(html: string): SanitizedHtml {
  let current = sanitizeOnce(html);
  const removed = new Set(current.removed);
  for (let round = 0; round < 5; round++) {
    const next = sanitizeOnce(current.html);
    for (const each of next.removed) removed.add(each);
    if (next.html === current.html) return { html: current.html, removed: [...removed] };
    current = next;
  }
  // Never seen in practice; refusing beats returning markup that is still moving.
  return { html: "", removed: [...removed, "everything (the markup would not settle)"] };
}

/** sanitizeHtmlReport's HTML alone. */
export function sanitizeHtml(html: string): string {
  return sanitizeHtmlReport(html).html;
}
