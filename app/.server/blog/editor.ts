import { z } from "zod";
import { isSlugTaken, type PostFields } from "#app/.server/blog/post-store.ts";
import { staticPosts } from "#app/.server/blog/static-posts.ts";
import type { Db } from "#app/.server/db/client.ts";
import { leaders } from "#app/content/leaders.ts";
import { slugPattern } from "#app/lib/blog.ts";
import { cleanSlug, seoLimits, slugFromTitle } from "#app/lib/posts.ts";

// What the back office's post editor reads from its form and checks before saving
// (saving itself: post-store.ts, shared with the post command).

export type PostFormField =
  | "title"
  | "slug"
  | "excerpt"
  | "author"
  | "tags"
  | "markdown"
  | "coverImage"
  | "coverAlt"
  | "seoTitle"
  | "seoDescription";

/** The form as typed, sent back with a refusal so that nothing typed is lost. */
export type PostFormValues = Record<PostFormField, string>;

/** Control characters (a pasted bell or escape, a line break) become spaces in a one-line field. */
const singleLine = (text: string) =>
  text.replace(/ *[\u0000-\u001F\u007F-\u009F\u2028\u2029]+ */g, " ");

const line = (what: string, max: number) =>
  z
    .string()
    .overwrite(singleLine)
    .trim()
    .min(1, { error: `Give the post ${what}.` })
    .max(max, { error: `Keep it to ${max} characters or fewer.` });

/** A one-line field that may be left empty (or not sent): null then. */
const optionalLine = (max: number, tooLong: string) =>
  z
    .string()
    .optional()
    .transform((text) => text ?? "")
    .pipe(z.string().overwrite(singleLine).trim().max(max, { error: tooLong }))
    .transform((text) => text || null);

export const postFormSchema = z.object({
  title: line("a title", 200),
  // Cleaned as the editor cleans it while it is typed ("My Post!" → "my-post").
  slug: z
    .string()
    .overwrite((text) => cleanSlug(text))
    .min(1, { error: "Give the post an address (slug)." })
    .max(120, { error: "Keep the slug to 120 characters or fewer." })
    .regex(slugPattern, {
      error: "Use lowercase letters, digits and single hyphens, like my-first-post.",
    }),
  excerpt: z.string().trim().max(400, { error: "Keep the excerpt to 400 characters or fewer." }),
  author: line("an author", 120),
  tags: z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .split(",")
          .map((tag) => tag.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(60, { error: "Keep each tag to 60 characters or fewer." }))
        .max(12, { error: "Twelve tags at most." }),
    ),
  markdown: z
    .string()
    .max(200_000, { error: "The text is too long (200,000 characters at most)." })
    .refine((text) => text.trim() !== "", { error: "Write the post's text." })
    // Read out by screen readers and shown when an image does not load.
    .refine((text) => !/!\[\s*\]\(/.test(text), {
      error:
        "Describe every image: its alt text goes between the brackets, as in ![A chart of leads by month](…).",
    }),
  coverImage: z
    .string()
    .regex(/^(?:[a-f0-9]{32})?$/, { error: "Upload the image again." })
    .transform((id) => id || null),
  coverAlt: z
    .string()
    .trim()
    .max(300, { error: "Keep the description to 300 characters or fewer." })
    .transform((alt) => alt || null),
  // Optional: empty means the title and the excerpt. Search results show about 60 and 155
  // characters; a little more is allowed, with the editor's counter saying so.
  seoTitle: optionalLine(
    seoLimits.title.max,
    `Keep the SEO title to ${seoLimits.title.max} characters or fewer.`,
  ),
  seoDescription: optionalLine(
    seoLimits.description.max,
    `Keep the meta description to ${seoLimits.description.max} characters or fewer.`,
  ),
});

export function parsePostForm(
  values: PostFormValues,
):
  | { ok: true; fields: PostFields }
  | { ok: false; errors: Partial<Record<PostFormField, string>> } {
  // Left empty, the address is made from the title, as the editor's script makes it while
  // the title is typed (so a post written without JavaScript gets one too).
  const slug = cleanSlug(values.slug ?? "") || slugFromTitle(values.title ?? "");
  const parsed = postFormSchema.safeParse({ ...values, slug });
  const errors: Partial<Record<PostFormField, string>> = {};
  if (parsed.success) {
    const { coverImage, coverAlt } = parsed.data;
    if (coverImage && !coverAlt) {
      errors.coverAlt = "Describe the image for people who cannot see it.";
      return { ok: false, errors };
    }
    return { ok: true, fields: { ...parsed.data, coverAlt: coverImage ? coverAlt : null } };
  }
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as PostFormField;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

const staticTitles = new Map(staticPosts.map((post) => [post.slug, post.title]));

/**
 * Why this slug cannot be used by the post `id` (null: a new post), or null when it can:
 * a static article or another database post has it (a static article would hide the post).
 */
export async function slugProblem(db: Db, slug: string, id: number | null): Promise<string | null> {
  const article = staticTitles.get(slug);
  if (article) {
    return `The article "${article}" (in the site's code) already uses /blog/${slug}. Choose another slug.`;
  }
  if (await isSlugTaken(db, slug, id)) {
    return `Another post already uses /blog/${slug}. Choose another slug.`;
  }
  return null;
}

/** Suggestions for the author field: the leadership team, and the team as a whole. */
export const authorSuggestions: readonly string[] = [
  "The Northstory Team",
  ...leaders.map((leader) => leader.name),
];

/** Tags of the static articles, for the tag suggestions (with the database's). */
export const staticTags: readonly string[] = [...new Set(staticPosts.flatMap((post) => post.tags))];
