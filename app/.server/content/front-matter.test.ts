import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { legalPageSchema } from "#app/.server/content/collections.ts";
import {
  FrontMatterError,
  readFrontMatter,
  splitFrontMatter,
} from "#app/.server/content/front-matter.ts";
import { temporaryDirectory } from "../../../tests/support/temporary-directory.ts";

/** Front matter that, if anything ran it, would leave a file behind. */
function writesMarker(fence: string) {
  const marker = path.join(temporaryDirectory("front-matter"), "ran");
  const code = `(process.getBuiltinModule("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran"), { title: "Ran" })`;
  return { marker, source: `${fence}\n${code}\n---\n\nBody.\n` };
}

describe("front matter", () => {
  test("is read as YAML: fields, lists, and the body after the closing line", () => {
    const { data, body } = splitFrontMatter(
      "---\ntitle: Hello\ntags: [a, b]\n---\n\nThe body.\n",
      "hello.md",
    );
    expect(data).toEqual({ title: "Hello", tags: ["a", "b"] });
    expect(body.trim()).toBe("The body.");
  });

  test.each(["---js", "---javascript", "--- js", "---coffee", "---json", "---yaml", ";;;", "+++"])(
    "a %s fence is refused, naming the file, and nothing in it runs",
    (fence) => {
      const { marker, source } = writesMarker(fence);
      expect(() => splitFrontMatter(source, "evil.md")).toThrow(FrontMatterError);
      expect(() => splitFrontMatter(source, "evil.md")).toThrow(
        /^evil\.md: the front matter must open with a plain "---" line and be YAML/,
      );
      expect(existsSync(marker)).toBe(false);
    },
  );

  test("YAML tags that build objects or functions are refused", () => {
    for (const value of [
      '!!js/function "function () { return 1 }"',
      "!!js/undefined ''",
      "!!binary aGk=",
      "!!timestamp 2026-10-01",
      "!!set { a }",
      "!<tag:yaml.org,2002:js/regexp> /x/",
    ]) {
      expect(() => splitFrontMatter(`---\ntitle: ${value}\n---\nBody`, "tags.md")).toThrow(
        /^tags\.md: the front matter is not valid YAML/,
      );
    }
  });

  test("broken, unclosed, repeated or non-mapping front matter is refused with the file named", () => {
    const cases = [
      "---\ntitle: [unclosed\n---\nBody",
      "---\ntitle: One\n\nBody without a closing line",
      "---\ntitle: One\ntitle: Two\n---\nBody",
      "---\n- a list\n- of things\n---\nBody",
    ];
    for (const source of cases) {
      expect(() => splitFrontMatter(source, "broken.md"), source).toThrow(/^broken\.md: /);
    }
  });

  test("an alias bomb is refused instead of expanded", () => {
    const bomb = [
      "a: &a [x, x, x, x, x, x, x, x, x, x]",
      "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]",
      "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]",
      "d: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]",
    ].join("\n");
    expect(() => splitFrontMatter(`---\n${bomb}\n---\nBody`, "bomb.md")).toThrow();
  });

  test("a file without front matter is all body", () => {
    expect(splitFrontMatter("# Title\n\n---\n\ntext", "plain.md")).toEqual({
      data: {},
      present: false,
      body: "# Title\n\n---\n\ntext",
    });
  });

  test("a date is the calendar day as written, quoted or not, and an impossible day is refused", () => {
    const page = (updated: string) =>
      `---\ntitle: Terms\ndescription: The terms.\nupdated: ${updated}\n---\nBody`;
    for (const updated of ["2026-10-01", '"2026-10-01"', "'2026-10-01'"]) {
      const result = readFrontMatter(page(updated), "terms.md", legalPageSchema);
      expect(result.ok && result.data.updated).toBe("2026-10-01");
    }
    for (const updated of ["2026-02-30", "2026-10-01T12:00:00Z", "October 1, 2026"]) {
      expect(readFrontMatter(page(updated), "terms.md", legalPageSchema)).toEqual({
        ok: false,
        problems: ["terms.md: updated must be a date like 2026-10-01"],
      });
    }
  });

  test("each problem names the file and the field; unknown fields are refused", () => {
    const result = readFrontMatter(
      "---\ntitle: Terms\nupdated: 2026-10-01\nsummary: typo\n---\nBody",
      "terms.md",
      legalPageSchema,
    );
    expect(result.ok ? [] : result.problems).toEqual(
      expect.arrayContaining([
        "terms.md: description is required",
        "terms.md: unknown field(s): summary",
      ]),
    );
  });
});
