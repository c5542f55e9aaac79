import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { compile, selectOne } from "css-select";
import { parseDocument } from "htmlparser2";
import { LRUCache } from "lru-cache";
import postcss, { type AtRule, type ChildNode, type Declaration, type Rule } from "postcss";
import selectorParser from "postcss-selector-parser";

/** The token of a document with a form control, for the parts only form controls have. */
const FORM_CONTROL = "(form control)";

/**
 * Pseudo-elements and browser pseudo-classes that only form controls have: the base
 * layer's date-field, spin-button and placeholder resets are no use to an article.
 */
const formControlPseudo =
  /^(::placeholder|::file-selector-button|:-moz-ui-invalid|::-webkit-(datetime-edit|date-and-time-value|calendar-picker-indicator|inner-spin-button|outer-spin-button|search-decoration))/i;

type Tag = { closing: boolean; name: string; attributes: [name: string, value?: string][] };

/** A document's start and end tags in order, names in lower case, values as written. */
function* tagsOf(html: string): Generator<Tag> {
  for (const [, closing, name = "", attributes = ""] of html.matchAll(
    /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g,
  )) {
    yield {
      closing: closing === "/",
      name: name.toLowerCase(),
      attributes: [...attributes.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:="([^"]*)")?/g)].map(
        ([, attribute = "", value]) => [attribute.toLowerCase(), value],
      ),
    };
  }
}

/**
 * What a document can match: its tag names, and its attributes and classes in the forms
 * selectors name them ("[hidden]", "[type=button]", ".md:flex", "#main"). Words of the text do not count,
 * so pages built from the same components (every article, every contact page) share one
 * signature and one pruned stylesheet.
 */
export function documentTokens(html: string): string[] {
  // `open` is set by the browser itself, without scripts: a <details> the visitor opens, a
  // <dialog> a button opens by an invoker command. Its rules are kept whether or not the
  // server's HTML has it (without them a menu opened before the scripts started stayed
  // off screen).
  const tokens = new Set(["html", "body", "[open]"]);
  for (const tag of tagsOf(html)) {
    if (tag.closing) continue;
    tokens.add(tag.name);
    for (const [name, rawValue = ""] of tag.attributes) {
      const value = decodeEntities(rawValue);
      tokens.add(`[${name}]`);
      tokens.add(`[${name}=${value}]`);
      if (name === "class") for (const word of value.split(/\s+/)) if (word) tokens.add(`.${word}`);
      if (name === "id" && value) tokens.add(`#${value}`);
    }
  }
  if (["input", "textarea", "select"].some((tag) => tokens.has(tag))) tokens.add(FORM_CONTROL);
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
 * suffices, so none is required), nor in the count of :nth-child() and its kin.
 * Pseudo-classes and pseudo-elements require nothing, but those of form controls, which
 * require one. Also whether it relates elements (has a combinator), and, into
 * `comparedAttributes`, the attributes it compares by value.
 */
function analyse(
  selector: string,
  comparedAttributes: Set<string>,
): { needs: string[]; relates: boolean } {
  const needs: string[] = [];
  let relates = false;
  selectorParser((root) => {
    root.walk((node) => {
      let required = true;
      for (let parent = node.parent; parent; parent = parent.parent) {
        if (parent.type !== "pseudo") continue;
        // `:nth-child(2n+1)`: the parser reads the count as tags and combinators.
        if (/^:nth-/i.test(parent.value)) return;
        if (parent.value === ":not" || parent.value === ":has" || parent.nodes.length > 1) {
          required = false;
        }
      }
      if (node.type === "combinator") relates = true;
      if (node.type === "attribute" && node.value !== undefined) {
        comparedAttributes.add(node.attribute.toLowerCase());
      }
      if (!required) return;
      if (node.type === "class") needs.push(`.${node.value}`);
      else if (node.type === "id") needs.push(`#${node.value}`);
      else if (node.type === "tag") needs.push(node.value.toLowerCase());
      else if (node.type === "pseudo" && formControlPseudo.test(node.value))
        needs.push(FORM_CONTROL);
      else if (node.type === "attribute") {
        const name = node.attribute.toLowerCase();
        if (name === "class" && node.operator === "~=" && node.value) needs.push(`.${node.value}`);
        else if (node.operator === "=" && !node.insensitive) needs.push(`[${name}=${node.value}]`);
        else needs.push(`[${name}]`);
      }
    });
  }).processSync(selector);
  return { needs, relates };
}

