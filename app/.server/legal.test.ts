import { describe, expect, test } from "vitest";
import { loadLegalDocument, parseLegalDocument } from "#app/.server/legal.ts";

describe("legal documents", () => {
  test("the terms come with their front matter, a table of contents and anchored headings", () => {
    const terms = loadLegalDocument("terms");
    expect(terms.title).toBe("Terms of Service");
    expect(terms.updated).toBe("2026-11-28");
    expect(terms.toc[0]).toEqual({ id: "1-definitions", text: "1. Definitions" });
    expect(terms.toc.at(-1)?.text).toBe("18. Contact");
    for (const entry of terms.toc) expect(terms.html).toContain(`<h2 id="${entry.id}">`);
    expect(terms.html).toContain('<h3 id="2-1-age-requirement">');
  });

  test("the privacy policy lists only its ## headings in the table of contents", () => {
    const privacy = loadLegalDocument("privacy-policy");
    expect(privacy.title).toBe("Privacy Policy");
    expect(privacy.toc).toHaveLength(16);
    expect(privacy.toc.map((entry) => entry.text)).not.toContain("1.1 About us");
  });

  test("each document's description suits a search result (110 to 160 characters)", () => {
    for (const slug of ["terms", "privacy-policy"] as const) {
      const { description } = loadLegalDocument(slug);
      expect(description.length).toBeGreaterThanOrEqual(110);
      expect(description.length).toBeLessThanOrEqual(160);
    }
  });

  test("a legal page's front matter must be YAML with its three fields", () => {
    expect(() =>
      parseLegalDocument(
        '---js\n({ title: "T", description: "D", updated: "2026-11-28" })\n---\nBody',
        "content/legal/terms.md",
      ),
    ).toThrow('content/legal/terms.md: the front matter must open with a plain "---"');
    expect(() =>
      parseLegalDocument("---\ntitle: Terms\nupdated: 2026-10-01\n---\nBody", "content/legal/x.md"),
    ).toThrow("content/legal/x.md: description is required");
  });
});
