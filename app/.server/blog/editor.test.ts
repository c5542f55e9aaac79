import { expect, test } from "vitest";
import { parsePostForm, postFormSchema } from "#app/.server/blog/editor.ts";

test("a title or author with control characters is saved as one clean line", () => {
  const parsed = postFormSchema.shape.title.parse(" Bell\u0007 and\nbreak\u001b[31m ");
  expect(parsed).toBe("Bell and break [31m");
  expect(postFormSchema.shape.author.parse("Ada\u0000 Lovelace")).toBe("Ada Lovelace");
  expect(postFormSchema.shape.title.safeParse("\u0007\u0008").success).toBe(false);
});

test("a slug is cleaned as the editor cleans it while typing; one that cleans to nothing is refused", () => {
  expect(postFormSchema.shape.slug.parse("  My Post!_About  Slugs-- ")).toBe("my-post-about-slugs");
  expect(postFormSchema.shape.slug.parse("my-first-post")).toBe("my-first-post");
  const nothing = postFormSchema.shape.slug.safeParse("!!! ---");
  expect(nothing.error?.issues[0]?.message).toBe("Give the post an address (slug).");
  const long = postFormSchema.shape.slug.safeParse("a".repeat(121));
  expect(long.error?.issues[0]?.message).toBe("Keep the slug to 120 characters or fewer.");
});

test("a post sent without an address gets one made from its title, as the editor makes it", () => {
  const values = {
    title: "Why 90 Days?",
    slug: "",
    excerpt: "",
    author: "Jordan Ellery",
    tags: "",
    markdown: "Text.",
    coverImage: "",
    coverAlt: "",
    seoTitle: "",
    seoDescription: "",
  };
  const parsed = parsePostForm(values);
  expect(parsed.ok && parsed.fields.slug).toBe("why-90-days");
  // One the writer typed is kept; with neither a title nor an address, both are asked for.
  const typed = parsePostForm({ ...values, slug: "ninety-days" });
  expect(typed.ok && typed.fields.slug).toBe("ninety-days");
  const empty = parsePostForm({ ...values, title: "" });
  expect(!empty.ok && empty.errors).toMatchObject({
    title: "Give the post a title.",
    slug: "Give the post an address (slug).",
  });
});
