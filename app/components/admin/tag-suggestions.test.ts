import { describe, expect, test } from "vitest";
import { tagSuggestions } from "#app/components/admin/tag-suggestions.ts";

const known = ["events", "founder-led-content", "linkedin", "sales"];

describe("tag suggestions", () => {
  test("the first tag is suggested from every known tag", () => {
    expect(tagSuggestions("", known)).toEqual(known);
    expect(tagSuggestions("li", known)).toEqual(known);
  });

  test("a later tag keeps what is typed before it and leaves out the tags already chosen", () => {
    expect(tagSuggestions("linkedin, fo", known)).toEqual([
      "linkedin, events",
      "linkedin, founder-led-content",
      "linkedin, sales",
    ]);
    expect(tagSuggestions("LinkedIn,Sales, ", known)).toEqual([
      "LinkedIn,Sales, events",
      "LinkedIn,Sales, founder-led-content",
    ]);
  });

  test("the text typed after the comma is matched as written, spaces included", () => {
    expect(tagSuggestions("sales,ev", known)[0]).toBe("sales,events");
    expect(tagSuggestions("sales,  ev", known)[0]).toBe("sales,  events");
  });
});
