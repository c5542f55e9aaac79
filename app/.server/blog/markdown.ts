import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { blogArticleSchema } from "#app/.server/content/collections.ts";
import { readFrontMatter, splitFrontMatter } from "#app/.server/content/front-matter.ts";
import { renderMarkdown } from "#app/.server/content/render-markdown.ts";
import { countWords, readTimeFor, slugPattern } from "#app/lib/blog.ts";

// Shared by the static articles (checked at build time), the post command (scripts/post.ts,
// run by Node's type stripping: no JSX, nothing Vite-only) and the prerender list.

export type PostSource = { fileName: string; source: string };

export type ParsedPost = {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  author: string;
  tags: string[];
  readTime: string;
  markdown: string;
  html: string;
};

export class PostValidationError extends Error {
  override name = "PostValidationError";
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid blog post(s):\n  ${problems.join("\n  ")}`);
    this.problems = problems;
  }
}

export function slugFromFileName(fileName: string): string {
  return path.basename(fileName).replace(/\.md$/i, "");
}

/** Reads one Markdown file's front matter and body; problems are "file: field: message". */
export function parsePost({
  fileName,
  source,
}: PostSource): { ok: true; post: ParsedPost } | { ok: false; problems: string[] } {
  const label = path.basename(fileName);
  const result = readFrontMatter(source, label, blogArticleSchema);
  if (!result.ok) return result;
  const meta = result.data;
  const slug = meta.slug ?? slugFromFileName(fileName);
  if (!slugPattern.test(slug)) {
    return {
      ok: false,
      problems: [
        `${label}: the file name must be lowercase words joined by hyphens, or give a slug`,
      ],
    };
  }
  const markdown = result.body.trim();
  if (markdown === "")
    return { ok: false, problems: [`${label}: the post has no text below the front matter`] };
  return {
    ok: true,
    post: {
      slug,
      title: meta.title,
      excerpt: meta.excerpt,
      date: meta.date,
      author: meta.author,
      tags: meta.tags,
      readTime: meta.readTime ?? readTimeFor(countWords(markdown)),
      markdown,
      html: renderMarkdown(markdown).html,
    },
  };
}

/**
 * Parses every file and fails with all problems at once, a repeated slug included (each
 * slug names one page, docs/content.md), so that a bad article stops the build.
 */
export function parsePosts(sources: PostSource[]): ParsedPost[] {
  const problems: string[] = [];
  const posts: ParsedPost[] = [];
  const seen = new Map<string, string>();
  for (const source of sources) {
    const result = parsePost(source);
    if (!result.ok) {
      problems.push(...result.problems);
      continue;
    }
    const label = path.basename(source.fileName);
    const first = seen.get(result.post.slug);
    if (first) {
      problems.push(`${label}: duplicate slug "${result.post.slug}" (also used by ${first})`);
      continue;
    }
    seen.set(result.post.slug, label);
    posts.push(result.post);
  }
  if (problems.length > 0) throw new PostValidationError(problems);
  return posts;
}

/** Parses and checks every static article on disk (the prerender list, at build start). */
export function readStaticPosts(directory: string): ParsedPost[] {
  return parsePosts(
    readdirSync(directory)
      .filter((entry) => entry.endsWith(".md"))
      .sort()
      .map((name) => ({
        fileName: name,
        source: readFileSync(path.join(directory, name), "utf8"),
      })),
  );
}

/** Slug → file name of the static articles, read from disk without checking them (post command). */
export function readStaticSlugs(directory: string): Map<string, string> {
  const slugs = new Map<string, string>();
  for (const name of readdirSync(directory)
    .filter((entry) => entry.endsWith(".md"))
    .sort()) {
    const { data } = splitFrontMatter(readFileSync(path.join(directory, name), "utf8"), name);
    const slug = typeof data.slug === "string" ? data.slug : slugFromFileName(name);
    slugs.set(slug, name);
  }
  return slugs;
}
