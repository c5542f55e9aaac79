// The post editor on the server: what its page loads, what its form may send, and what
// each of its buttons (intents) does.
import { data, href, redirect } from "react-router";
import { z } from "zod";
import { requireArea } from "#app/.server/auth/guard.ts";
import {
  authorSuggestions,
  type PostFormValues,
  parsePostForm,
  postFormSchema,
  slugProblem,
  staticTags,
} from "#app/.server/blog/editor.ts";
import { renderPostText } from "#app/.server/blog/post-images.ts";
import { RenderRefusedError } from "#app/.server/blog/post-renderer.ts";
import {
  checkedHtml,
  fieldsOf,
  findPostRow,
  findRevision,
  listPostTags,
  listRevisions,
  postStatus,
  savePost,
  type VisibilityChange,
} from "#app/.server/blog/post-store.ts";
import { listPostsWithoutCovers } from "#app/.server/blog/posts.ts";
import { signOffsOf } from "#app/.server/blog/sign-off.ts";
import { requireApp } from "#app/.server/context.ts";
import { acceptForm, parseForm, refuseForm } from "#app/.server/http/form-data.ts";
import { findImage } from "#app/.server/media/image-rows.ts";
import { escapeXml } from "#app/.server/xml.ts";
import { pageLinkTargets } from "#app/content/site.ts";
import { postPath } from "#app/lib/blog.ts";
import { formatMoment } from "#app/lib/format-date.ts";
import type { PostStatus } from "#app/lib/posts.ts";
import { diffText } from "#app/lib/text-diff.ts";
import { parseZonedMoment, toZonedInputValue, zoneOf } from "#app/lib/time-zone.ts";
import type { Route } from "./+types/route";

function postIdFrom(param: string | undefined): number | null {
  if (param === "new") return null;
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0 || String(id) !== param) {
    throw data(null, { status: 404 });
  }
  return id;
}

/**
 * The preview's HTML: made off the main thread by `make`; a text the renderer refuses shows
 * why in its place (the editor's save says so too).
 */
async function previewOf(make: () => Promise<string>): Promise<string> {
  try {
    return await make();
  } catch (error) {
    if (!(error instanceof RenderRefusedError)) throw error;
    return `<p>${escapeXml(error.message)}</p>`;
  }
}

