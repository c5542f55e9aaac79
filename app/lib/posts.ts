// What the back office's post pages and the server's post module share.

/** Where a database post stands: derived from `published` and `publish_at`. */
export const postStatuses = ["draft", "scheduled", "published", "unpublished"] as const;
export type PostStatus = (typeof postStatuses)[number];

/**
 * Autosaves closer together than this (by one person, with no other save between) are
 * kept as one revision, the latest: a draft saving itself every ten seconds would
 * otherwise bury the saves a writer made on purpose.
 */
export const AUTOSAVE_MERGE_MINUTES = 5;

export const postStatusLabels: Record<PostStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  unpublished: "Unpublished",
};

/** What the reader of a preview link said of the post (app/.server/blog/sign-off.ts). */
export const signOffVerdicts = ["approved", "changes"] as const;
export type SignOffVerdict = (typeof signOffVerdicts)[number];

/** The longest name and comment a sign-off takes. */
export const signOffLimits = { name: 80, comment: 4000 } as const;

export const signOffLabels: Record<SignOffVerdict, string> = {
  approved: "Approved",
  changes: "Changes asked for",
};

/** Lowercase, accents dropped ("Café" → "cafe"). */
const plain = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");

/**
 * A slug typed (or sent) cleaned into one, the editor's and the server's rule alike:
 * lowercase, spaces and underscores as single hyphens, nothing a slug cannot hold
 * ("My Post!" → "my-post"). While `typing`, a last hyphen stays, so that "my-" can go on
 * to "my-post"; otherwise hyphens at either end go. What is left may be empty.
 */
export function cleanSlug(text: string, { typing = false }: { typing?: boolean } = {}): string {
  const slug = plain(text)
    .replace(/[\s_]+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-/, "");
  return typing ? slug : slug.replace(/-$/, "");
}

/** Turns a title into a slug: "Why 90 Days?" → "why-90-days" (punctuation breaks words). */
export function slugFromTitle(title: string): string {
  return cleanSlug(plain(title).replace(/[^a-z0-9]+/g, " "))
    .slice(0, 80)
    .replace(/-+$/, "");
}

/**
 * How long a post's SEO title and meta description should be: search results show about
 * `shown` characters (the rest is cut with "…"); `max` is the most the editor accepts.
 */
export const seoLimits = {
  title: { shown: 60, max: 70 },
  description: { shown: 155, max: 200 },
} as const;
