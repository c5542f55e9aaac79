import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import postcss, { type AtRule, type ChildNode, type Declaration, type Rule } from "postcss";
import selectorParser from "postcss-selector-parser";

/**
 * What a document can match: its tag names, and its attributes and classes in the forms
 * selectors name them ("[hidden]", "[type=button]", ".md:flex", "#main"). Words of the text do not count,
 * so pages built from the same components (every article, every contact page) share one
 * signature and one pruned stylesheet.
 */
export function documentTokens(html: string): string[] {
  const tokens = new Set(["html", "body"]);
  for (const [, tag = "", attributes = ""] of html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)) {
    tokens.add(tag.toLowerCase());
    for (const [, rawName = "", rawValue = ""] of attributes.matchAll(
      /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:="([^"]*)")?/g,
    )) {
      const name = rawName.toLowerCase();
      const value = decodeEntities(rawValue);
      tokens.add(`[${name}]`);
      tokens.add(`[${name}=${value}]`);
      if (name === "class") for (const word of value.split(/\s+/)) if (word) tokens.add(`.${word}`);
      if (name === "id" && value) tokens.add(`#${value}`);
    }
  }
  return [...tokens].sort();
}

const entities: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", "#39": "'" };

/**
 * An attribute value as the browser reads it: React escapes `&` in class names such as
 * `[&::-webkit-details-marker]:hidden`, which the stylesheet names unescaped.
 */
function decodeEntities(value: string): string {
  return value.replace(
    /&(amp|quot|lt|gt|#39);/g,
    (entity, name: string) => entities[name] ?? entity,
  );
}

/**
 * What an element must have for a selector to match it somewhere in a document: the
 * classes, ids, tags and attribute names it names, except inside :not() (which asks for
 * their absence) and inside :is()/:where()/:has() lists of several alternatives (any one
 * suffices, so none is required). Pseudo-classes and pseudo-elements require nothing.
 */
function requirementsOf(selector: string): string[] {
  const needs: string[] = [];
  selectorParser((root) => {
    root.walk((node) => {
      for (let parent = node.parent; parent; parent = parent.parent) {
        if (parent.type !== "pseudo") continue;
        if (parent.value === ":not" || parent.value === ":has") return;
        if (parent.nodes.length > 1) return;
      }
      if (node.type === "class") needs.push(`.${node.value}`);
      else if (node.type === "id") needs.push(`#${node.value}`);
      else if (node.type === "tag") needs.push(node.value.toLowerCase());
      else if (node.type === "attribute") {
        const name = node.attribute.toLowerCase();
        if (name === "class" && node.operator === "~=" && node.value) needs.push(`.${node.value}`);
        else if (node.operator === "=" && !node.insensitive) needs.push(`[${name}=${node.value}]`);
        else needs.push(`[${name}]`);
      }
    });
  }).processSync(selector);
  return needs;
}

type Prepared = (tokens: ReadonlySet<string>) => string;

/** Parses the stylesheet once into a function that writes the rules a token set uses. */
function prepare(css: string): Prepared {
  const root = postcss.parse(css);
  const rules = new Map<Rule, { selectors: string[]; needs: string[][]; body: string }>();
  root.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes$/.test((rule.parent as AtRule).name)) return;
    rules.set(rule, {
      selectors: rule.selectors,
      needs: rule.selectors.map(requirementsOf),
      body: (rule.nodes ?? []).map((node) => node.toString()).join(";"),
    });
  });
  const write = (node: ChildNode, tokens: ReadonlySet<string>): string => {
    if (node.type === "comment") return "";
    if (node.type === "rule") {
      const rule = rules.get(node);
      if (!rule) return node.toString();
      const kept = rule.selectors.filter((_, i) =>
        rule.needs[i]?.every((need) => tokens.has(need)),
      );
      return kept.length ? `${kept.join(",")}{${rule.body}}` : "";
    }
    if (node.type === "atrule") {
      // A statement (`@layer a, b;`) ends with a semicolon its parent would have written.
      if (!node.nodes) return `${node.toString()};`;
      if (/keyframes$/.test(node.name) || node.name === "property") return node.toString();
      const inner = node.nodes.map((child) => write(child, tokens)).join("");
      return inner ? `@${node.name}${node.params ? ` ${node.params}` : ""}{${inner}}` : "";
    }
    return node.toString();
  };
  return (tokens) => withoutUnused(root.nodes.map((node) => write(node, tokens)).join(""));
}

/**
 * The rules of the site's stylesheet a document uses, so the first paint needs no
 * stylesheet request and only a few kilobytes of CSS. Results are kept per signature: a
 * page shape is pruned once, then reused for every page and visit of that shape.
 */
export function createStylesheetPruner(css: string) {
  const write = prepare(css);
  const pruned = new LRUCache<string, string>({ max: 500 });
  return (documentHtml: string): string => {
    const tokens = documentTokens(documentHtml);
    const key = createHash("sha1").update(tokens.join(" ")).digest("base64url");
    let result = pruned.get(key);
    if (result === undefined) {
      result = write(new Set(tokens));
      pruned.set(key, result);
    }
    return result;
  };
}

/**
 * Once unused rules are gone, most custom properties are referenced by nothing: the theme's
 * (`--color-red-50`, `--text-xl`…), the defaults Tailwind declares for its utilities
 * (`--tw-shadow: 0 0 #0000`), their registrations (`@property --tw-shadow`), and most
 * keyframes. A declaration is kept when a kept declaration reads it (`var(--name`), found
 * to a fixed point since theme values read other theme values.
 */
function withoutUnused(css: string): string {
  const root = postcss.parse(css);
  const registered: AtRule[] = [];
  root.walkAtRules(/^(property|keyframes)$/, (rule) => {
    registered.push(rule);
  });
  for (const rule of registered) rule.remove();

  const customs = new Map<string, Declaration[]>();
  root.walkDecls(/^--/, (declaration) => {
    const list = customs.get(declaration.prop) ?? [];
    list.push(declaration);
    customs.set(declaration.prop, list);
  });
  const readsOf = (value: string) => [...value.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1] ?? "");
  const used = new Set<string>();
  const pending: string[] = [];
  const read = (value: string) => {
    for (const name of readsOf(value)) {
      if (used.has(name)) continue;
      used.add(name);
      pending.push(name);
    }
  };
  root.walkDecls((declaration) => {
    if (!declaration.prop.startsWith("--")) read(declaration.value);
  });
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const declaration of customs.get(name) ?? []) read(declaration.value);
  }
  for (const [name, declarations] of customs) {
    if (!used.has(name)) for (const declaration of declarations) declaration.remove();
  }
  // Emptied parents (a layer whose rules all went) go too, innermost first.
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walk((node) => {
      if ((node.type === "rule" || node.type === "atrule") && node.nodes?.length === 0) {
        node.remove();
        emptied = true;
      }
    });
  }

  const rest = root.toString();
  for (const rule of registered) {
    const name = rule.params.trim();
    const keep =
      rule.name === "property"
        ? used.has(name)
        : new RegExp(`animation[^;}]*\\b${name}\\b`).test(rest);
    if (keep) root.append(rule);
  }
  return root.toString();
}
