import { describe, expect, test } from "vitest";
import { fillReplyTemplate } from "#app/lib/reply-template.ts";

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
