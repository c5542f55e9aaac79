// Signing a post off from its preview link: the reader of /preview/<token> (the founder the
// agency writes for) approves the post or asks for changes, under their name and in their
// words. The note is kept with the post and the version read; the person who made the link
// (else whoever saved the post last) gets it by email; the editor shows the latest and the share page all of them. The link is
// the reader's only credential: a note is refused once the link has been turned off or
// replaced, and a link takes at most SIGN_OFF_LIMIT notes an hour.
import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { areas } from "#app/.server/auth/roles.ts";
import type { Db } from "#app/.server/db/client.ts";
import { queryRows } from "#app/.server/db/client.ts";
import { blogPosts, postSignOffs, users } from "#app/.server/db/schema.ts";
import { enqueueEmail } from "#app/.server/mail/outbox.ts";
import { takeRateLimit } from "#app/.server/rate-limit.ts";
import { site } from "#app/content/site.ts";
import { type SignOffVerdict, signOffLimits } from "#app/lib/posts.ts";
import { passageFinder, quotedPassages } from "#app/lib/quoted-passages.ts";

/** How many notes one preview link takes in an hour (a reader sends a handful). */
export const SIGN_OFF_LIMIT = { limit: 20, windowSeconds: 60 * 60 };
const { name: nameMax, comment: commentMax } = signOffLimits;

const text = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), {
      error: "Remove the control characters pasted into it.",
    });

/** The preview page's form: the reader's name, what they say, and which button. */
export const signOffForm = z
  .object({
    intent: z.enum(["approve", "changes"], { error: "Choose Approve or Ask for changes." }),
    // One line, as a name field gives it (a pasted line break becomes a space).
    name: text(nameMax, `Keep your name to ${nameMax} characters or fewer.`)
      .transform((name) => name.replace(/\s+/g, " "))
      .pipe(
        z.string().min(1, { error: "Enter your name, so the writer knows who signed it off." }),
      ),
    // Line breaks as browsers send a textarea's (CR LF), kept as plain line feeds.
    comment: text(
      commentMax,
      `Keep your comments to ${commentMax.toLocaleString("en-US")} characters or fewer, or send them in two notes.`,
    )
      .transform((comment) => comment.replace(/\r\n?/g, "\n"))
      .default(""),
  })
  .superRefine((form, context) => {
    if (form.intent === "changes" && form.comment === "") {
      context.addIssue({
        code: "custom",
        path: ["comment"],
        message: "Say what should change, so the writer can act on it.",
      });
    }
  });
export type SignOffForm = z.infer<typeof signOffForm>;

export type SignOff = {
  id: number;
  verdict: SignOffVerdict;
  name: string;
  comment: string;
  /** The version of the post that was read, and whether it was saved again since. */
  postVersion: number;
  editedSince: boolean;
  createdAt: Date;
};

export type SignOffAnswer =
  | { ok: true; signOff: SignOff }
  | { ok: false; reason: "no link" }
  | { ok: false; reason: "limit"; retryAfterSeconds: number };

/** Words for a verdict, as the email says it. */
export function verdictWords(verdict: SignOffVerdict): string {
  return verdict === "approved" ? "approved" : "asked for changes to";
}

/**
 * Records what the reader of preview link `token` said and emails the person who made the
 * link. Refused when the link opens nothing now, or has taken its notes for the hour.
 */
