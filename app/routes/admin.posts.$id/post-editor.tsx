import {
  type Dispatch,
  type KeyboardEvent,
  type SetStateAction,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import {
  Form,
  href,
  Link,
  useFetcher,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { CoverImage } from "#app/components/admin/cover-image.tsx";
import { EditorShortcuts } from "#app/components/admin/editor-shortcuts.tsx";
import { LeaveNotice, useLeaveGuard } from "#app/components/admin/leave-guard.tsx";
import { MarkdownEditor } from "#app/components/admin/markdown-editor.tsx";
import { tagSuggestions } from "#app/components/admin/tag-suggestions.ts";
import { AdminPage, Notice, Panel, SignInAgain } from "#app/components/admin/ui.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { countWords, readTimeFor } from "#app/lib/blog.ts";
import type { FormAnswer } from "#app/lib/form-answer.ts";
import { cleanSlug, postStatusLabels, slugFromTitle } from "#app/lib/posts.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { Route } from "./+types/route";
import { changedSinceServer } from "./changed-since-server.ts";
import type { PostEditorField, TheirVersion } from "./editor.server.ts";
import { PostPreview } from "./post-preview.tsx";
import { PublishControls } from "./publish-controls.tsx";
import { RevisionsPanel } from "./revisions.tsx";
import { SeoPanel } from "./seo-panel.tsx";
import { SignOffNotice } from "./sign-off-notice.tsx";
import { useAutosave } from "./use-autosave.ts";
import { Versions } from "./versions.tsx";

const PREVIEW_DELAY_MS = 400;

/** What the preview endpoint answers: the cleaned HTML, or why the text was refused. */
type PreviewAnswer = { html: string; removed: string[]; nowhere?: string[]; refused?: string };

/** The controls a refusal can name, in the form's order, with the names the page shows. */
const faultyControls: Record<PostEditorField, { id: string; label: string }> = {
  title: { id: "post-title", label: "Title" },
  slug: { id: "post-slug", label: "Slug" },
  excerpt: { id: "post-excerpt", label: "Excerpt" },
  author: { id: "post-author", label: "Author" },
  tags: { id: "post-tags", label: "Tags" },
  coverImage: { id: "cover-file", label: "Cover image" },
  coverAlt: { id: "post-cover-alt", label: "Alt text" },
  seoTitle: { id: "post-seo-title", label: "SEO title" },
  seoDescription: { id: "post-seo-description", label: "Meta description" },
  markdown: { id: "post-markdown", label: "Text" },
  publishAt: { id: "post-publish-at", label: "Publish at" },
};

/**
 * Moves focus to `element` and scrolls it, with its label and problem, to the middle of
 * the window. The Markdown textarea is hidden once the code editor has replaced it: the
 * code editor takes the focus then.
 */
function bringIntoView(element: HTMLElement) {
  const settings = element.closest("details");
  if (settings) settings.open = true;
  const target = element.hidden
    ? (element.parentElement?.querySelector<HTMLElement>(
        "[data-markdown-editor] [contenteditable]",
      ) ?? element)
    : element;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: "center" });
}

/**
 * Links to the controls marked with a problem (plain in-page links without JavaScript;
 * with it, each also moves focus to its control).
 */
