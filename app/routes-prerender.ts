import { fileURLToPath } from "node:url";
import { readStaticPosts } from "./.server/blog/markdown.ts";

/**
 * Paths rendered to HTML at build time: every page without per-request data. The blog
 * listing and database posts are rendered per request.
 */
export const staticPagePaths: string[] = [
  "/",
  // Marketing pages
  "/how-northstory-works-audience",
  "/pricing",
  "/book-a-call",
  "/honesty",
  "/client-success",
  "/features/founder-ceo-thought-leadership",
  "/features/b2b-event-attendee-acquisition",
  "/features/full-lifecycle-marketing",
  "/features/audience-activation",
  // About, case studies, content examples, legal
  "/about",
  "/about/values",
  "/about/careers",
  "/about/partners",
  "/founder-brand-case-studies/amoeba-ai",
  "/founder-brand-case-studies/the-spikes-case-study",
  "/founder-brand-case-studies/cue-case-study",
  "/founder-brand-case-studies/blast-media",
  "/founder-brand-case-studies/storyboard-media",
  "/founder-brand-content-examples",
  "/terms",
  "/privacy-policy",
  // Blog and feeds
  // Contact
];

export async function prerenderPaths(): Promise<string[]> {
  return [...staticPagePaths, ...staticBlogPostPaths()];
}

// Blog and feeds: every static article is prerendered; the listing, database posts and the
// feeds are rendered per request. Read from disk because this runs in the build config, where
// a bad article (missing field, repeated slug) stops the build with the file and field named.
function staticBlogPostPaths(): string[] {
  const directory = fileURLToPath(new URL("../content/blog/", import.meta.url));
  return readStaticPosts(directory).map((post) => `/blog/${post.slug}`);
}
