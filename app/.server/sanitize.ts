import createDOMPurify, { type Config, type WindowLike } from "dompurify";
import { JSDOM } from "jsdom";
import {
  allowedAttributes,
  allowedCodeClass,
  allowedTags,
  allowedUriPattern,
  forbiddenTags,
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
