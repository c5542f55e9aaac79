import { expect, test } from "vitest";
import { type LinkTarget, suggestLinks } from "#app/components/admin/link-suggestions.ts";

const targets: LinkTarget[] = [
  {
    title: "Writing Hooks That Executives Actually Stop For",
    path: "/blog/writing-hooks-for-executives",
  },
  { title: "LinkedIn Analytics That Matter", path: "/blog/linkedin-analytics-that-matter" },
  { title: "Pricing", path: "/pricing" },
  { title: "Book a Call", path: "/book-a-call" },
  { title: "Founder & CEO Thought Leadership", path: "/features/founder-ceo-thought-leadership" },
];
const titles = (address: string, text = "") =>
  suggestLinks(targets, { address, text }).map((target) => target.title);

test("by what is typed in the address: each word starts a word of the title or the path", () => {
  expect(titles("hoo")).toEqual(["Writing Hooks That Executives Actually Stop For"]);
  expect(titles("/pri")).toEqual(["Pricing"]);
  expect(titles("book c")).toEqual(["Book a Call"]);
  expect(titles("thought-lead")).toEqual(["Founder & CEO Thought Leadership"]);
  expect(titles("that")).toEqual([
    "Writing Hooks That Executives Actually Stop For",
    "LinkedIn Analytics That Matter",
  ]);
  // A title that starts with the word typed comes first.
  expect(titles("link")).toEqual(["LinkedIn Analytics That Matter"]);
  expect(titles("ceo")).toEqual(["Founder & CEO Thought Leadership"]);
  expect(titles("zebra")).toEqual([]);
});

test("/blog/ lists the posts alone", () => {
  expect(titles("/blog/")).toEqual([
    "Writing Hooks That Executives Actually Stop For",
    "LinkedIn Analytics That Matter",
  ]);
  expect(titles("/blog/ana")).toEqual(["LinkedIn Analytics That Matter"]);
});

test("an address off the site, or within the page, gets none", () => {
  for (const address of [
    "https://example.com",
    "http:",
    "mailto:",
    "tel:+1",
    "//cdn",
    "#top",
    "www.x",
  ]) {
    expect(titles(address, "pricing")).toEqual([]);
  }
});

test("an empty address: by the link's words, else the first targets as given", () => {
  expect(titles("", "book a call")[0]).toBe("Book a Call");
  expect(titles("", "our piece on analytics")).toEqual(["LinkedIn Analytics That Matter"]);
  expect(titles("", "here")).toEqual(targets.map((target) => target.title));
  expect(titles("", "")).toHaveLength(5);
});
