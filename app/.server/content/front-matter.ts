import { parseDocument } from "yaml";
import { z } from "zod";

// The one reader of front matter for every Markdown collection (blog articles, the post
// command's files, legal pages); docs/content.md and docs/decisions/016-yaml-only-front-matter.md.
// Front matter is data, never code: only a plain `---` fence of YAML is read, with the YAML
// 1.2 core schema and no other tags, so nothing builds objects, runs code or makes Dates.
// Runs under Node's type stripping too (scripts/post.ts): no JSX, no Vite-only APIs.

/** Front matter that cannot be read at all; the message starts with the file's name. */
export class FrontMatterError extends Error {
  override name = "FrontMatterError";
}

export type FrontMatter = {
  /** The top-level mapping; empty when the file has no front matter or an empty one. */
  data: Record<string, unknown>;
  /** Whether the file opened with a front matter block. */
  present: boolean;
  /** Everything after the closing fence (the whole file when there is no front matter). */
  body: string;
};

const plainFence = /^---[ \t]*$/;
// Other engines' fences: gray-matter's `---js`/`---coffee`/`---json`/`---yaml`, JSON's `;;;`,
// TOML's `+++`. Refused rather than read as body, so that nobody believes they took effect.
const otherFence = /^(?:---|;;;|\+\+\+)/;

/**
 * Splits a Markdown file into its YAML front matter and body. Throws FrontMatterError, naming
 * `file`, for any other kind of fence, an unclosed block, invalid YAML or a block that is not
 * a mapping of fields.
 */
export function splitFrontMatter(source: string, file: string): FrontMatter {
  const text = source.replace(/^\uFEFF/, "");
  const lines = text.split(/\r?\n/);
  const first = lines[0] ?? "";
  if (!plainFence.test(first)) {
    if (otherFence.test(first)) {
      throw new FrontMatterError(
        `${file}: the front matter must open with a plain "---" line and be YAML; "${first.trim()}" is refused`,
      );
    }
    return { data: {}, present: false, body: text };
  }
  const closing = lines.findIndex((line, index) => index > 0 && plainFence.test(line));
  if (closing === -1) {
    throw new FrontMatterError(`${file}: the front matter has no closing "---" line`);
  }
  const yaml = lines.slice(1, closing).join("\n");
  const body = lines.slice(closing + 1).join("\n");

  const document = parseDocument(yaml, {
    version: "1.2",
    schema: "core",
    // Otherwise !!binary, !!set and !!timestamp would still build Buffers, Sets and Dates.
    resolveKnownTags: false,
    uniqueKeys: true,
    prettyErrors: false,
  });
  // A tag the core schema lacks (!!js/function, !!timestamp…) is only a warning to the parser;
  // here it is an error, so no value quietly becomes something other than what was written.
  const [problem] = [...document.errors, ...document.warnings];
  if (problem) {
    throw new FrontMatterError(
      `${file}: the front matter is not valid YAML (${problem.message.split("\n")[0]})`,
    );
  }
  // Aliases are expanded by toJS; a small cap stops a "billion laughs" block.
  const data: unknown = document.toJS({ maxAliasCount: 20 });
  if (data === null || data === undefined) return { data: {}, present: true, body };
  if (typeof data !== "object" || Array.isArray(data)) {
    throw new FrontMatterError(
      `${file}: the front matter must be fields like "title: My post", one a line`,
    );
  }
  return { data: data as Record<string, unknown>, present: true, body };
}

export type FrontMatterResult<Schema extends z.ZodType> =
  | { ok: true; data: z.output<Schema>; body: string }
  | { ok: false; problems: string[] };

/**
 * Reads the front matter and checks it against a collection's schema. Problems read
 * "file: field message", one per issue, so an editor can fix them all at once.
 */
export function readFrontMatter<Schema extends z.ZodType>(
  source: string,
  file: string,
  schema: Schema,
): FrontMatterResult<Schema> {
  let frontMatter: FrontMatter;
  try {
    frontMatter = splitFrontMatter(source, file);
  } catch (error) {
    if (error instanceof FrontMatterError) return { ok: false, problems: [error.message] };
    throw error;
  }
  if (!frontMatter.present || Object.keys(frontMatter.data).length === 0) {
    return {
      ok: false,
      problems: [`${file}: no front matter (a block of YAML between --- lines at the top)`],
    };
  }
  const result = schema.safeParse(frontMatter.data);
  if (!result.success) {
    return {
      ok: false,
      problems: result.error.issues.map((issue) => {
        const field = issue.path.join(".");
        return field ? `${file}: ${field} ${issue.message}` : `${file}: ${issue.message}`;
      }),
    };
  }
  return { ok: true, data: result.data, body: frontMatter.body };
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar day such as 2026-10-01, written with or without quotes (the core schema reads
 * both as text), kept as that text: no Date, so no time zone can move it to another day.
 */
export function calendarDay(example: string) {
  const message = `must be a date like ${example}`;
  return z
    .string({
      error: (issue) => (issue.input === undefined ? "is required" : message),
    })
    .trim()
    .refine((text) => {
      if (!isoDay.test(text)) return false;
      const parsed = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
    }, message);
}