export async function loadPostEditor({ request, params, context }: Route.LoaderArgs) {
  const { user } = requireArea(context, "posts");
  const zone = zoneOf(user);
  const app = requireApp(context);
  const db = app.database.db;
  const id = postIdFrom(params.id);
  const row = id === null ? undefined : await findPostRow(db, id);
  if (id !== null && !row) throw data(null, { status: 404 });
  const fields = row
    ? fieldsOf(row)
    : {
        title: "",
        slug: "",
        excerpt: "",
        markdown: "",
        author: user.name || authorSuggestions[0] || "",
        tags: [],
        coverImage: null,
        coverAlt: null,
        seoTitle: null,
        seoDescription: null,
      };
  const coverImage = fields.coverImage ? await findImage(db, fields.coverImage) : undefined;
  const url = new URL(request.url);
  const asked = Number(url.searchParams.get("revision"));
  const revision =
    row && Number.isSafeInteger(asked) && asked > 0
      ? await findRevision(db, row.id, asked)
      : undefined;
  const revisionCover = revision?.coverImage ? await findImage(db, revision.coverImage) : undefined;
  const tags = [...new Set([...staticTags, ...(await listPostTags(db))])].sort();
  // What a link in the text may lead to on the site: its live posts (the newest first, this
  // one left out), then its pages.
  const linkTargets = [
    ...(await listPostsWithoutCovers(db))
      .filter((post) => post.slug !== row?.slug)
      .map((post) => ({ title: post.title, path: postPath(post.slug) })),
    ...pageLinkTargets(),
  ];
  // What the preview link's reader said last, while the post is not live.
  const [signOff] = row && postStatus(row) !== "published" ? await signOffsOf(db, row.id, 1) : [];
  return {
    timeZone: zone,
    linkTargets,
    post: row
      ? {
          id: row.id,
          version: row.version,
          status: postStatus(row),
          slug: row.slug,
          path: postPath(row.slug),
          publishAt: row.publishAt ? formatMoment(row.publishAt, zone) : null,
          publishAtInput: row.publishAt ? toZonedInputValue(row.publishAt, zone) : "",
          updatedAt: formatMoment(row.updatedAt, zone),
          // A preview link is out: the editor says so where it offers one.
          previewShared: row.previewToken !== null,
          signOff: signOff
            ? {
                verdict: signOff.verdict,
                name: signOff.name,
                comment: signOff.comment,
                at: formatMoment(signOff.createdAt, zone),
                editedSince: signOff.editedSince,
              }
            : null,
        }
      : null,
    fields: {
      ...fields,
      tags: fields.tags.join(", "),
      coverImage: coverImage?.id ?? "",
      coverAlt: fields.coverAlt ?? "",
      seoTitle: fields.seoTitle ?? "",
      seoDescription: fields.seoDescription ?? "",
    } satisfies PostFormValues,
    cover: coverImage
      ? {
          id: coverImage.id,
          width: coverImage.width,
          height: coverImage.height,
          widths: coverImage.widths,
        }
      : null,
    // The date readers will see: a live post's; a scheduled one's day; today for a draft
    // (published now, it would show today's).
    previewDate:
      row && (row.published || row.publishAt) ? row.date : new Date().toISOString().slice(0, 10),
    // A saved post's HTML as stored at its save (made again only if its check fails).
    previewHtml: row ? await previewOf(() => checkedHtml(db, app.renderer, row)) : "",
    authors: authorSuggestions,
    tags,
    revisions: row
      ? (await listRevisions(db, row.id)).map((entry) => ({
          version: entry.version,
          title: entry.title,
          savedAt: formatMoment(entry.savedAt, zone),
          savedBy: entry.savedBy ?? "the post command",
          status: entry.status as PostStatus | null,
          autosave: entry.autosave,
        }))
      : [],
    revision: revision
      ? {
          version: revision.version,
          title: revision.title,
          markdown: revision.markdown,
          html: await previewOf(
            async () => (await renderPostText(db, app.renderer, revision.markdown)).html,
          ),
          savedAt: formatMoment(revision.savedAt, zone),
          // What the current text changed from this version (restoring it undoes that).
          diff: row ? diffText(revision.markdown, fields.markdown) : null,
          titleChanged: row ? revision.title !== row.title : false,
          cover: revisionCover
            ? {
                id: revisionCover.id,
                width: revisionCover.width,
                height: revisionCover.height,
                widths: revisionCover.widths,
                alt: revision.coverAlt ?? "",
              }
            : null,
        }
      : null,
    restored: url.searchParams.get("restored"),
    created: url.searchParams.get("created"),
  };
}

/** The save that won a race with the writer's: who made it, when, and its text. */
export type TheirVersion = {
  savedBy: string;
  savedAt: string;
  version: number;
  title: string;
  markdown: string;
};

/** What a refusal names: a field of the post, or the moment to publish at. */
export type PostEditorField = keyof PostFormValues | "publishAt";

/** The version the editor was opened at: a save over a newer one is refused. */
const version = z.string().default("");

/**
 * What the editor's form sends: a button's `intent` and the version it was opened at; with
 * every intent but restore, the post's fields (checked by postFormSchema, field by field)
 * and, to schedule, the moment; to restore, the revision's number.
 */
const postEditorForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("restore"),
    version,
    revision: z.coerce.number().int().positive({ error: "That revision does not exist." }),
  }),
  z.object({
    intent: z.enum(["save", "autosave", "publish", "schedule", "unpublish", "cancel-schedule"]),
    version,
    publishAt: z.string().default(""),
    // The fields as typed, checked below with the post command's rules (parsePostForm).
    ...(Object.fromEntries(
      Object.keys(postFormSchema.shape).map((name) => [name, z.string().default("")]),
    ) as Record<keyof PostFormValues, z.ZodDefault<z.ZodString>>),
  }),
]);

