import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { marked } from "marked";
import { z } from "zod";
import { countWords, readTimeFor, slugPattern } from "../../lib/blog.ts";

// Shared by the static articles (checked at build time), the post command (scripts/post.ts,
// run by Node's type stripping: relative imports only) and the prerender list.

const required = (what: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined ? "is required" : `must be ${what}`,
});

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

// YAML turns an unquoted 2025-04-15 into a Date at UTC midnight; a quoted one stays text.
const day = z
  .union([z.date(), z.string()], required("a date like 2025-04-15"))
  .transform((value, context) => {
    const text = value instanceof Date ? value.toISOString().slice(0, 10) : value.trim();
    const parsed = new Date(`${text}T00:00:00Z`);
    if (
      !isoDay.test(text) ||
      Number.isNaN(parsed.getTime()) ||
      parsed.toISOString().slice(0, 10) !== text
    ) {
      context.addIssue({ code: "custom", message: "must be a date like 2025-04-15" });
      return z.NEVER;
    }
    return text;
  });

const line = (max: number) =>
  z
    .string(required("text"))
    .trim()
    .min(1, { error: "must not be empty" })
    .max(max, { error: `must be ${max} characters or fewer` });

/** The front matter of a post, for the static articles and for `npm run post`. */
export const frontMatterSchema = z.strictObject(
  {
    title: line(200),
    excerpt: line(400),
    date: day,
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
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : undefined,
  },
);

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

/** Renders trusted Markdown (our articles, an editor's file) to HTML. */
export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true });
}

/** Reads one Markdown file's front matter and body; problems are "file: field: message". */
export function parsePost({
  fileName,
  source,
}: PostSource): { ok: true; post: ParsedPost } | { ok: false; problems: string[] } {
  const label = path.basename(fileName);
  let file: matter.GrayMatterFile<string>;
  try {
    // A fresh options object: gray-matter caches by content and would hand back a shared object.
    file = matter(source, {});
  } catch (error) {
    return {
      ok: false,
      problems: [
        `${label}: the front matter is not valid YAML (${(error as Error).message.split("\n")[0]})`,
      ],
    };
  }
  if (Object.keys(file.data).length === 0) {
    return {
      ok: false,
      problems: [`${label}: no front matter (a block between --- lines at the top)`],
    };
  }
  const result = frontMatterSchema.safeParse(file.data);
  if (!result.success) {
    return {
      ok: false,
      problems: result.error.issues.map((issue) => {
        const field = issue.path.join(".");
        return field ? `${label}: ${field} ${issue.message}` : `${label}: ${issue.message}`;
      }),
    };
  }
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
  const markdown = file.content.trim();
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
      html: renderMarkdown(markdown),
    },
  };
}

/**
 * Parses every file and fails with all problems at once, a repeated slug included
 * (DESIGN.md §3.3), so that a bad article stops the build.
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
    const { data } = matter(readFileSync(path.join(directory, name), "utf8"), {});
    const slug = typeof data.slug === "string" ? data.slug : slugFromFileName(name);
    slugs.set(slug, name);
  }
  return slugs;
}
