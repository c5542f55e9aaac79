// `npm run post -- <command>` (the commands are listed in scripts/post.ts, which runs
// this): the editor's command for database posts (docs/blog.md). A function of its
// arguments and CommandIo (./io.ts), so tests also run it in process.
// Runs on Node's own TypeScript type stripping: imports with extensions (relative, or #app/
// through package.json "imports"), no JSX, no enums, and nothing that needs Vite (so not the
// static-posts module).
import { readFileSync } from "node:fs";
import path from "node:path";
import { listAllPostRows } from "#app/.server/blog/db-posts.ts";
import { parsePost, readStaticSlugs } from "#app/.server/blog/markdown.ts";
import type { Database } from "#app/.server/db/client.ts";
import {
  DatabaseBusyError,
  DatabaseUnavailableError,
  openConfiguredDatabase,
} from "#app/.server/db/open.ts";
import { type Env, loadEnv } from "#app/.server/env.ts";
import { slugPattern } from "#app/lib/blog.ts";
import { type CommandIo, describeError, runCommand } from "./io.ts";

const root = path.resolve(import.meta.dirname, "../..");
const staticDir = path.join(root, "content", "blog");

const usage = `Usage:
  npm run post -- publish <file.md>   publish a Markdown file with front matter (creates or updates by slug)
  npm run post -- unpublish <slug>    hide a published post
  npm run post -- list                list database posts with their status

Front matter: title, excerpt, date (2025-04-15), author, tags ([linkedin, sales]);
optional: slug (default: the file name), readTime ("5 min read", default: from the word count).
Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data).`;

/** A problem the editor can fix; printed without a stack trace. */
class CommandError extends Error {
  override name = "CommandError";
}

function staticArticleFor(slug: string): string | undefined {
  try {
    return readStaticSlugs(staticDir).get(slug);
  } catch {
    return undefined;
  }
}

async function withDatabase<T>(env: Env, run: (database: Database) => Promise<T>): Promise<T> {
  let database: Database;
  try {
    database = await openConfiguredDatabase(env, { root, poolSize: 2 });
  } catch (error) {
    if (error instanceof DatabaseBusyError || error instanceof DatabaseUnavailableError) {
      throw new CommandError(error.message);
    }
    throw new CommandError(`Could not open the database: ${describeError(error)}`);
  }
  try {
    return await run(database);
  } finally {
    await database.close().catch(() => {});
  }
}