/**
 * Pseudo-classes the server's HTML settles: where an element stands among its siblings.
 * Every other one (:hover, :focus-visible, :checked, :not(), :has(), pseudo-elements) can
 * start to match after the first paint or asks for an absence, so it counts as matching.
 */
const structural = new Set([
  ":is",
  ":where",
  ":root",
  ":first-child",
  ":last-child",
  ":only-child",
  ":first-of-type",
  ":last-of-type",
  ":only-of-type",
  ":nth-child",
  ":nth-last-child",
  ":nth-of-type",
  ":nth-last-of-type",
]);

/**
 * The selector as a question about the document's structure alone: `.prose :where(ol>li)::marker`
 * asks for an `li` child of an `ol` inside `.prose`; `.group:hover .icon` for an `.icon`
 * inside a `.group`.
 */
export function structureOf(selector: string): string {
  return selectorParser((root) => {
    // `[open]` is a state the browser sets itself (see documentTokens), not structure.
    root.walkAttributes((attribute) => {
      if (attribute.attribute.toLowerCase() === "open") {
        attribute.replaceWith(selectorParser.string({ value: ":is(*)" }));
      }
    });
    root.walkPseudos((pseudo) => {
      if (structural.has(pseudo.value.toLowerCase())) return;
      // `:is(*)` matches any element and, unlike `*`, may stand anywhere in a compound.
      pseudo.replaceWith(selectorParser.string({ value: ":is(*)" }));
    });
  }).processSync(selector);
}

type Query = ReturnType<typeof compile>;

type Selector = {
  text: string;
  /** The tokens an element needs (see analyse). */
  needs: string[];
  /**
   * For a selector that relates elements or asks one element for several things, the
   * compiled question about structure (see structureOf), compiled when first needed.
   * Without one, having the tokens is enough.
   */
  structure?: () => Query | undefined;
};

type Prepared = {
  selectors: Selector[];
  /** Attributes some selector compares by value (`[type=button]`, `[data-state=open]`). */
  comparedAttributes: Set<string>;
  /** Writes the rules with at least one kept selector. */
  write: (keep: (selector: Selector) => boolean) => string;
};

function structuralQuery(selector: string): () => Query | undefined {
  let query: Query | undefined | null = null;
  return () => {
    if (query === null) {
      try {
        query = compile(structureOf(selector));
      } catch {
        // A selector the engine cannot read is kept on its tokens alone.
        query = undefined;
      }
    }
    return query;
  };
}

/** An `@media print` block. */
const isPrintMedia = (node: AtRule) => node.name === "media" && /^print\b/i.test(node.params);

/** Whether a rule sits in an `@media print` block, at any depth. */
function forPaper(rule: Rule): boolean {
  let parent: ChildNode["parent"] | undefined = rule.parent;
  while (parent) {
    if (parent.type === "atrule" && isPrintMedia(parent as AtRule)) return true;
    parent = "parent" in parent ? (parent.parent as ChildNode["parent"]) : undefined;
  }
  return false;
}

