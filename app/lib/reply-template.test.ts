import { describe, expect, test } from "vitest";
import { fillReplyTemplate, withTemplate } from "#app/lib/reply-template.ts";

describe("fillReplyTemplate", () => {
  test("puts the lead's first name wherever {name} is", () => {
    expect(fillReplyTemplate("Hi {name},\nThanks, {name}!", { name: "Dana Whitfield" })).toBe(
      "Hi Dana,\nThanks, Dana!",
    );
  });

  test("says there when the lead gave no name, and leaves other braces alone", () => {
    expect(fillReplyTemplate("Hi {name}, see {link}", { name: "  " })).toBe("Hi there, see {link}");
  });
});

describe("withTemplate", () => {
  const intro = "Hi Dana,\nThanks for writing. Does Tuesday work for a call?";
  const pricing = "Hi Dana,\nOur programs start at $3,000 a month.";
  const templates = [intro, pricing];

  test("an empty reply becomes the template", () => {
    expect(withTemplate("  \n", intro, templates)).toBe(intro);
  });

  test("choosing another template swaps one left as it was", () => {
    expect(withTemplate(`${intro}\n`, pricing, templates)).toBe(pricing);
  });

  test("choosing the same template twice does not add it twice", () => {
    const written = `${intro}\n\nPS: I loved your post.`;
    expect(withTemplate(written, intro, templates)).toBe(written);
  });

  test("what was written stays, and the template goes below it", () => {
    expect(withTemplate("Great to hear from you.\n", pricing, templates)).toBe(
      `Great to hear from you.\n\n${pricing}`,
    );
  });
});