function FaultLinks({ errors }: { errors: Partial<Record<PostEditorField, string>> }) {
  const faults = (Object.keys(faultyControls) as PostEditorField[]).filter((name) => errors[name]);
  if (faults.length === 0) return null;
  return (
    <p className="mt-1">
      {"Go to: "}
      {faults.map((name, index) => {
        const { id, label } = faultyControls[name];
        return (
          <span key={name}>
            {index > 0 ? ", " : null}
            <a
              href={`#${id}`}
              className="underline"
              onClick={(event) => {
                const control = document.getElementById(id);
                if (!control) return;
                event.preventDefault();
                bringIntoView(control);
              }}
            >
              {label}
            </a>
          </span>
        );
      })}
    </p>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

/** The fields under "Post settings" (folded while none of them is marked). */
const settingsFields: PostEditorField[] = [
  "slug",
  "excerpt",
  "author",
  "tags",
  "coverImage",
  "coverAlt",
  "seoTitle",
  "seoDescription",
];

/** The saved fields with what a refused save sent back in their place. */
function typedFields(
  saved: LoaderData["fields"],
  typed: Record<string, string>,
): LoaderData["fields"] {
  const merged = { ...saved };
  for (const name of Object.keys(saved) as (keyof typeof saved)[]) {
    const value = typed[name];
    if (typeof value === "string") merged[name] = value;
  }
  return merged;
}

export function PostEditor({
  data: loaderData,
  outcome,
  focus: [focused, setFocused],
}: {
  data: LoaderData;
  outcome?: FormAnswer<PostEditorField> & { theirs?: TheirVersion };
  /** Focus on writing, on or off, and its setter: kept by the page across fresh editors. */
  focus: [boolean, Dispatch<SetStateAction<boolean>>];
}) {
  const { post } = loaderData;
  // After a refused save, the page starts from what was typed (the server sends it back),
  // not from the saved post: without JavaScript that page is all the writer has.
  const refusedWith = outcome && !outcome.ok ? outcome.values : undefined;
  const initial = refusedWith ? typedFields(loaderData.fields, refusedWith) : loaderData.fields;
  const navigation = useNavigation();
  const slugChecker = useFetcher<{ slug: string; problem: string | null }>();
  const form = useRef<HTMLFormElement>(null);

  const [title, setTitle] = useState(initial.title);
  // For the search preview, which falls back on it, and the preview's byline.
  const [excerpt, setExcerpt] = useState(initial.excerpt);
  const [author, setAuthor] = useState(initial.author);
  // On a phone, Write or Preview (both, one under the other, until the scripts run).
  const [pane, setPane] = useState<"write" | "preview" | null>(null);
  useEffect(() => setPane("write"), []);
  const origin = (useRouteLoaderData("root") as { origin?: string } | undefined)?.origin ?? "";
  const [slug, setSlug] = useState(initial.slug);
  const [slugEdited, setSlugEdited] = useState(post !== null);
  // The slug as it will be saved (the server cleans it the same way), and as the last save
  // sent it: that save's problem with the slug shows only while the slug is still the one
  // it sent; once it has changed, what the live check says about the new one shows.
  const finalSlug = cleanSlug(slug);
  const [sentSlug, setSentSlug] = useState(() => cleanSlug(initial.slug));
  const [markdown, setMarkdown] = useState(initial.markdown);
  // Selects a passage in the text (one a sign-off note quotes).
  const reveal = useRef<((passage: string) => boolean) | null>(null);
  const [tags, setTags] = useState(initial.tags);
  const [cover, setCover] = useState(loaderData.cover);
  const [coverAlt, setCoverAlt] = useState(initial.coverAlt);
  // Where the caret is in the text: the preview follows it.
  const [caretLine, setCaretLine] = useState<number | null>(null);
  // As the post page counts them (its read time is the same rule). Counted from a deferred
  // copy of the text: on a slow phone a long post's count never holds up a keystroke.
  const countedMarkdown = useDeferredValue(markdown);
  const words = useMemo(() => countWords(countedMarkdown), [countedMarkdown]);
  // Edits are counted; a save records the count it carried, so typing during a save
  // still counts as unsaved.
  const [edits, setEdits] = useState(refusedWith ? 1 : 0);
  const [savedEdits, setSavedEdits] = useState(0);
  const pendingEdits = useRef(0);
  const dirty = edits > savedEdits;

  // Drafts save themselves every ten seconds while they have unsaved changes.
  const canAutosave = post?.status === "draft";
  const autosaver = useAutosave({
    form,
    enabled: canAutosave && dirty && navigation.state === "idle",
    edits,
    onSaving: (count) => {
      pendingEdits.current = count;
    },
  });
  const busy = autosaver.state !== "idle" || navigation.state !== "idle";

  // The server's form works from the first paint, before the page's scripts have started:
  // what a writer typed by then is in the fields, and hydration leaves it there, but the
  // state above still holds the loader's values, which the next render would put back
  // (and the code editor would start from). Taken into the state while hydrating, before
  // anything renders again, and counted as an unsaved change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the server's fields
  useLayoutEffect(() => {
    const fields = form.current?.elements;
    if (!fields) return;
    // Only what differs from what the server rendered was typed: a field's text can read
    // differently from the loader's string (line breaks, a first newline) without a key
    // having been pressed.
    const typed = (name: string) => {
      const field = fields.namedItem(name);
      return (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) &&
        changedSinceServer(field)
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
      setSlug(cleanSlug(typedSlug, { typing: true }));
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

  // Live preview through the server's renderer and sanitiser. A plain request, not a
  // fetcher: a fetcher's answer arriving while a save navigates (a new post's redirect)
  // makes React Router revalidate, which could cancel that navigation.
  const [preview, setPreview] = useState<PreviewAnswer | null>(null);
  const firstPreview = useRef(true);
  useEffect(() => {
    // The stored text's HTML came with the page; it is asked for again at once only when the
    // text may hold HTML, whose left-out parts the note beside the preview then names.
    if (firstPreview.current) {
      firstPreview.current = false;
      if (!/<[a-z!/?]/i.test(markdown)) return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(href("/admin/posts/preview"), {
        method: "POST",
        body: new URLSearchParams({ markdown }),
        signal: controller.signal,
      })
        .then(async (response) => {
          const answer = (await response.json()) as PreviewAnswer;
          if (!controller.signal.aborted) setPreview(answer);
        })
        .catch(() => {
          // Offline or aborted: the last preview stays; the next change asks again.
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [markdown]);

  // The slug is checked while it is typed (and again on save).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fetcher's identity changes every render
  useEffect(() => {
    if (!finalSlug || finalSlug === post?.slug) return;
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ slug: finalSlug, id: String(post?.id ?? "") });
      slugChecker.load(`${href("/admin/posts/slug")}?${query}`);
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [finalSlug]);

  // Leaving with unsaved changes asks first (components/admin/leave-guard.tsx).
  const leaveGuard = useLeaveGuard(dirty);
  const submitting = useRef(false);
  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state]);

  const onSubmit = () => {
    submitting.current = true;
    pendingEdits.current = edits;
    setSentSlug(finalSlug);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
      event.preventDefault();
      form.current?.requestSubmit(form.current.querySelector<HTMLButtonElement>("#save-post"));
    }
  };

  const refused = outcome && !outcome.ok ? outcome : undefined;

  // Focus on writing: the title and the text alone, in one column, without the back office's
  // header, the preview, the settings or the history (as in Ghost or iA Writer). Esc, or the
  // button again, brings them back; so does a refused save, whose reason may be among them.
  const hydrated = useHydrated();
  useEffect(() => {
    if (refused) setFocused(false);
  }, [refused, setFocused]);
  useEffect(() => {
    if (!focused) return;
    const root = document.documentElement;
    root.dataset.writingFocus = "";
    const onKey = (event: globalThis.KeyboardEvent) => {
      // Not while an image is being described (there Esc cancels the image), nor while the
      // text's link suggestions are open (Esc closes them first). Heard before the editor
      // does, which closes them.
      if (event.key !== "Escape" || document.getElementById("text-image-alt")) return;
      if (document.querySelector(".cm-tooltip-autocomplete")) return;
      setFocused(false);
    };
    document.addEventListener("keydown", onKey, true);
    return () => {
      delete root.dataset.writingFocus;
      document.removeEventListener("keydown", onKey, true);
    };
  }, [focused, setFocused]);
  const created =
    loaderData.created && post && !outcome
      ? loaderData.created === "publish" && post.status === "published"
        ? `Post created and published: live at ${post.path} within 10 seconds.`
        : loaderData.created === "schedule" && post.status === "scheduled"
          ? `Post created and scheduled: it goes live ${post.publishAt}.`
          : "Post created."
      : undefined;
  // "Post created" is said once, after creating: the address loses its ?created, so a
  // reload or a bookmark of the page does not say it again. The router does not see that
  // change, so the form is sent to the bare path (else a save would bring it back).
  const { pathname, search } = useLocation();
  // A passage a sign-off note quotes, from the share page's "Show … in the editor".
  const passageAsked = new URLSearchParams(search).get("passage");
  useEffect(() => {
    if (!loaderData.created) return;
    const address = new URL(window.location.href);
    address.searchParams.delete("created");
    window.history.replaceState(window.history.state, "", address);
  }, [loaderData.created]);
  const slugError =
    (sentSlug === finalSlug ? refused?.fields?.slug : undefined) ??
    (slugChecker.data?.slug === finalSlug ? slugChecker.data.problem : null) ??
    undefined;
  // A field put right since the refused save loses its mark as it is typed in; the save's
  // other problems stay until the next save.
  const [putRight, setPutRight] = useState<ReadonlySet<string>>(() => new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new answer starts afresh
  useEffect(() => setPutRight(new Set()), [outcome]);
  const markPutRight = (name: string) =>
    setPutRight((fields) => (fields.has(name) ? fields : new Set(fields).add(name)));
  // What each field shows: the last save's problems, the slug's as above.
  const errors: Partial<Record<PostEditorField, string>> = {
    ...Object.fromEntries(
      Object.entries(refused?.fields ?? {}).filter(([name]) => !putRight.has(name)),
    ),
    slug: slugError,
  };

  // After a refused save the buttons, at the bottom of a long form, are far from what went
  // wrong: focus moves to the first field marked (scrolled into view) or, when none is (a
  // newer save by someone else), to the notice that says why. Not for the answer the page
  // was rendered with (without JavaScript, or before the scripts started): the notice is at
  // the top of that page, where it opens.
  const refusalNotice = useRef<HTMLDivElement>(null);
  const answered = useRef(outcome);
  useEffect(() => {
    if (outcome === answered.current) return;
    answered.current = outcome;
    if (!outcome || outcome.ok) return;
    const marked = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = marked ?? refusalNotice.current;
    if (target) bringIntoView(target);
  }, [outcome]);
  const faultsShown = Object.values(errors).some(Boolean);
  // Open while the last save's answer stands, even once its fields are put right: closing
  // under the writer's hands would hide the field being typed in.
  const settingsFaulty = settingsFields.some(
    (name) => refused?.fields?.[name] || (name === "slug" && slugError),
  );
  const tagCount = tags.split(",").filter((tag) => tag.trim()).length;
  const settingsSummary = [
    `/blog/${finalSlug || "…"}`,
    author.trim() || "no author",
    tagCount === 1 ? "1 tag" : `${tagCount} tags`,
    cover ? "cover image" : "no cover",
  ].join(" · ");
  const autosaveNote = autosaver.data;
  const previewHtml = preview?.html ?? loaderData.previewHtml;

  return (
    <AdminPage
      title={post ? `Edit: ${loaderData.fields.title}` : "New post"}
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
        <>
          {post && post.status !== "published" ? (
            // The saved version, in the public page's frame, beside the editor.
            <a
              href={href("/admin/posts/:id/draft", { id: String(post.id) })}
              target="_blank"
              rel="noopener"
              className={buttonVariants({ variant: "outline", size: "small" })}
            >
              View draft<span className="sr-only"> (saved version, in a new tab)</span>
            </a>
          ) : null}
          {post && post.status !== "published" ? (
            // A link for someone without an account (the founder who signs it off).
            <a
              href={href("/admin/posts/:id/share", { id: String(post.id) })}
              target="_blank"
              rel="noopener"
              className={buttonVariants({ variant: "outline", size: "small" })}
            >
              {post.previewShared ? "Preview link shared" : "Share preview"}
              <span className="sr-only"> (in a new tab)</span>
            </a>
          ) : null}
          <Link
            to={href("/admin/posts")}
            className={buttonVariants({ variant: "outline", size: "small" })}
          >
            All posts
          </Link>
        </>
      }
    >
      <div aria-live="polite" className="space-y-3">
        <LeaveNotice {...leaveGuard} />
        {created ? <Notice tone="success">{created}</Notice> : null}
        {loaderData.restored && !outcome ? (
          <Notice tone="success">
            Revision restored: it is saved as version {loaderData.restored}.
          </Notice>
        ) : null}
        {refused ? (
          <Notice tone="error" ref={refusalNotice} tabIndex={-1}>
            <p>{refused.message}</p>
            {refused.signedOut ? <SignInAgain /> : null}
            <FaultLinks errors={errors} />
          </Notice>
        ) : outcome ? (
          <Notice tone="success">{outcome.message}</Notice>
        ) : null}
        {autosaveNote && !outcome ? (
          <Notice tone={autosaveNote.ok ? "info" : "error"}>
            <p>{autosaveNote.message}</p>
            {autosaveNote.signedOut ? <SignInAgain /> : null}
          </Notice>
        ) : null}
      </div>

      {post?.signOff ? (
        <SignOffNotice
          postId={post.id}
          signOff={post.signOff}
          markdown={markdown}
          onShow={(passage) => {
            // On a phone the text may be the pane not shown.
            flushSync(() => setPane((shown) => (shown === "preview" ? "write" : shown)));
            return reveal.current?.(passage) ?? false;
          }}
        />
      ) : null}

      {refused?.theirs ? (
        <Versions theirs={refused.theirs} title={title} markdown={markdown} />
      ) : null}

      <Form
        ref={form}
        method="post"
        action={pathname}
        preventScrollReset
        noValidate
        onSubmit={onSubmit}
        onKeyDown={onKeyDown}
        onChange={(event) => {
          setEdits((count) => count + 1);
          const field: EventTarget = event.target;
          if (
            field instanceof HTMLInputElement ||
            field instanceof HTMLTextAreaElement ||
            field instanceof HTMLSelectElement
          ) {
            markPutRight(field.name);
          }
        }}
        className={cn("grid gap-8", focused ? "mx-auto w-full max-w-3xl" : "lg:grid-cols-2")}
      >
        <input type="hidden" name="version" value={post?.version ?? ""} />
        {pane && !focused ? (
          // Stays at the top of the window while a long post is scrolled, so switching never
          // means scrolling back up to it.
          <fieldset className="sticky top-0 z-10 -mx-4 flex gap-2 bg-sand px-4 py-2 lg:hidden">
            <legend className="sr-only">Show</legend>
            {(["write", "preview"] as const).map((choice) => (
              <button
                key={choice}
                type="button"
                aria-pressed={pane === choice}
                onClick={() => setPane(choice)}
                className="inline-flex min-h-11 flex-1 items-center justify-center rounded-full border border-slate-300 bg-white px-4 font-semibold text-ink aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
              >
                {choice === "write" ? "Write" : "Preview"}
              </button>
            ))}
          </fieldset>
        ) : null}
        <Panel
          title="Post"
          id="post-heading"
          className={cn("space-y-5", pane === "preview" && "max-lg:hidden")}
        >
          <div className="space-y-5">
            <Field id="post-title" label="Title" error={errors.title}>
              {(control) => (
                <Input
                  {...control}
                  name="title"
                  required
                  maxLength={200}
                  value={title}
                  onChange={(event) => {
                    setTitle(event.target.value);
                    if (!slugEdited) setSlug(slugFromTitle(event.target.value));
                  }}
                />
              )}
            </Field>
            <Field
              id="post-markdown"
              label="Text (Markdown)"
              hint='Headings with ##, **bold**, [links](https://…), lists with - (Enter goes on with a list or quote; Enter on an empty item ends it). Drop, paste or insert images; each needs a description, and may have a caption: ![description](address "Caption").'
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
                    markPutRight("markdown");
                  }}
                  onCaret={setCaretLine}
                  imageUploadUrl={href("/admin/posts/images")}
                  revealRef={reveal}
                  linkTargets={loaderData.linkTargets}
                  initialPassage={passageAsked}
                />
              )}
            </Field>
            {/* As tall from the first paint as with the button the scripts bring. */}
            <div className="-mt-3 flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm text-ink-soft">
              <p>
                {words === 1 ? "1 word" : `${words.toLocaleString("en-US")} words`}
                {words > 0 ? ` · ${readTimeFor(words)}` : ""}
              </p>
              {hydrated ? (
                <p className="flex items-center gap-2">
                  {focused ? <span>Esc leaves.</span> : null}
                  <button
                    type="button"
                    aria-pressed={focused}
                    onClick={() => setFocused((on) => !on)}
                    className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 font-semibold text-ink hover:border-brand-700 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
                  >
                    Focus on writing
                  </button>
                </p>
              ) : null}
            </div>
            {/* Open when one of its fields is marked (and opened by "Go to" links). */}
            <details
              open={settingsFaulty || undefined}
              className={cn(
                "group rounded-xl border border-slate-200 open:pb-5",
                focused && "hidden",
              )}
            >
              <summary className="flex min-h-11 cursor-pointer flex-wrap items-baseline gap-x-3 rounded-xl px-4 py-3 marker:text-ink-soft">
                <span className="font-display text-lg font-bold text-ink">Post settings</span>
                <span className="text-sm text-ink-soft [overflow-wrap:anywhere]">
                  {settingsSummary}
                </span>
              </summary>
              <div className="space-y-5 px-4 pt-2">
                <Field
                  id="post-slug"
                  label="Slug"
                  hint={
                    post && post.status !== "draft" && finalSlug && finalSlug !== post.slug
                      ? `The address: /blog/${finalSlug}. Once saved, the old address /blog/${post.slug} leads here, so links already shared keep working.`
                      : `The address: /blog/${finalSlug || "…"}. Made from the title until you change it.`
                  }
                  error={slugError}
                >
                  {(control) => (
                    <Input
                      {...control}
                      name="slug"
                      required
                      maxLength={120}
                      value={slug}
                      onChange={(event) => {
                        // Cleaned as it is typed; the caret stays where it was in the text.
                        const input = event.target;
                        const cleaned = cleanSlug(input.value, { typing: true });
                        if (cleaned !== input.value) {
                          const before = input.value.slice(
                            0,
                            input.selectionEnd ?? input.value.length,
                          );
                          const caret = cleanSlug(before, { typing: true }).length;
                          input.value = cleaned;
                          input.setSelectionRange(caret, caret);
                        }
                        setSlug(cleaned);
                        setSlugEdited(true);
                      }}
                      onBlur={() => setSlug(finalSlug)}
                      autoComplete="off"
                      spellCheck={false}
                    />
                  )}
                </Field>
                <Field
                  id="post-excerpt"
                  label="Excerpt (optional)"
                  hint="Shown under the title, on cards and in feeds. Without it, cards and feeds use the first lines of the text."
                  error={errors.excerpt}
                >
                  {(control) => (
                    <Textarea
                      {...control}
                      name="excerpt"
                      rows={3}
                      maxLength={400}
                      defaultValue={initial.excerpt}
                      onChange={(event) => setExcerpt(event.currentTarget.value)}
                    />
                  )}
                </Field>
                <div className="grid gap-5 sm:grid-cols-2">
                  <Field id="post-author" label="Author" error={errors.author}>
                    {(control) => (
                      <>
                        <Input
                          {...control}
                          name="author"
                          required
                          maxLength={120}
                          list="post-authors"
                          defaultValue={initial.author}
                          onChange={(event) => setAuthor(event.currentTarget.value)}
                        />
                        <datalist id="post-authors">
                          {loaderData.authors.map((name) => (
                            <option key={name} value={name} />
                          ))}
                        </datalist>
                      </>
                    )}
                  </Field>
                  <Field
                    id="post-tags"
                    label="Tags"
                    hint="Separated by commas. Kept in lowercase, so LinkedIn and linkedin are one tag."
                    error={errors.tags}
                  >
                    {(control) => (
                      <>
                        <Input
                          {...control}
                          name="tags"
                          list="post-tag-list"
                          value={tags}
                          onChange={(event) => setTags(event.target.value)}
                          autoComplete="off"
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
                  onImage={setCover}
                  onAlt={setCoverAlt}
                />
                <section
                  aria-labelledby="seo-heading"
                  className="space-y-4 border-t border-slate-200 pt-5"
                >
                  <h2 id="seo-heading" className="font-display text-xl font-bold text-ink">
                    Search and link previews
                  </h2>
                  <SeoPanel
                    initial={{ seoTitle: initial.seoTitle, seoDescription: initial.seoDescription }}
                    errors={errors}
                    title={title}
                    excerpt={excerpt}
                    previewHtml={previewHtml}
                    slug={slug}
                    origin={origin}
                    cover={cover}
                  />
                </section>
              </div>
            </details>
          </div>
          <PublishControls
            timeZone={loaderData.timeZone}
            post={post}
            busy={busy}
            publishAtError={errors.publishAt}
            // A new post's page opens at its top, where its notice is.
            done={outcome?.ok ? outcome.message : undefined}
            problem={
              refused ? (
                <>
                  <p>
                    {faultsShown
                      ? "Not saved: see the marked fields."
                      : refused.fields
                        ? "Not saved yet: save again."
                        : "Not saved: see the message at the top of the page."}
                  </p>
                  <FaultLinks errors={errors} />
                </>
              ) : null
            }
          />
          <p className="text-sm text-ink-soft">
            {dirty ? "Unsaved changes." : post ? "All changes saved." : "Not saved yet."}
            {canAutosave ? " Drafts save themselves every 10 seconds." : ""} Ctrl+S (⌘S) saves.
          </p>
          <EditorShortcuts />
        </Panel>
        {focused ? null : (
          <PostPreview
            title={title}
            excerpt={excerpt}
            author={author}
            date={loaderData.previewDate}
            readTime={readTimeFor(words)}
            cover={cover}
            coverAlt={coverAlt}
            html={previewHtml}
            refused={preview?.refused}
            removed={preview?.removed ?? []}
            nowhere={preview?.nowhere ?? []}
            markdown={countedMarkdown}
            caretLine={caretLine}
            shown={pane === "preview"}
            hiddenOnPhones={pane === "write"}
          />
        )}
      </Form>
      {post && !focused ? (
        <RevisionsPanel
          post={post}
          revisions={loaderData.revisions}
          revision={loaderData.revision}
          onSubmit={onSubmit}
        />
      ) : null}
    </AdminPage>
  );
}
