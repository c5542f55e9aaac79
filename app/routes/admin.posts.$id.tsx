import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { data, Form, href, Link, redirect, useFetcher, useNavigation } from "react-router";
import { requireArea } from "#app/.server/auth/guard.ts";
import {
  authorSuggestions,
  type PostFormField,
  type PostFormValues,
  parsePostForm,
  parseUtcMoment,
  readPostForm,
  slugProblem,
  staticTags,
  toUtcInputValue,
} from "#app/.server/blog/editor.ts";
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
import { requireApp } from "#app/.server/context.ts";
import { readFormData } from "#app/.server/http/form-data.ts";
import { findImage } from "#app/.server/media/image-rows.ts";
import { escapeXml } from "#app/.server/xml.ts";
import { CoverImage, CoverThumbnail } from "#app/components/admin/cover-image.tsx";
import { MarkdownEditor } from "#app/components/admin/markdown-editor.tsx";
import { tagSuggestions } from "#app/components/admin/tag-suggestions.ts";
import {
  AdminPage,
  dangerButtonClass,
  Field,
  Notice,
  Panel,
  smallButtonClass,
} from "#app/components/admin/ui.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { fieldClass } from "#app/components/ui/field.ts";
import { postPath } from "#app/lib/blog.ts";
import { formatMoment } from "#app/lib/format-date.ts";
import type { ImageRef } from "#app/lib/images.ts";
import { postStatusLabels, slugFromTitle } from "#app/lib/posts.ts";
import type { Route } from "./+types/admin.posts.$id";

// Same classes as the article body on the public post page (routes/blog.$slug.tsx), so the
// preview looks like the page; kept as a copy so that the public bundle does not change.
const articleProseClass =
  "prose prose-lg max-w-none prose-headings:font-display prose-a:text-brand-700 hover:prose-a:text-brand-800";