export async function postEditorAction({ request, params, context }: Route.ActionArgs) {
  const { user } = requireArea(context, "posts");
  const zone = zoneOf(user);
  const app = requireApp(context);
  const db = app.database.db;
  const id = postIdFrom(params.id);
  const form = await parseForm(request, postEditorForm);
  if (!form.ok) {
    if (form.fields.intent) return refuseForm("Unknown action.");
    return refuseForm(form.fields.revision ?? "Reload the page and try again.");
  }
  const sent = form.data;
  const intent = sent.intent;
  // Only a saved post has a state to take back or revisions to restore.
  if (
    id === null &&
    (intent === "unpublish" || intent === "restore" || intent === "cancel-schedule")
  ) {
    const what = { unpublish: "unpublish", restore: "restore", "cancel-schedule": "cancel" }[
      intent
    ];
    return refuseForm(
      `This post is not saved yet, so there is nothing to ${what}. Save it as a draft or publish it first.`,
    );
  }
  if (intent === "cancel-schedule" && id !== null) {
    // Only a post waiting to go live has a schedule to cancel; a live one is unpublished.
    const current = await findPostRow(db, id);
    if (current && postStatus(current) !== "scheduled") {
      return refuseForm("This post is not scheduled (it may have gone live): reload the page.", {
        status: 409,
      });
    }
  }
  const expectedVersion = Number(sent.version);
  if (id !== null && (sent.version === "" || !Number.isSafeInteger(expectedVersion))) {
    return refuseForm("Reload the page and try again.");
  }

  let values: PostFormValues;
  if (sent.intent === "restore") {
    const revision = id === null ? undefined : await findRevision(db, id, sent.revision);
    const current = id === null ? undefined : await findPostRow(db, id);
    if (!revision || !current) {
      return refuseForm("That revision does not exist.", { status: 404 });
    }
    // A version's words and cover come back, as its view shows them; where the post lives
    // and how it is filed and found (address, author, tags, search settings) stay as they
    // are now, so that taking back a paragraph does not undo a later change of those.
    values = {
      title: revision.title,
      excerpt: revision.excerpt,
      markdown: revision.markdown,
      coverImage: revision.coverImage ?? "",
      coverAlt: revision.coverAlt ?? "",
      slug: current.slug,
      author: current.author,
      tags: current.tags.join(", "),
      seoTitle: current.seoTitle ?? "",
      seoDescription: current.seoDescription ?? "",
    };
  } else {
    // Browsers send a textarea's line breaks as CRLF; the stored Markdown uses LF.
    const { intent: _intent, version: _version, publishAt: _publishAt, ...typed } = sent;
    values = Object.fromEntries(
      Object.entries(typed).map(([name, text]) => [name, text.replace(/\r\n?/g, "\n")]),
    ) as PostFormValues;
  }
  // A refused save sends back what was typed (all of it: the Markdown too), so that the
  // page rendered without JavaScript holds it; with JavaScript the form still has it.
  const typed = sent.intent === "restore" ? undefined : { ...values, publishAt: sent.publishAt };
  const refuse = (
    message: string,
    details: { fields?: Partial<Record<PostEditorField, string>>; status?: number } = {},
  ) => refuseForm<PostEditorField>(message, { ...details, values: typed });
  const parsed = parsePostForm(values);
  if (!parsed.ok) {
    return refuse("The post was not saved: see the fields marked below.", {
      fields: parsed.errors,
    });
  }
  if (parsed.fields.coverImage && !(await findImage(db, parsed.fields.coverImage))) {
    return refuse("The post was not saved.", {
      fields: { coverImage: "That image is gone; upload it again." },
    });
  }
  const problem = await slugProblem(db, parsed.fields.slug, id);
  if (problem) {
    return refuse("The post was not saved.", {
      fields: { slug: problem },
      status: 409,
    });
  }

  let visibility: VisibilityChange | undefined;
  if (intent === "publish") visibility = { kind: "publish-now" };
  if (intent === "unpublish") visibility = { kind: "unpublish" };
  if (intent === "cancel-schedule") visibility = { kind: "cancel-schedule" };
  if (sent.intent === "schedule") {
    const at = parseZonedMoment(sent.publishAt, zone);
    if (!at || at.getTime() <= Date.now()) {
      return refuse("The post was not scheduled.", {
        fields: {
          publishAt: at
            ? `That moment has passed: choose a later one (${zone}), or use Publish now.`
            : `Choose a date and time (${zone}).`,
        },
      });
    }
    visibility = { kind: "schedule", at };
  }

  let saved: Awaited<ReturnType<typeof savePost>>;
  try {
    saved = await savePost(db, app.renderer, {
      id,
      expectedVersion: id === null ? null : expectedVersion,
      fields: parsed.fields,
      savedBy: user.id,
      visibility,
      autosave: intent === "autosave",
    });
  } catch (error) {
    if (!(error instanceof RenderRefusedError)) throw error;
    return refuse("The post was not saved.", {
      fields: { markdown: error.message },
      status: error.reason === "busy" ? 503 : 400,
    });
  }
  if (!saved.ok) {
    if (saved.reason === "slug-taken") {
      return refuse("The post was not saved.", {
        fields: {
          slug: `Another post already uses /blog/${parsed.fields.slug}. Choose another slug.`,
        },
        status: 409,
      });
    }
    if (saved.reason === "missing") return refuse("This post no longer exists.", { status: 404 });
    // Who won the race, when, and with what text: the writer compares it with their own.
    const current = id === null ? undefined : await findPostRow(db, id);
    const [latest] = id === null ? [] : await listRevisions(db, id, 1);
    const by = latest?.savedBy ?? "the post command";
    const at = current ? formatMoment(current.updatedAt, zone) : "";
    const refusal = refuse(
      `${by} saved this post at ${at}, after you opened it, so your changes were not saved (nothing was overwritten). Your text is still here, beside theirs below: copy what you need, then reload the page to edit their version.`,
      { status: 409 },
    );
    if (!current) return refusal;
    const theirs: TheirVersion = {
      savedBy: by,
      savedAt: at,
      version: current.version,
      title: current.title,
      markdown: fieldsOf(current).markdown,
    };
    return data({ ...refusal.data, theirs }, refusal.init ?? undefined);
  }
  const { row } = saved;
  if (id === null) {
    const created = intent === "publish" || intent === "schedule" ? intent : "save";
    throw redirect(`${href("/admin/posts/:id", { id: String(row.id) })}?created=${created}`);
  }
  if (intent === "restore") {
    throw redirect(`${href("/admin/posts/:id", { id: String(row.id) })}?restored=${row.version}`);
  }
  const when = formatMoment(row.updatedAt, zone);
  // Said with a deliberate save; an autosave leaves it to the preview, which shows it for as
  // long as the text holds it, instead of saying it again every few seconds.
  const cleaned =
    saved.removedHtml.length > 0 && intent !== "autosave"
      ? ` Not allowed in a post, so removed: ${saved.removedHtml.join(", ")}. The preview shows what remains.`
      : "";
  const message = {
    save: `Saved at ${when}.`,
    autosave: `Draft saved automatically at ${when}.`,
    publish: `Published: live at ${postPath(row.slug)} within 10 seconds.`,
    schedule: `Scheduled: it goes live ${row.publishAt ? formatMoment(row.publishAt, zone) : ""}.`,
    unpublish: "Unpublished: it no longer shows on the site (within 10 seconds).",
    "cancel-schedule": "Schedule cancelled: the post is a draft again and will not go live.",
  }[intent];
  return acceptForm(message + cleaned, { intent });
}