/** Parses the stylesheet once into its selectors and a writer of the rules a document uses. */
function prepare(css: string): Prepared {
  const root = postcss.parse(css);
  const selectors: Selector[] = [];
  const comparedAttributes = new Set<string>();
  const rules = new Map<Rule, { selectors: Selector[]; body: string }>();
  root.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes$/.test((rule.parent as AtRule).name)) return;
    // Rules for paper are left out whole (writeNode): their selectors must not shape the
    // pruning either. `a[href^="http"]` would make every link's address part of a page's
    // skeleton, and two copies on different addresses would share none.
    if (forPaper(rule)) return;
    const own = rule.selectors.map((text): Selector => {
      const { needs, relates } = analyse(text, comparedAttributes);
      return needs.length > 1 || relates
        ? { text, needs, structure: structuralQuery(text) }
        : { text, needs };
    });
    selectors.push(...own);
    rules.set(rule, {
      selectors: own,
      body: (rule.nodes ?? []).map((node) => node.toString()).join(";"),
    });
  });
  const writeNode = (node: ChildNode, keep: (selector: Selector) => boolean): string => {
    if (node.type === "comment") return "";
    if (node.type === "rule") {
      const rule = rules.get(node);
      if (!rule) return node.toString();
      const kept = rule.selectors.filter(keep).map((selector) => selector.text);
      return kept.length ? `${kept.join(",")}{${rule.body}}` : "";
    }
    if (node.type === "atrule") {
      // A statement (`@layer a, b;`) ends with a semicolon its parent would have written.
      if (!node.nodes) return `${node.toString()};`;
      // Blocks of declarations, not of rules: kept whole (a font face's declarations need
      // their semicolons, which only the block writes).
      if (/keyframes$/.test(node.name) || node.name === "property" || node.name === "font-face") {
        return node.toString();
      }
      // Rules for paper only: no part of the first paint. The whole stylesheet has them,
      // which pages load once their scripts run.
      if (isPrintMedia(node)) return "";
      const inner = node.nodes.map((child) => writeNode(child, keep)).join("");
      return inner ? `@${node.name}${node.params ? ` ${node.params}` : ""}{${inner}}` : "";
    }
    return node.toString();
  };
  return {
    selectors,
    comparedAttributes,
    write: (keep) => withoutUnused(root.nodes.map((node) => writeNode(node, keep)).join("")),
  };
}

/**
 * The rules of the site's stylesheet a document uses, so the first paint needs no
 * stylesheet request and only a few kilobytes of CSS.
 *
 * A selector is kept when the document has every class, tag and attribute it names; one
 * that relates elements (`.prose :where(thead th)`) or asks one element for several things
 * is then checked against the parsed document, so an article without a table carries no
 * table rules. Results are kept per signature (the tokens and the outcome of those checks):
 * a page shape is pruned once, then reused for every page and visit of that shape; and
 * per skeleton (skeletonOf), so a page seen before is not parsed again.
 */
export function createStylesheetPruner(css: string, options: { store?: PrunedStore } = {}) {
  const { selectors, comparedAttributes, write } = prepare(css);
  const checked = selectors.filter((selector) => selector.structure);
  const pruned = new LRUCache<string, string>({ max: 500 });
  // The outcome for a markup skeleton: per-visit pages (a form token) skip the parsing.
  const outcomes = new LRUCache<string, string>({ max: 2000 });
  // The stored outcomes are named by the stylesheet too: two stylesheets share one store.
  const stylesheet = createHash("sha1").update(css).digest("base64url").slice(0, 12);
  /** How often a document was parsed, and a stylesheet written, since start. */
  const work = { parsed: 0, written: 0 };
  const prune = (documentHtml: string): string => {
    const shape = createHash("sha1")
      .update(skeletonOf(documentHtml, comparedAttributes))
      .digest("base64url");
    const known = outcomes.get(shape);
    const cached = known === undefined ? undefined : pruned.get(known);
    if (cached !== undefined) return cached;
    const storeKey = `${stylesheet}-${shape}`;
    const stored = options.store?.get(storeKey);
    if (stored !== undefined) {
      // Kept under the shape itself: the signature is known only after parsing.
      outcomes.set(shape, storeKey);
      pruned.set(storeKey, stored);
      return stored;
    }

    const tokens = new Set(documentTokens(documentHtml));
    const hasTokens = (selector: Selector) => selector.needs.every((need) => tokens.has(need));
    let document: ReturnType<typeof parseDocument> | undefined;
    const absent = new Set<Selector>();
    for (const selector of checked) {
      if (!hasTokens(selector)) continue;
      const query = selector.structure?.();
      if (!query) continue;
      if (!document) {
        document = parseDocument(documentHtml);
        work.parsed++;
      }
      if (selectOne(query, document) === null) absent.add(selector);
    }
    const signature = [...tokens].join(" ") + checked.map((s) => (absent.has(s) ? 0 : 1)).join("");
    const key = createHash("sha1").update(signature).digest("base64url");
    outcomes.set(shape, key);
    let result = pruned.get(key);
    if (result === undefined) {
      result = write((selector) => hasTokens(selector) && !absent.has(selector));
      work.written++;
      pruned.set(key, result);
    }
    options.store?.set(storeKey, result);
    return result;
  };
  return Object.assign(prune, { work: work as Readonly<typeof work> });
}