const AUTOSAVE_MS = 10_000;
const PREVIEW_DELAY_MS = 400;

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

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = requireArea(context, "posts");
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
  return {
    post: row
      ? {
          id: row.id,
          version: row.version,
          status: postStatus(row),
          slug: row.slug,
          path: postPath(row.slug),
          publishAt: row.publishAt ? formatMoment(row.publishAt) : null,
          publishAtInput: row.publishAt ? toUtcInputValue(row.publishAt) : "",
          updatedAt: formatMoment(row.updatedAt),
        }
      : null,
    fields: {
      ...fields,
      tags: fields.tags.join(", "),
      coverImage: coverImage?.id ?? "",
      coverAlt: fields.coverAlt ?? "",
    } satisfies PostFormValues,
    cover: coverImage
      ? {
          id: coverImage.id,
          width: coverImage.width,
          height: coverImage.height,
          widths: coverImage.widths,
        }
      : null,
    // A saved post's HTML as stored at its save (made again only if its check fails).
    previewHtml: row ? await previewOf(() => checkedHtml(db, app.renderer, row)) : "",
    authors: authorSuggestions,
    tags,
    revisions: row
      ? (await listRevisions(db, row.id)).map((entry) => ({
          version: entry.version,
          title: entry.title,
          savedAt: formatMoment(entry.savedAt),
          savedBy: entry.savedBy ?? "the post command",
        }))
      : [],
    revision: revision
      ? {
          version: revision.version,
          title: revision.title,
          markdown: revision.markdown,
          html: await previewOf(async () => (await app.renderer.render(revision.markdown)).html),
          savedAt: formatMoment(revision.savedAt),
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

type Outcome = {
  ok: boolean;
  message: string;
  errors?: Partial<Record<PostFormField | "publishAt", string>>;
  version?: number;
};

const intents = ["save", "autosave", "publish", "schedule", "unpublish", "restore"] as const;
type Intent = (typeof intents)[number];

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user } = requireArea(context, "posts");
  const app = requireApp(context);
  const db = app.database.db;
  const id = postIdFrom(params.id);
  const form = await readFormData(request);
  const intent = form.get("intent") as Intent;
  if (!intents.includes(intent)) {
    return data<Outcome>({ ok: false, message: "Unknown action." }, { status: 400 });
  }
  // Only a saved post has a state to take back or revisions to restore.
  if (id === null && (intent === "unpublish" || intent === "restore")) {
    return data<Outcome>(
      {
        ok: false,
        message: `This post is not saved yet, so there is nothing to ${intent === "unpublish" ? "unpublish" : "restore"}. Save it as a draft or publish it first.`,
      },
      { status: 400 },
    );
  }
  const expectedVersion = Number(form.get("version"));
  if (id !== null && !Number.isSafeInteger(expectedVersion)) {
    return data<Outcome>({ ok: false, message: "Reload the page and try again." }, { status: 400 });
  }

  let values: PostFormValues;
  if (intent === "restore") {
    const revision =
      id === null ? undefined : await findRevision(db, id, Number(form.get("revision")));
    if (!revision) {
      return data<Outcome>(
        { ok: false, message: "That revision does not exist." },
        { status: 404 },
      );
    }
    // A revision is the text and the cover it was saved with.
    values = {
      ...revision,
      tags: revision.tags.join(", "),
      coverImage: revision.coverImage ?? "",
      coverAlt: revision.coverAlt ?? "",
    };
  } else {
    values = readPostForm(form);
  }
  const parsed = parsePostForm(values);
  if (!parsed.ok) {
    return data<Outcome>(
      {
        ok: false,
        message: "The post was not saved: see the fields marked below.",
        errors: parsed.errors,
      },
      { status: 400 },
    );
  }
  if (parsed.fields.coverImage && !(await findImage(db, parsed.fields.coverImage))) {
    return data<Outcome>(
      {
        ok: false,
        message: "The post was not saved.",
        errors: { coverImage: "That image is gone; upload it again." },
      },
      { status: 400 },
    );
  }
  const problem = await slugProblem(db, parsed.fields.slug, id);
  if (problem) {
    return data<Outcome>(
      { ok: false, message: "The post was not saved.", errors: { slug: problem } },
      { status: 409 },
    );
  }

  let visibility: VisibilityChange | undefined;
  if (intent === "publish") visibility = { kind: "publish-now" };
  if (intent === "unpublish") visibility = { kind: "unpublish" };
  if (intent === "schedule") {
    const at = parseUtcMoment(form.get("publishAt"));
    if (!at || at.getTime() <= Date.now()) {
      return data<Outcome>(
        {
          ok: false,
          message: "The post was not scheduled.",
          errors: {
            publishAt: at
              ? "That moment has passed: choose a later one (UTC), or use Publish now."
              : "Choose a date and time (UTC).",
          },
        },
        { status: 400 },
      );
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
    });
  } catch (error) {
    if (!(error instanceof RenderRefusedError)) throw error;
    return data<Outcome>(
      { ok: false, message: "The post was not saved.", errors: { markdown: error.message } },
      { status: error.reason === "busy" ? 503 : 400 },
    );
  }
  if (!saved.ok) {
    const message =
      saved.reason === "conflict"
        ? "Someone else saved this post since you opened it, so your changes were not saved (nothing was overwritten). Your text is still here: copy what you need, then reload the page to see their version."
        : saved.reason === "slug-taken"
          ? "The post was not saved."
          : "This post no longer exists.";
    return data<Outcome>(
      {
        ok: false,
        message,
        errors:
          saved.reason === "slug-taken"
            ? {
                slug: `Another post already uses /blog/${parsed.fields.slug}. Choose another slug.`,
              }
            : undefined,
      },
      { status: saved.reason === "missing" ? 404 : 409 },
    );
  }
  const { row } = saved;
  if (id === null) {
    const created = intent === "publish" || intent === "schedule" ? intent : "save";
    throw redirect(`${href("/admin/posts/:id", { id: String(row.id) })}?created=${created}`);
  }
  if (intent === "restore") {
    throw redirect(`${href("/admin/posts/:id", { id: String(row.id) })}?restored=${row.version}`);
  }
  const when = formatMoment(row.updatedAt);
  const cleaned = saved.removedHtml
    ? " Some HTML was removed (scripts, handlers, styles or unsafe links): the preview shows what remains."
    : "";
  const message = {
    save: `Saved at ${when}.`,
    autosave: `Draft saved automatically at ${when}.`,
    publish: `Published: live at ${postPath(row.slug)} within 10 seconds.`,
    schedule: `Scheduled: it goes live ${row.publishAt ? formatMoment(row.publishAt) : ""}.`,
    unpublish: "Unpublished: it no longer shows on the site (within 10 seconds).",
  }[intent];
  return data<Outcome>({ ok: true, message: message + cleaned, version: row.version });
}