async function publish(env: Env, io: CommandIo, file: string | undefined) {
  if (!file) throw new CommandError("Which file?\n  npm run post -- publish path/to/post.md");
  // npm runs scripts from the project root; a relative path means where the editor typed it.
  const fullPath = path.resolve(io.env.INIT_CWD ?? io.cwd, file);
  if (!fullPath.endsWith(".md")) throw new CommandError(`${file} is not a Markdown file (.md).`);
  let source: string;
  try {
    source = readFileSync(fullPath, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CommandError(
      code === "ENOENT"
        ? `${file} does not exist.`
        : `Cannot read ${file}: ${describeError(error)}`,
    );
  }
  const parsed = parsePost({ fileName: fullPath, source });
  if (!parsed.ok) {
    const name = path.basename(fullPath);
    const lines = parsed.problems.map((problem) => `  - ${problem.replace(`${name}: `, "")}`);
    throw new CommandError(`${file} cannot be published:\n${lines.join("\n")}`);
  }
  const { post } = parsed;
  const shadowing = staticArticleFor(post.slug);
  // Loaded here: the sanitiser's jsdom is the slowest import and only publishing needs it.
  // The back office's editor saves through the same module (rendering in its worker pool;
  // this process renders nothing else, so in its own thread).
  const { publishPostBySlug } = await import("#app/.server/blog/post-store.ts");
  const { inlineRenderer } = await import("#app/.server/blog/inline-renderer.ts");
  const { RenderRefusedError } = await import("#app/.server/blog/post-renderer.ts");
  const result = await withDatabase(env, (database) =>
    publishPostBySlug(database.db, inlineRenderer, {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      markdown: post.markdown,
      date: post.date,
      readTime: post.readTime,
      author: post.author,
      tags: post.tags,
    }),
  ).catch((error) => {
    if (error instanceof RenderRefusedError) {
      throw new CommandError(`${file} cannot be published: ${error.message}`);
    }
    throw error;
  });
  if (result.removedHtml.length > 0) {
    io.stderr(
      `Note: not allowed in a post, so removed: ${result.removedHtml.join(", ")} (docs/content.md lists what is allowed).`,
    );
  }
  const verb = result.created
    ? "Published new post"
    : result.wasPublished
      ? "Updated"
      : "Republished";
  io.stdout(`${verb} "${post.title}" at ${env.SITE_URL}/blog/${post.slug}`);
  if (shadowing) {
    io.stderr(
      `Warning: the static article content/blog/${shadowing} has the same slug and is shown instead. Choose another slug (front matter "slug:") to make this post visible.`,
    );
  }
}

async function unpublish(env: Env, io: CommandIo, slug: string | undefined) {
  if (!slug)
    throw new CommandError("Which post? Give its slug:\n  npm run post -- unpublish my-post-slug");
  if (!slugPattern.test(slug)) {
    throw new CommandError(
      `"${slug}" is not a slug (lowercase words joined by hyphens, like my-post).`,
    );
  }
  const { unpublishPostBySlug } = await import("#app/.server/blog/post-store.ts");
  const result = await withDatabase(env, (database) => unpublishPostBySlug(database.db, slug));
  if (!result) {
    const article = staticArticleFor(slug);
    throw new CommandError(
      article
        ? `"${slug}" is a static article (content/blog/${article}), not a database post: remove or rename that file and deploy to take it down.`
        : `No database post has the slug "${slug}". See them with: npm run post -- list`,
    );
  }
  io.stdout(result.wasPublished ? `Unpublished "${slug}".` : `"${slug}" was already unpublished.`);
}

async function list(env: Env, io: CommandIo) {
  const rows = await withDatabase(env, (database) => listAllPostRows(database.db));
  if (rows.length === 0) {
    io.stdout("No database posts yet. Publish one with: npm run post -- publish path/to/post.md");
    return;
  }
  const statics = (() => {
    try {
      return readStaticSlugs(staticDir);
    } catch {
      return new Map<string, string>();
    }
  })();
  const now = new Date();
  const status = (row: (typeof rows)[number]) => {
    if (!row.published) return row.publishAt ? "unpublished" : "draft";
    if (statics.has(row.slug)) return "hidden (static article wins)";
    return row.publishAt && row.publishAt > now ? "scheduled" : "published";
  };
  const width = Math.max(...rows.map((row) => status(row).length), "STATUS".length);
  const slugWidth = Math.max(...rows.map((row) => row.slug.length), "SLUG".length);
  io.stdout(`${"STATUS".padEnd(width)}  DATE        ${"SLUG".padEnd(slugWidth)}  TITLE`);
  for (const row of rows) {
    io.stdout(
      `${status(row).padEnd(width)}  ${row.date}  ${row.slug.padEnd(slugWidth)}  ${row.title}`,
    );
  }
}

async function main(args: string[], io: CommandIo): Promise<number> {
  const [command, ...rest] = args;
  if (command === "help" || command === "--help" || command === "-h") {
    io.stdout(usage);
    return 0;
  }
  if (!command || !["publish", "unpublish", "list"].includes(command)) {
    io.stderr(command ? `Unknown command "${command}".\n\n${usage}` : usage);
    return 1;
  }
  if (rest.length > 1 || (command === "list" && rest.length > 0)) {
    io.stderr(`Too many arguments: ${rest.join(" ")}\n\n${usage}`);
    return 1;
  }
  const env = loadEnv(io.env);
  if (command === "publish") await publish(env, io, rest[0]);
  else if (command === "unpublish") await unpublish(env, io, rest[0]);
  else await list(env, io);
  return 0;
}

/** Runs one command; the exit code is 0, or 1 with the reason on standard error. */
export function runPostCli(args: string[], io: CommandIo): Promise<number> {
  return runCommand(() => main(args, io), io, { explained: ["CommandError"] });
}
