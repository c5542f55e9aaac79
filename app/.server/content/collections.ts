import { z } from "zod";
import { calendarDay } from "#app/.server/content/front-matter.ts";
import { slugPattern } from "#app/lib/blog.ts";

// The front matter each collection of Markdown files must have (docs/content.md). A field
// that is not listed is refused, so a typo ("categroy") is caught instead of ignored.

const required = (what: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined ? "is required" : `must be ${what}`,
});

const line = (max: number) =>
  z
    .string(required("text"))
    .trim()
    .min(1, { error: "must not be empty" })
    .max(max, { error: `must be ${max} characters or fewer` });

const unknownFields = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys?.join(", ")}` : undefined,
};

/** A blog article: the static ones in content/blog and the files of `npm run post`. */
export const blogArticleSchema = z.strictObject(
  {
    title: line(200),
    excerpt: line(400),
    date: calendarDay("2025-04-15"),
    author: line(120),
    tags: z
      .array(
        z.string(required("text")).trim().min(1, { error: "must not be empty" }).max(60),
        required("a list like [linkedin, sales]"),
      )
      .min(1, { error: "must name at least one tag" }),
    readTime: z
      .string(required('text like "5 min read"'))
      .regex(/^\d+ min read$/, { error: 'must look like "5 min read"' })
      .optional(),
    slug: z
      .string(required("text"))
      .regex(slugPattern, {
        error: "must be lowercase words joined by hyphens, like my-first-post",
      })
      .optional(),
  },
  unknownFields,
);

export type BlogArticleFrontMatter = z.output<typeof blogArticleSchema>;

/** A legal page in content/legal. */
export const legalPageSchema = z.strictObject(
  {
    title: line(200),
    // Shown as the search result snippet, where longer text is cut.
    description: line(160),
    updated: calendarDay("2026-10-01"),
  },
  unknownFields,
);

export type LegalPageFrontMatter = z.output<typeof legalPageSchema>;
