import { expect, test } from "vitest";
import { cleanSlug, slugFromTitle } from "#app/lib/posts.ts";

test("a title becomes lowercase words joined by single hyphens", () => {
  expect(slugFromTitle("Why 90 Days?  A Founder's Guide")).toBe("why-90-days-a-founder-s-guide");
  expect(slugFromTitle("Café — déjà vu")).toBe("cafe-deja-vu");
  expect(slugFromTitle("!!!")).toBe("");
});

test("a typed slug is cleaned into one: lowercase, single hyphens, nothing a slug cannot hold", () => {
  expect(cleanSlug("My Post!")).toBe("my-post");
  expect(cleanSlug("  Café__au  lait--")).toBe("cafe-au-lait");
  expect(cleanSlug("--a--b--")).toBe("a-b");
  expect(cleanSlug("!!! ---")).toBe("");
  expect(cleanSlug("my-first-post")).toBe("my-first-post");
});

test("while typing, a last hyphen stays, so that the next word can follow it", () => {
  expect(cleanSlug("my ", { typing: true })).toBe("my-");
  expect(cleanSlug("my--", { typing: true })).toBe("my-");
  expect(cleanSlug("-my", { typing: true })).toBe("my");
  expect(cleanSlug("my-post", { typing: true })).toBe("my-post");
});
