import { and, desc, eq, isNull, like, ne, not, or, sql } from "drizzle-orm";
import type { PostRow } from "#app/.server/blog/db-posts.ts";
import { renderPostText } from "#app/.server/blog/post-images.ts";
import {
  htmlCheckFor,
  type PostRenderer,
  type RenderedPost,
} from "#app/.server/blog/post-renderer.ts";
import type { Db } from "#app/.server/db/client.ts";
import { blogPostRedirects, blogPostRevisions, blogPosts, users } from "#app/.server/db/schema.ts";
import { sanitizerFingerprint } from "#app/.server/sanitize-policy.ts";
import { AUTOSAVE_MERGE_MINUTES, type PostStatus } from "#app/lib/posts.ts";

// The one way a database post is saved, published, scheduled or hidden: used by the back
// office's editor and by the post command (scripts/post.ts, run by Node's type stripping:
// imports with extensions, nothing Vite-only). Every save raises the row's version and
// keeps a revision.

/** What an author writes; everything else (HTML, dates, version) follows from it. */
export type PostFields = {
  title: string;
  slug: string;
  excerpt: string;
  markdown: string;
  author: string;
  tags: string[];
  /** An uploaded image's id and its alt text; left as they are when undefined. */
  coverImage?: string | null;
  coverAlt?: string | null;
  /** For search results and link previews (null: the title and excerpt); kept when undefined. */
  seoTitle?: string | null;
  seoDescription?: string | null;
};

export type { PostStatus };

/** What a save does to the post's visibility; none leaves it as it is. */
export type VisibilityChange =
  | { kind: "publish-now" }
  | { kind: "schedule"; at: Date }
  | { kind: "unpublish" }
  /** A scheduled post that never went live becomes a draft again. */
  | { kind: "cancel-schedule" };

export type SaveResult =
  | { ok: true; row: PostRow; created: boolean; removedHtml: string[] }
  | { ok: false; reason: "conflict" | "slug-taken" | "missing" };

export function postStatus(
  row: Pick<PostRow, "published" | "publishAt">,
  now = new Date(),
): PostStatus {
  if (!row.published) return row.publishAt ? "unpublished" : "draft";
  return row.publishAt && row.publishAt > now ? "scheduled" : "published";
}

const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

function visibilityValues(change: VisibilityChange | undefined) {
  if (!change) return {};
  if (change.kind === "unpublish") {
    // Keeps (or sets) publish_at so the list can tell "unpublished" from "never published".
    return {
      published: false,
      publishAt: sql`coalesce(${blogPosts.publishAt}, ${blogPosts.createdAt})`,
    };
  }
  if (change.kind === "cancel-schedule") return { published: false, publishAt: null };
  const at = change.kind === "schedule" ? change.at : new Date();
  // The public date is the day the post goes live.
  return { published: true, publishAt: at, date: utcDay(at) };
}

async function slugTaken(db: Db, slug: string, exceptId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(
      exceptId === null
        ? eq(blogPosts.slug, slug)
        : and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)),
    )
    .limit(1);
  return rows.length > 0;
}