export async function signOffPost(
  db: Db,
  options: { token: string; form: SignOffForm; siteUrl: string },
): Promise<SignOffAnswer> {
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({
        id: blogPosts.id,
        title: blogPosts.title,
        version: blogPosts.version,
        sharedBy: blogPosts.previewSharedBy,
        savedBy: blogPosts.updatedBy,
      })
      .from(blogPosts)
      .where(eq(blogPosts.previewToken, options.token))
      .limit(1);
    if (!post) return { ok: false, reason: "no link" } as const;
    const allowed = await takeRateLimit(tx, {
      bucket: "post-sign-off",
      key: options.token,
      ...SIGN_OFF_LIMIT,
    });
    if (!allowed.ok) {
      return { ok: false, reason: "limit", retryAfterSeconds: allowed.retryAfterSeconds } as const;
    }
    const { form } = options;
    const [row] = await tx
      .insert(postSignOffs)
      .values({
        postId: post.id,
        verdict: form.intent === "approve" ? "approved" : "changes",
        name: form.name,
        comment: form.comment,
        postVersion: post.version,
        previewToken: options.token,
      })
      .returning();
    if (!row) throw new Error("Insert returned no row");
    // Told: whoever made the link, else whoever saved the post last (a link made before
    // who made it was kept), while they may still open the post here.
    const candidates = [post.sharedBy, post.savedBy].filter((id) => id !== null);
    const people =
      candidates.length > 0
        ? await tx
            .select({ id: users.id, email: users.email, name: users.name })
            .from(users)
            .where(
              and(
                inArray(users.id, candidates),
                isNull(users.disabledAt),
                inArray(users.role, [...areas.posts]),
              ),
            )
        : [];
    const told = candidates
      .map((id) => people.find((person) => person.id === id))
      .find((person) => person !== undefined);
    if (told) {
      const title = post.title || "Untitled post";
      const editor = new URL(`/admin/posts/${post.id}`, options.siteUrl).href;
      const through =
        told.id === post.sharedBy ? "the preview link you shared" : "the post's preview link";
      await enqueueEmail(tx, {
        kind: "sign-off",
        to: told.email,
        subject: `${row.name} ${verdictWords(row.verdict)} “${title}”`,
        text: [
          told.name ? `Hello ${told.name},` : "Hello,",
          "",
          `${row.name} read “${title}” (version ${row.postVersion}) through ${through}, and ${verdictWords(row.verdict)} it.`,
          ...(row.comment ? ["", "Their comments:", "", row.comment] : []),
          "",
          `Open the post in the back office: ${editor}`,
          "",
          `Every note on the post is on its Share preview page. — ${site.name} website`,
        ].join("\n"),
      });
    }
    const { previewToken: _, ...signOff } = row;
    return { ok: true, signOff: { ...signOff, editedSince: false } } as const;
  });
}

/** Every note on post `id`, newest first. */
export async function signOffsOf(db: Db, id: number, limit?: number): Promise<SignOff[]> {
  return signOffsWhere(db, eq(postSignOffs.postId, id), limit);
}

async function signOffsWhere(db: Db, where: SQL, limit = 1000): Promise<SignOff[]> {
  const rows = await db
    .select({ signOff: postSignOffs, version: blogPosts.version })
    .from(postSignOffs)
    .innerJoin(blogPosts, eq(blogPosts.id, postSignOffs.postId))
    .where(where)
    .orderBy(desc(postSignOffs.createdAt), desc(postSignOffs.id))
    .limit(limit);
  return rows.map(({ signOff: { previewToken: _, ...signOff }, version }) => ({
    ...signOff,
    editedSince: version > signOff.postVersion,
  }));
}

/** The latest note on each of `ids` that has one, by post id. */
export async function latestSignOffs(
  db: Db,
  ids: number[],
): Promise<Map<number, Pick<SignOff, "verdict" | "name" | "editedSince">>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{
    post_id: number;
    verdict: SignOffVerdict;
    name: string;
    edited_since: boolean;
  }>(
    db,
    sql`select distinct on (${postSignOffs.postId}) ${postSignOffs.postId} as post_id,
          ${postSignOffs.verdict} as verdict, ${postSignOffs.name} as name,
          ${blogPosts.version} > ${postSignOffs.postVersion} as edited_since
        from ${postSignOffs} join ${blogPosts} on ${blogPosts.id} = ${postSignOffs.postId}
        where ${inArray(postSignOffs.postId, ids)}
        order by ${postSignOffs.postId}, ${postSignOffs.createdAt} desc, ${postSignOffs.id} desc`,
  );
  return new Map(
    rows.map((row) => [
      row.post_id,
      { verdict: row.verdict, name: row.name, editedSince: row.edited_since },
    ]),
  );
}