export default function PostEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  // A new post, another post or a restored revision starts a fresh editor.
  return (
    <PostEditor
      key={`${loaderData.post?.id ?? "new"}:${loaderData.restored ?? ""}`}
      data={loaderData}
      outcome={actionData}
    />
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

/** Whether a field shows something else than the server rendered (typed before hydration). */
function changedSinceServer(field: Element): boolean {
  if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
  if (!(field instanceof HTMLInputElement)) return false;
  if (field.type === "checkbox" || field.type === "radio") {
    return field.checked !== field.defaultChecked;
  }
  if (["hidden", "file", "submit", "reset", "button", "image"].includes(field.type)) return false;
  return field.value !== field.defaultValue;
}

function PostEditor({ data: loaderData, outcome }: { data: LoaderData; outcome?: Outcome }) {
  const { post, fields: initial } = loaderData;
  const navigation = useNavigation();
  const autosaver = useFetcher<Outcome>();
  const previewer = useFetcher<{ html: string; removed: boolean; refused?: string }>();
  const slugChecker = useFetcher<{ slug: string; problem: string | null }>();
  const form = useRef<HTMLFormElement>(null);

  const [title, setTitle] = useState(initial.title);
  const [slug, setSlug] = useState(initial.slug);
  const [slugEdited, setSlugEdited] = useState(post !== null);
  const [markdown, setMarkdown] = useState(initial.markdown);
  const [tags, setTags] = useState(initial.tags);
  // Edits are counted; a save records the count it carried, so typing during a save
  // still counts as unsaved.
  const [edits, setEdits] = useState(0);
  const [savedEdits, setSavedEdits] = useState(0);
  const pendingEdits = useRef(0);
  const dirty = edits > savedEdits;

  // The server's form works from the first paint, before the page's scripts have started:
  // what a writer typed by then is in the fields, and hydration leaves it there, but the
  // state above still holds the loader's values, which the next render would put back
  // (and the code editor would start from). Taken into the state while hydrating, before
  // anything renders again, and counted as an unsaved change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the server's fields
  useLayoutEffect(() => {
    const fields = form.current?.elements;
    if (!fields) return;
    const typed = (name: string) => {
      const field = fields.namedItem(name);
      return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement
        ? field.value
        : null;
    };
    let changed = [...fields].some(changedSinceServer);
    const typedTitle = typed("title");
    if (typedTitle !== null && typedTitle !== title) {
      changed = true;
      setTitle(typedTitle);
      if (!slugEdited) setSlug(slugFromTitle(typedTitle));
    }
    const typedSlug = typed("slug");
    if (typedSlug !== null && typedSlug !== slug) {
      changed = true;
      setSlug(typedSlug);
      setSlugEdited(true);
    }
    const typedTags = typed("tags");
    if (typedTags !== null && typedTags !== tags) {
      changed = true;
      setTags(typedTags);
    }
    const typedMarkdown = typed("markdown");
    if (typedMarkdown !== null && typedMarkdown !== markdown) {
      changed = true;
      setMarkdown(typedMarkdown);
    }
    if (changed) setEdits((count) => count + 1);
  }, []);

  useEffect(() => {
    if (outcome?.ok) setSavedEdits(pendingEdits.current);
  }, [outcome]);
  useEffect(() => {
    if (autosaver.data?.ok) setSavedEdits(pendingEdits.current);
  }, [autosaver.data]);

  // Live preview through the server's renderer and sanitiser.
  const firstPreview = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fetcher's identity changes every render
  useEffect(() => {
    if (firstPreview.current) {
      firstPreview.current = false;
      return;
    }
    const timer = setTimeout(() => {
      previewer.submit({ markdown }, { method: "post", action: href("/admin/posts/preview") });
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [markdown]);

  // The slug is checked while it is typed (and again on save).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fetcher's identity changes every render
  useEffect(() => {
    if (!slug || slug === post?.slug) return;
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ slug, id: String(post?.id ?? "") });
      slugChecker.load(`${href("/admin/posts/slug")}?${query}`);
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [slug]);

  // Drafts save themselves every ten seconds while they have unsaved changes.
  const canAutosave = post?.status === "draft";
  const busy = autosaver.state !== "idle" || navigation.state !== "idle";
  useEffect(() => {
    if (!canAutosave || !dirty || busy) return;
    const timer = setTimeout(() => {
      if (!form.current) return;
      const body = new FormData(form.current);
      body.set("intent", "autosave");
      pendingEdits.current = edits;
      autosaver.submit(body, { method: "post" });
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [canAutosave, dirty, busy, edits, autosaver]);

  // Leaving with unsaved changes asks first: by a link within the site, by the browser's
  // Back and Forward buttons within the back office, and when closing or reloading the tab.
  // (Not React Router's useBlocker: its code would land in the chunk that every public
  // page loads.) Leaving is either following the link or replaying the history move.
  const submitting = useRef(false);
  const [leaving, setLeaving] = useState<{ to: string } | { key: string } | null>(null);
  const leavingNow = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target) return;
      if (anchor.hasAttribute("data-leave")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) {
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      setLeaving({ to: url.pathname + url.search + url.hash });
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [dirty]);
  // Back and Forward between back-office pages move within one document, so nothing
  // unloads and beforeunload stays silent. The Navigation API announces such a move before
  // it happens and lets the page cancel it when the browser allows (Chromium does once the
  // person has interacted with the page since the last time it was cancelled). Without the
  // API, or when the move cannot be cancelled, the browser moves as before.
  useEffect(() => {
    if (!dirty || !("navigation" in window)) return;
    const onNavigate = (event: NavigateEvent) => {
      if (leavingNow.current || event.navigationType !== "traverse" || !event.cancelable) return;
      if (new URL(event.destination.url).pathname === window.location.pathname) return;
      event.preventDefault();
      setLeaving({ key: event.destination.key });
    };
    window.navigation.addEventListener("navigate", onNavigate);
    return () => window.navigation.removeEventListener("navigate", onNavigate);
  }, [dirty]);
  const leaveByHistory = (key: string) => {
    leavingNow.current = true;
    const { committed, finished } = window.navigation.traverseTo(key);
    // The entry can be gone (another tab, a reload): the page stays, and asks again next time.
    const stay = () => {
      leavingNow.current = false;
      setLeaving(null);
    };
    committed?.catch(stay);
    finished?.catch(() => {});
  };
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state]);

  const onSubmit = () => {
    submitting.current = true;
    pendingEdits.current = edits;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
      event.preventDefault();
      form.current?.requestSubmit(form.current.querySelector<HTMLButtonElement>("#save-post"));
    }
  };

  const errors = outcome && !outcome.ok ? (outcome.errors ?? {}) : {};
  const slugError =
    errors.slug ??
    (slugChecker.data && slugChecker.data.slug === slug ? slugChecker.data.problem : null) ??
    undefined;
  const autosaveNote = autosaver.data;
  const previewHtml = previewer.data?.html ?? loaderData.previewHtml;
  const status = post?.status;

  return (
    <AdminPage
      title={post ? `Edit: ${initial.title}` : "New post"}
      lead={
        post ? (
          <>
            {postStatusLabels[post.status]}
            {post.status === "scheduled" ? `: goes live ${post.publishAt}` : ""}
            {post.status === "published" ? (
              <>
                {" at "}
                <a href={post.path} className="font-semibold text-brand-700 underline">
                  {post.path}
                </a>
              </>
            ) : null}
            {` · last saved ${post.updatedAt}`}
          </>
        ) : (
          "A draft until you publish or schedule it."
        )
      }
      actions={
        <Link to={href("/admin/posts")} className={smallButtonClass}>
          All posts
        </Link>
      }
    >
      <div aria-live="polite" className="space-y-3">
        {leaving && dirty ? (
          <Notice tone="error">
            <p>This post has unsaved changes. Leave without saving them?</p>
            <div className="mt-3 flex flex-wrap gap-3">
              {"to" in leaving ? (
                <Link to={leaving.to} data-leave="" className={dangerButtonClass}>
                  Leave without saving
                </Link>
              ) : (
                <button
                  type="button"
                  className={dangerButtonClass}
                  onClick={() => leaveByHistory(leaving.key)}
                >
                  Leave without saving
                </button>
              )}
              <button type="button" className={smallButtonClass} onClick={() => setLeaving(null)}>
                Stay on this page
              </button>
            </div>
          </Notice>
        ) : null}
        {loaderData.created && post && !outcome ? (
          <Notice tone="success">
            {loaderData.created === "publish" && post.status === "published"
              ? `Post created and published: live at ${post.path} within 10 seconds.`
              : loaderData.created === "schedule" && post.status === "scheduled"
                ? `Post created and scheduled: it goes live ${post.publishAt}.`
                : "Post created."}
          </Notice>
        ) : null}
        {loaderData.restored && !outcome ? (
          <Notice tone="success">
            Revision restored: it is saved as version {loaderData.restored}.
          </Notice>
        ) : null}
        {outcome ? (
          <Notice tone={outcome.ok ? "success" : "error"}>{outcome.message}</Notice>
        ) : null}
        {autosaveNote && !outcome ? (
          <Notice tone={autosaveNote.ok ? "info" : "error"}>{autosaveNote.message}</Notice>
        ) : null}
      </div>

      <Form
        ref={form}
        method="post"
        preventScrollReset
        noValidate
        onSubmit={onSubmit}
        onKeyDown={onKeyDown}
        onChange={() => setEdits((count) => count + 1)}
        className="grid gap-8 lg:grid-cols-2"
      >
        <input type="hidden" name="version" value={post?.version ?? ""} />
        <Panel title="Post" id="post-heading" className="space-y-5">
          <div className="space-y-5">
            <Field id="post-title" label="Title" error={errors.title}>
              {(control) => (
                <input
                  {...control}
                  name="title"
                  required
                  maxLength={200}
                  value={title}
                  onChange={(event) => {
                    setTitle(event.target.value);
                    if (!slugEdited) setSlug(slugFromTitle(event.target.value));
                  }}
                  className={fieldClass}
                />
              )}
            </Field>
            <Field
              id="post-slug"
              label="Slug"
              hint={`The address: /blog/${slug || "…"}. Made from the title until you change it.`}
              error={slugError}
            >
              {(control) => (
                <input
                  {...control}
                  name="slug"
                  required
                  maxLength={120}
                  value={slug}
                  onChange={(event) => {
                    setSlug(event.target.value);
                    setSlugEdited(true);
                  }}
                  autoComplete="off"
                  spellCheck={false}
                  className={fieldClass}
                />
              )}
            </Field>
            <Field
              id="post-excerpt"
              label="Excerpt (optional)"
              hint="Shown on cards and in feeds; without it, the first lines of the text."
              error={errors.excerpt}
            >
              {(control) => (
                <textarea
                  {...control}
                  name="excerpt"
                  rows={3}
                  maxLength={400}
                  defaultValue={initial.excerpt}
                  className={fieldClass}
                />
              )}
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field id="post-author" label="Author" error={errors.author}>
                {(control) => (
                  <>
                    <input
                      {...control}
                      name="author"
                      required
                      maxLength={120}
                      list="post-authors"
                      defaultValue={initial.author}
                      className={fieldClass}
                    />
                    <datalist id="post-authors">
                      {loaderData.authors.map((name) => (
                        <option key={name} value={name} />
                      ))}
                    </datalist>
                  </>
                )}
              </Field>
              <Field id="post-tags" label="Tags" hint="Separated by commas." error={errors.tags}>
                {(control) => (
                  <>
                    <input
                      {...control}
                      name="tags"
                      list="post-tag-list"
                      value={tags}
                      onChange={(event) => setTags(event.target.value)}
                      autoComplete="off"
                      className={fieldClass}
                    />
                    {/* Rendered by the server too: without JavaScript, the first tag's. */}
                    <datalist id="post-tag-list">
                      {tagSuggestions(tags, loaderData.tags).map((value) => (
                        <option key={value} value={value} />
                      ))}
                    </datalist>
                  </>
                )}
              </Field>
            </div>
            <CoverImage
              uploadUrl={href("/admin/posts/images")}
              initial={loaderData.cover}
              initialAlt={initial.coverAlt}
              errors={errors}
              onChange={() => setEdits((count) => count + 1)}
            />
            <Field
              id="post-markdown"
              label="Text (Markdown)"
              hint="Headings with ##, **bold**, [links](https://…), lists with -."
              error={errors.markdown}
            >
              {(control) => (
                <MarkdownEditor
                  control={control}
                  label="Text (Markdown)"
                  value={markdown}
                  onChange={(text) => {
                    setMarkdown(text);
                    setEdits((count) => count + 1);
                  }}
                />
              )}
            </Field>
          </div>
          <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-5">
            <Button id="save-post" type="submit" name="intent" value="save" disabled={busy}>
              {status === undefined || status === "draft" ? "Save draft" : "Save"}
            </Button>
            {status !== "published" ? (
              <Button type="submit" name="intent" value="publish" variant="outline" disabled={busy}>
                Publish now
              </Button>
            ) : null}
            {status === "published" || status === "scheduled" ? (
              <button
                type="submit"
                name="intent"
                value="unpublish"
                className={dangerButtonClass}
                disabled={busy}
              >
                Unpublish
              </button>
            ) : null}
          </div>
          {status !== "published" ? (
            <div className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-5">
              <Field
                id="post-publish-at"
                label="Publish at (UTC)"
                hint="Date and time in UTC, the back office's clock. The post goes live by itself then."
                error={errors.publishAt}
              >
                {(control) => (
                  <input
                    {...control}
                    name="publishAt"
                    type="datetime-local"
                    step={1}
                    defaultValue={status === "scheduled" ? post?.publishAtInput : ""}
                    className={fieldClass}
                  />
                )}
              </Field>
              <button
                type="submit"
                name="intent"
                value="schedule"
                className={smallButtonClass}
                disabled={busy}
              >
                {status === "scheduled" ? "Reschedule" : "Schedule"}
              </button>
            </div>
          ) : null}
          <p className="text-sm text-ink-soft">
            {dirty ? "Unsaved changes." : "All changes saved."}
            {canAutosave ? " Drafts save themselves every 10 seconds." : ""} Ctrl+S (⌘S) saves.
          </p>
        </Panel>
        <Panel title="Preview" id="preview-heading">
          <p className="text-sm text-ink-soft">
            As the post page will show it, after the same cleaning.
          </p>
          {previewer.data?.refused ? (
            <p role="alert" className="mt-4 text-sm font-medium text-red-800">
              {previewer.data.refused}
            </p>
          ) : null}
          <article
            aria-labelledby="preview-heading"
            className={`mt-4 ${articleProseClass}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by the server (app/.server/blog/post-html.ts)
            dangerouslySetInnerHTML={{ __html: previewHtml }}
          />
        </Panel>
      </Form>

      {post ? (
        <Panel title="Revisions" id="revisions-heading">
          {loaderData.revision ? (
            <section
              aria-labelledby="revision-heading"
              className="mb-6 rounded-lg border border-slate-300 p-4"
            >
              <h3 id="revision-heading" className="font-display text-lg font-bold">
                Version {loaderData.revision.version}: {loaderData.revision.title}
              </h3>
              <p className="text-sm text-ink-soft">Saved {loaderData.revision.savedAt}</p>
              <RevisionCover cover={loaderData.revision.cover} />
              <article
                aria-label={`Version ${loaderData.revision.version}`}
                className={`mt-4 ${articleProseClass}`}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by the server
                dangerouslySetInnerHTML={{ __html: loaderData.revision.html }}
              />
              <Form method="post" className="mt-4 flex flex-wrap gap-3" onSubmit={onSubmit}>
                <input type="hidden" name="version" value={post.version} />
                <input type="hidden" name="revision" value={loaderData.revision.version} />
                <button type="submit" name="intent" value="restore" className={smallButtonClass}>
                  Restore version {loaderData.revision.version}
                </button>
                <Link
                  to={href("/admin/posts/:id", { id: String(post.id) })}
                  className={smallButtonClass}
                >
                  Close
                </Link>
              </Form>
            </section>
          ) : null}
          <ol className="divide-y divide-slate-200 border-y border-slate-200">
            {loaderData.revisions.map((entry) => (
              <li
                key={entry.version}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <span>
                  <span className="font-semibold">Version {entry.version}</span>
                  <span className="text-sm text-ink-soft">
                    {" "}
                    · {entry.savedAt} · {entry.savedBy}
                    {entry.version === post.version ? " · current" : ""}
                  </span>
                </span>
                <Link
                  to={`?revision=${entry.version}`}
                  preventScrollReset
                  className="font-semibold text-brand-700 underline"
                >
                  View<span className="sr-only"> version {entry.version}</span>
                </Link>
              </li>
            ))}
          </ol>
        </Panel>
      ) : null}
    </AdminPage>
  );
}

/** The cover a revision was saved with, which restoring it brings back. */
function RevisionCover({ cover }: { cover: (ImageRef & { alt: string }) | null }) {
  if (!cover) return <p className="mt-4 text-sm text-ink-soft">No cover image.</p>;
  return (
    <figure className="mt-4">
      <CoverThumbnail image={cover} alt={cover.alt} />
      <figcaption className="mt-2 text-sm text-ink-soft">
        Cover image; its alt text: “{cover.alt}”
      </figcaption>
    </figure>
  );
}