/** Pruned stylesheets kept beyond one process, by stylesheet and document skeleton. */
export type PrunedStore = {
  get(key: string): string | undefined;
  set(key: string, css: string): void;
};

/**
 * A store in a directory of the release (`cache/critical-css/`): the copies serving it, and
 * each restart, prune a page shape once between them instead of once each at start. A
 * release's stylesheet and pruning code never change, so an entry never goes stale; it goes
 * with its release. Files appear whole (written aside, then renamed) or not at all; a
 * directory that cannot be written (a read-only release) only means pruning again. At most
 * `maxEntries` files are written by one process.
 */
export function directoryStore(directory: string, maxEntries = 1000): PrunedStore {
  const fileOf = (key: string) => path.join(directory, `${key}.css`);
  let written = 0;
  let writable = true;
  return {
    get(key) {
      try {
        return readFileSync(fileOf(key), "utf8");
      } catch {
        return undefined;
      }
    },
    set(key, css) {
      if (!writable || written >= maxEntries || existsSync(fileOf(key))) return;
      const aside = `${fileOf(key)}.${process.pid}.tmp`;
      try {
        mkdirSync(directory, { recursive: true });
        writeFileSync(aside, css);
        renameSync(aside, fileOf(key));
        written++;
      } catch {
        writable = false;
        try {
          rmSync(aside, { force: true });
        } catch {
          // There was no file, nor a directory to hold one.
        }
      }
    },
  };
}

/**
 * Everything of a document the pruning depends on, and nothing else: its tags in order,
 * their attribute names, classes and ids, and the values of the attributes some selector
 * compares. Text and other values (a form token, a date, a link) are left out, so two
 * visits of the same page share one skeleton.
 */
export function skeletonOf(html: string, comparedAttributes: ReadonlySet<string>): string {
  let skeleton = "";
  for (const tag of tagsOf(html)) {
    skeleton += `<${tag.closing ? "/" : ""}${tag.name}`;
    for (const [name, value] of tag.attributes) {
      const kept = name === "class" || name === "id" || comparedAttributes.has(name);
      skeleton += kept && value !== undefined ? ` ${name}="${value}"` : ` ${name}`;
    }
    skeleton += ">";
  }
  return skeleton;
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

/**
 * The store of the public pages' pruner (app/entry.server.tsx): none until the production
 * server names its release's directory (`use`), so development, tests of the pruner and
 * scripts keep everything in memory. `counts` says how many page shapes were found pruned
 * there and how many this process pruned and offered to it.
 */
export const releaseStore: PrunedStore & {
  use(directory: string): void;
  readonly counts: { found: number; pruned: number };
} = (() => {
  let store: PrunedStore | undefined;
  const counts = { found: 0, pruned: 0 };
  return {
    counts,
    use(directory) {
      store = directoryStore(directory);
    },
    get(key) {
      const css = store?.get(key);
      if (css !== undefined) counts.found++;
      return css;
    },
    set(key, css) {
      if (!store) return;
      counts.pruned++;
      store.set(key, css);
    },
  };
})();