/** The notes sent through preview link `token`, newest first: what its reader said on it. */
export async function signOffsThrough(db: Db, token: string): Promise<SignOff[]> {
  return signOffsWhere(db, eq(postSignOffs.previewToken, token));
}

export type OutForSignOff = {
  id: number;
  title: string;
  latest: Pick<SignOff, "verdict" | "name" | "createdAt" | "editedSince"> | null;
};

/**
 * Posts not live whose preview link is out, for the editors' overview: those with changes
 * asked for first (the writer's turn), then the approved (ready to go live), then those
 * with no answer yet; newest first within each. At most `limit`.
 */
export async function postsOutForSignOff(db: Db, limit = 20): Promise<OutForSignOff[]> {
  const rows = await queryRows<{
    id: number;
    title: string;
    verdict: SignOffVerdict | null;
    name: string | null;
    created_at: string | null;
    edited_since: boolean | null;
  }>(
    db,
    sql`select p.id, p.title, s.verdict, s.name, s.created_at::text as created_at,
          p.version > s.post_version as edited_since
        from ${blogPosts} p
        left join lateral (
          select verdict, name, created_at, post_version from ${postSignOffs}
          where ${postSignOffs.postId} = p.id
          order by created_at desc, id desc limit 1
        ) s on true
        where p.preview_token is not null and (not p.published or p.publish_at > now())
        order by case s.verdict when 'changes' then 0 when 'approved' then 1 else 2 end,
          coalesce(s.created_at, p.updated_at) desc, p.id desc
        limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title || "Untitled post",
    latest:
      row.verdict && row.name && row.created_at
        ? {
            verdict: row.verdict,
            name: row.name,
            createdAt: new Date(row.created_at),
            editedSince: row.edited_since === true,
          }
        : null,
  }));
}

/** The most notes (the newest) whose quotes the preview page checks against the text now. */
const quotingNotesMax = 20;

/** A passage a note quoted from the version its reader read, and whether it changed since. */
export type QuotedSince = { text: string; changed: boolean };

/**
 * For each note (by id) whose post was saved again after it: the passages it quotes that were
 * in the version its reader read (the latest revision up to it; an autosave's revisions are
 * merged), each with whether the text as it is now still has it. A quote the reader typed
 * loosely (not in what they read) is left out: it cannot be told changed or not.
 */
export async function quotesChangedSince(
  db: Db,
  postId: number,
  markdownNow: string,
  notes: readonly Pick<SignOff, "id" | "comment" | "postVersion" | "editedSince">[],
): Promise<Map<number, QuotedSince[]>> {
  const quoting = notes
    .filter((note) => note.editedSince)
    .map((note) => ({ note, passages: quotedPassages(note.comment) }))
    .filter(({ passages }) => passages.length > 0)
    // The newest (a public page, read by anyone with the link: each version read costs a
    // lookup and a pass over its text).
    .slice(0, quotingNotesMax);
  const result = new Map<number, QuotedSince[]>();
  if (quoting.length === 0) return result;
  const now = passageFinder(markdownNow);
  const read = new Map<number, ((passage: string) => unknown) | null>();
  for (const { note, passages } of quoting) {
    if (!read.has(note.postVersion)) {
      const [revision] = await queryRows<{ markdown: string }>(
        db,
        sql`select markdown from blog_post_revisions
          where post_id = ${postId} and version <= ${note.postVersion}
          order by version desc, id desc limit 1`,
      );
      read.set(note.postVersion, revision ? passageFinder(revision.markdown) : null);
    }
    const then = read.get(note.postVersion);
    if (!then) continue;
    const quoted = passages
      .filter((passage) => then(passage) !== null)
      .map((passage) => ({ text: passage, changed: now(passage) === null }));
    if (quoted.length > 0) result.set(note.id, quoted);
  }
  return result;
}