/** Another database post uses this slug (the caller checks the static articles). */
export function isSlugTaken(db: Db, slug: string, exceptId: number | null): Promise<boolean> {
  return slugTaken(db, slug, exceptId);
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

type SaveInput = {
  id: number | null;
  expectedVersion: number | null;
  /** The editor's autosave (see AUTOSAVE_MERGE_MINUTES). */
  autosave?: boolean;
  /** The new text; without it, only the visibility changes (the text stays as it is). */
  fields?: PostFields;
  savedBy: string | null;
  visibility?: VisibilityChange;
  /**
   * What a file's front matter fixes (the post command): the public date, whatever the
   * visibility change would set, and the read time.
   */
  frontMatter?: { date: string; readTime: string | null };
};

/**
 * Creates a post (id null) or saves one, refusing when its version is no longer
 * `expectedVersion` (someone saved it since the editor loaded it): nothing is overwritten
 * silently. The row and its revision are written in one transaction. New text is rendered
 * by `renderer` first (its refusal, RenderRefusedError, saves nothing) and stored as the
 * HTML the site shows, with its check: no request renders it again.
 */
export async function savePost(
  db: Db,
  renderer: PostRenderer,
  input: SaveInput & { fields: PostFields },
): Promise<SaveResult> {
  return writePost(db, input, await renderPostText(db, renderer, input.fields.markdown));
}

async function writePost(
  db: Db,
  input: SaveInput,
  rendered: RenderedPost | null,
): Promise<SaveResult> {
  const values = {
    ...input.fields,
    // A new text gets its read time from its words again (read_time null).
    ...(rendered
      ? { content: rendered.html, htmlCheck: htmlCheckFor(rendered.html), readTime: null }
      : {}),
    ...visibilityValues(input.visibility),
    ...input.frontMatter,
    updatedBy: input.savedBy,
  };
  const fields = input.fields;
  try {
    return await db.transaction(async (tx) => {
      if (fields && (await slugTaken(tx as unknown as Db, fields.slug, input.id))) {
        return { ok: false, reason: "slug-taken" } as const;
      }
      // The address it has now, to keep working if this save changes it (below).
      const [previous] =
        input.id !== null && fields
          ? await tx
              .select({
                slug: blogPosts.slug,
                published: blogPosts.published,
                publishAt: blogPosts.publishAt,
              })
              .from(blogPosts)
              .where(eq(blogPosts.id, input.id))
          : [];
      let row: PostRow | undefined;
      if (input.id === null) {
        if (!fields) throw new Error("A new post needs its fields");
        [row] = await tx
          .insert(blogPosts)
          .values({ ...values, ...fields })
          .returning();
      } else {
        const matches =
          input.expectedVersion === null
            ? eq(blogPosts.id, input.id)
            : and(eq(blogPosts.id, input.id), eq(blogPosts.version, input.expectedVersion));
        [row] = await tx
          .update(blogPosts)
          .set({
            ...values,
            version: sql`${blogPosts.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(matches)
          .returning();
        if (!row) {
          const [exists] = await tx
            .select({ id: blogPosts.id })
            .from(blogPosts)
            .where(eq(blogPosts.id, input.id));
          return { ok: false, reason: exists ? "conflict" : "missing" } as const;
        }
      }
      if (!row) throw new Error("The post was not written");
      if (fields) {
        // A slug changed on a post readers may have been given (published, or once
        // published): its old address redirects here. Its new address is its own, so no
        // redirect may point elsewhere from it.
        await tx.delete(blogPostRedirects).where(eq(blogPostRedirects.oldSlug, row.slug));
        if (previous && previous.slug !== row.slug && (previous.published || previous.publishAt)) {
          await tx
            .insert(blogPostRedirects)
            .values({ oldSlug: previous.slug, postId: row.id })
            .onConflictDoUpdate({
              target: blogPostRedirects.oldSlug,
              set: { postId: row.id, createdAt: sql`now()` },
            });
        }
      }
      const revision = {
        postId: row.id,
        version: row.version,
        title: row.title,
        slug: row.slug,
        excerpt: row.excerpt,
        markdown: row.markdown ?? row.content,
        tags: row.tags,
        author: row.author,
        coverImage: row.coverImage,
        coverAlt: row.coverAlt,
        seoTitle: row.seoTitle,
        seoDescription: row.seoDescription,
        savedBy: input.savedBy,
        status: postStatus(row),
        autosave: input.autosave ?? false,
      };
      // An autosave minutes after the last save, itself an autosave by the same person,
      // replaces that revision (taking this version's number) instead of adding one.
      const [merged] =
        input.autosave && input.savedBy
          ? await tx
              .update(blogPostRevisions)
              .set({ ...revision, savedAt: sql`now()` })
              .where(
                and(
                  eq(blogPostRevisions.postId, row.id),
                  eq(blogPostRevisions.version, row.version - 1),
                  eq(blogPostRevisions.autosave, true),
                  eq(blogPostRevisions.savedBy, input.savedBy),
                  sql`${blogPostRevisions.savedAt} > now() - make_interval(mins => ${AUTOSAVE_MERGE_MINUTES})`,
                ),
              )
              .returning({ id: blogPostRevisions.id })
          : [];
      if (!merged) await tx.insert(blogPostRevisions).values(revision);
      return {
        ok: true,
        row,
        created: input.id === null,
        removedHtml: rendered?.removed ?? [],
      } as const;
    });
  } catch (error) {
    // Two saves racing for one slug: the unique index decides.
    if (isUniqueViolation(error)) return { ok: false, reason: "slug-taken" };
    throw error;
  }
}

/** Changes only whether and when the post shows, as a save of its current text. */
export async function changeVisibility(
  db: Db,
  input: { id: number; expectedVersion: number; savedBy: string | null; change: VisibilityChange },
): Promise<SaveResult> {
  return writePost(
    db,
    {
      id: input.id,
      expectedVersion: input.expectedVersion,
      savedBy: input.savedBy,
      visibility: input.change,
    },
    null,
  );
}

/** The editable fields of a row; a row written by an SQL client has no Markdown: its HTML is. */
export function fieldsOf(row: PostRow): PostFields {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    markdown: row.markdown ?? row.content,
    author: row.author,
    tags: row.tags,
    coverImage: row.coverImage,
    coverAlt: row.coverAlt,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
  };
}

export async function findPostRow(db: Db, id: number): Promise<PostRow | undefined> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return row;
}

/** Every database post for the back office, newest change first. */
export function listPostRowsForEditors(db: Db): Promise<PostRow[]> {
  return db.select().from(blogPosts).orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id));
}

export type RevisionRow = typeof blogPostRevisions.$inferSelect;

/** The post's saves, newest first, with who saved each (null: the post command). */
export function listRevisions(
  db: Db,
  postId: number,
  limit = 100,
): Promise<
  (Pick<RevisionRow, "version" | "title" | "savedAt" | "status" | "autosave"> & {
    savedBy: string | null;
  })[]
> {
  return db
    .select({
      version: blogPostRevisions.version,
      title: blogPostRevisions.title,
      savedAt: blogPostRevisions.savedAt,
      status: blogPostRevisions.status,
      autosave: blogPostRevisions.autosave,
      savedBy: sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})`,
    })
    .from(blogPostRevisions)
    .leftJoin(users, eq(users.id, blogPostRevisions.savedBy))
    .where(eq(blogPostRevisions.postId, postId))
    .orderBy(desc(blogPostRevisions.version))
    .limit(limit);
}

export async function findRevision(
  db: Db,
  postId: number,
  version: number,
): Promise<RevisionRow | undefined> {
  const [row] = await db
    .select()
    .from(blogPostRevisions)
    .where(and(eq(blogPostRevisions.postId, postId), eq(blogPostRevisions.version, version)))
    .limit(1);
  return row;
}

/** Every tag used by a database post, for the editor's suggestions. */
export async function listPostTags(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ tag: sql<string>`unnest(${blogPosts.tags})` })
    .from(blogPosts);
  return rows.map((row) => row.tag).sort();
}

/**
 * The post command's publish: creates or updates the post with this slug (whatever its
 * version: the file is the editor's intent) and makes it live now, keeping its date.
 */
export async function publishPostBySlug(
  db: Db,
  renderer: PostRenderer,
  input: PostFields & { date: string; readTime: string | null },
): Promise<{ created: boolean; wasPublished: boolean; removedHtml: string[] }> {
  const [existing] = await db
    .select({ id: blogPosts.id, published: blogPosts.published })
    .from(blogPosts)
    .where(eq(blogPosts.slug, input.slug))
    .limit(1);
  const { date, readTime, ...fields } = input;
  // The front matter names the date and may name a read time: written with the rest, in
  // the save's one transaction.
  const saved = await savePost(db, renderer, {
    id: existing?.id ?? null,
    expectedVersion: null,
    fields,
    savedBy: null,
    visibility: { kind: "publish-now" },
    frontMatter: { date, readTime },
  });
  if (!saved.ok) throw new Error(`The post "${input.slug}" could not be saved (${saved.reason}).`);
  return {
    created: !existing,
    wasPublished: existing?.published ?? false,
    removedHtml: saved.removedHtml,
  };
}

/** Hides the post; resolves with what it was before, or null when there is no such post. */
export async function unpublishPostBySlug(
  db: Db,
  slug: string,
): Promise<{ wasPublished: boolean } | null> {
  const [existing] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
  if (!existing) return null;
  if (existing.published) {
    await changeVisibility(db, {
      id: existing.id,
      expectedVersion: existing.version,
      savedBy: null,
      change: { kind: "unpublish" },
    });
  }
  return { wasPublished: existing.published };
}

/**
 * The HTML a row's page shows: its stored HTML when this sanitiser made it, else made again
 * (from its Markdown, or its HTML cleaned, in the render pool) and stored for the next
 * reader, unless the row changed meanwhile. HTML an SQL client wrote, or one an older
 * sanitiser cleaned, is so made once, not on every request.
 */
export async function checkedHtml(
  db: Db,
  renderer: PostRenderer,
  row: Pick<PostRow, "id" | "content" | "markdown" | "htmlCheck" | "version">,
): Promise<string> {
  if (row.htmlCheck === htmlCheckFor(row.content)) return row.content;
  const { html } =
    row.markdown === null
      ? await renderer.sanitize(row.content)
      : await renderPostText(db, renderer, row.markdown);
  await db
    .update(blogPosts)
    .set({ content: html, htmlCheck: htmlCheckFor(html) })
    .where(
      and(
        eq(blogPosts.id, row.id),
        eq(blogPosts.version, row.version),
        eq(blogPosts.content, row.content),
      ),
    );
  return html;
}

/**
 * Makes again, in the background after a start, the HTML of every row this sanitiser has
 * not checked (a deploy that changed it, rows an SQL client inserted while no copy ran), so
 * that no reader waits for it. Reads only those rows. Resolves with how many rows it made again.
 */
export async function refreshPostHtml(db: Db, renderer: PostRenderer): Promise<number> {
  // Only rows no copy of this sanitiser has checked: HTML an SQL client changed under a
  // current check is found (by its hash) when first read.
  const rows = await db
    .select({
      id: blogPosts.id,
      content: blogPosts.content,
      markdown: blogPosts.markdown,
      htmlCheck: blogPosts.htmlCheck,
      version: blogPosts.version,
    })
    .from(blogPosts)
    .where(
      or(isNull(blogPosts.htmlCheck), not(like(blogPosts.htmlCheck, `${sanitizerFingerprint}:%`))),
    );
  for (const row of rows) await checkedHtml(db, renderer, row);
  return rows.length;
}
