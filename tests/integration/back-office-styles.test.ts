import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import postcss from "postcss";
import selectorParser from "postcss-selector-parser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { testBuildRoot } from "../support/build.ts";
import { type SharedServer, sharedServer } from "../support/shared-server.ts";

const root = path.resolve(import.meta.dirname, "../..");
const assets = path.resolve(testBuildRoot, "current/client/assets");

/** The build's one stylesheet whose name starts with `name-`. */
function stylesheet(name: string): string {
  const files = readdirSync(assets).filter((file) =>
    new RegExp(`^${name}-[\\w-]+\\.css$`).test(file),
  );
  expect(files, `${name}-*.css in ${assets}`).toHaveLength(1);
  return readFileSync(path.join(assets, files[0] ?? ""), "utf8");
}

/** Every class a stylesheet has a rule for, as written in the markup (`sm:px-6`). */
function classesOf(css: string): Set<string> {
  const classes = new Set<string>();
  postcss.parse(css).walkRules((rule) => {
    selectorParser((selectors) => {
      selectors.walkClasses((node) => {
        classes.add(node.value);
      });
    }).processSync(rule.selector);
  });
  return classes;
}

/** Every word of the files under `dir` (recursively) that could be a class name. */
function wordsOf(files: string[]): Set<string> {
  const words = new Set<string>();
  for (const file of files) {
    for (const word of readFileSync(file, "utf8").split(/[\s"'`{}()]+/)) words.add(word);
  }
  return words;
}

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(tsx?|css|md)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const isBackOffice = (file: string) =>
  file.includes(`${path.sep}components${path.sep}admin${path.sep}`) ||
  path.basename(file).startsWith("admin") ||
  path.basename(file) === "back-office.ts";

/** The classes of the page's markup. */
const pageClasses = (html: string) =>
  new Set(
    [...html.matchAll(/\bclass="([^"]*)"/g)].flatMap((match) =>
      (match[1] ?? "").replaceAll("&amp;", "&").split(/\s+/),
    ),
  );
const inlineCss = (html: string) =>
  html.match(/<style id="app-styles"[^>]*>([\s\S]*?)<\/style>/)?.[1] ?? "";

// No class name of the back office is written in this file: Tailwind scans the tests too,
// so one written here would land in the public stylesheet.
describe("the back office's classes stay out of what public pages load", () => {
  let server: SharedServer;
  let publicCss: Set<string>;
  let backOfficeCss: Set<string>;
  /** Classes the stylesheets have a rule for that only back-office sources use. */
  let backOfficeOnly: string[];

  beforeAll(async () => {
    publicCss = classesOf(stylesheet("app"));
    backOfficeCss = classesOf(stylesheet("admin"));
    const sources = [...filesUnder("app"), ...filesUnder("content")];
    const publicWords = wordsOf(sources.filter((file) => !isBackOffice(file)));
    const backOfficeWords = wordsOf(sources.filter(isBackOffice));
    backOfficeOnly = [...backOfficeWords].filter(
      (word) => backOfficeCss.has(word) && !publicWords.has(word),
    );
    server = await sharedServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("the public stylesheet has no class only back-office pages use; the back office's has them and every public one", () => {
    // The back office uses classes of its own (its header's current page, its badges…).
    expect(backOfficeOnly.length).toBeGreaterThan(10);
    expect(backOfficeOnly.filter((name) => publicCss.has(name))).toEqual([]);
    expect([...publicCss].filter((name) => !backOfficeCss.has(name))).toEqual([]);
  });

  test("a back-office document carries inline the rules of its own classes; a public one none of them", async () => {
    const signIn = await (await fetch(`${server.url}/admin/sign-in`)).text();
    const used = [...pageClasses(signIn)].filter((name) => backOfficeOnly.includes(name));
    expect(used.length).toBeGreaterThan(2);
    const inline = classesOf(inlineCss(signIn));
    expect(used.filter((name) => !inline.has(name))).toEqual([]);

    for (const page of ["/", "/blog", "/blog/writing-hooks-for-executives", "/contact"]) {
      const html = await (await fetch(`${server.url}${page}`)).text();
      const css = classesOf(inlineCss(html));
      expect(css.size, page).toBeGreaterThan(20);
      expect(
        backOfficeOnly.filter((name) => css.has(name)),
        page,
      ).toEqual([]);
    }
  });
});
