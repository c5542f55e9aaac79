import { parsePosts } from "#app/.server/blog/markdown.ts";
import type { Post } from "#app/lib/blog.ts";

// Bundled at build time; a missing field or a repeated slug throws here, which fails the
// prerendering step of the build (and the unit tests) instead of a visitor's request.
const files = import.meta.glob<string>("/content/blog/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** The articles shipped with the site, newest first. */
export const staticPosts: readonly Post[] = parsePosts(
  Object.entries(files).map(([fileName, source]) => ({ fileName, source })),
)
  .map(
    (post): Post => ({
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      date: post.date,
      readTime: post.readTime,
      author: post.author,
      tags: post.tags,
      source: "static",
      // Articles are written once and dated; the sitemap uses that day.
      updatedAt: `${post.date}T00:00:00.000Z`,
      html: post.html,
    }),
  )
  .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));

const bySlug = new Map(staticPosts.map((post) => [post.slug, post]));

export function findStaticPost(slug: string): Post | undefined {
  return bySlug.get(slug);
}
