import { TextSearch } from "lucide-react";
import { useState } from "react";
import { data, Form, href, Link, useNavigation } from "react-router";
import { z } from "zod";
import { requireArea } from "#app/.server/auth/guard.ts";
import { fieldsOf, findPostRow, postStatus } from "#app/.server/blog/post-store.ts";
import { previewPath, sharePreview, stopPreview } from "#app/.server/blog/preview-links.ts";
import { signOffsOf } from "#app/.server/blog/sign-off.ts";
import { requireApp } from "#app/.server/context.ts";
import { acceptForm, parseForm, refuseForm } from "#app/.server/http/form-data.ts";
import { AdminPage, Notice, Panel } from "#app/components/admin/ui.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Field, Input } from "#app/components/ui/field.tsx";
import { postPath } from "#app/lib/blog.ts";
import { formatMoment } from "#app/lib/format-date.ts";
import { signOffLabels } from "#app/lib/posts.ts";
import { passageFinder, quotedPassages, shortPassage } from "#app/lib/quoted-passages.ts";
import { zoneOf } from "#app/lib/time-zone.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { Route } from "./+types/admin.posts.$id.share";

// A post's preview link, as Ghost shares a draft: the saved version, in the public page's
// frame, for someone without an account (the founder who signs the post off). The rules are
// in app/.server/blog/preview-links.ts; the page it opens is routes/preview.$token.tsx.

export const meta: Route.MetaFunction = () => [
  { title: "Share a preview | Northstory back office" },
];

function postId(param: string): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0 || String(id) !== param) {
    throw data(null, { status: 404 });
  }
  return id;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { user } = requireArea(context, "posts");
  const app = requireApp(context);
  const id = postId(params.id);
  const row = await findPostRow(app.database.db, id);
  if (!row) throw data(null, { status: 404 });
  const zone = zoneOf(user);
  // The passages each note quotes, and whether the text still has them.
  const find = passageFinder(fieldsOf(row).markdown);
  return {
    notes: (await signOffsOf(app.database.db, id)).map((note) => ({
      id: note.id,
      verdict: note.verdict,
      name: note.name,
      comment: note.comment,
      passages: quotedPassages(note.comment).map((text) => ({ text, there: find(text) !== null })),
      at: formatMoment(note.createdAt, zone),
      postVersion: note.postVersion,
      editedSince: note.editedSince,
    })),
    title: row.title || "Untitled post",
    editor: href("/admin/posts/:id", { id: String(id) }),
    live: postStatus(row) === "published" ? postPath(row.slug) : null,
    link: row.previewToken ? new URL(previewPath(row.previewToken), app.env.SITE_URL).href : null,
  };
}

const shareForm = z.object({
  intent: z.enum(["share", "stop"], { error: "Unknown action." }),
});

export async function action({ params, request, context }: Route.ActionArgs) {
  const { user } = requireArea(context, "posts");
  const db = requireApp(context).database.db;
  const id = postId(params.id);
  const form = await parseForm(request, shareForm);
  if (!form.ok) return refuseForm(form.fields.intent ?? "Unknown action.");
  if (form.data.intent === "stop") {
    if (!(await stopPreview(db, id))) throw data(null, { status: 404 });
    return acceptForm("Preview link turned off: it no longer opens the post.");
  }
  const before = await findPostRow(db, id);
  if (!before || !(await sharePreview(db, id, user.id))) throw data(null, { status: 404 });
  return acceptForm(
    before.previewToken
      ? "New preview link made: the one before no longer opens the post."
      : "Preview link made: anyone with it can read the post as last saved, until you turn it off.",
  );
}

export default function SharePreview({ loaderData, actionData }: Route.ComponentProps) {
  const { title, editor, live, link, notes } = loaderData;
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <AdminPage
      title="Share a preview"
      lead={`“${title}” as readers will see it, for someone without an account: the founder who signs it off, a colleague. They see the version last saved, each time they open the link, and nothing else of the back office.`}
      actions={
        <Link to={editor} className={buttonVariants({ variant: "outline", size: "small" })}>
          Back to the editor
        </Link>
      }
    >
      {actionData ? (
        <Notice tone={actionData.ok ? "success" : "error"}>{actionData.message}</Notice>
      ) : null}
      {live ? (
        <Notice tone="info">
          <p>
            This post is live at{" "}
            <a href={live} className="font-semibold underline">
              {live}
            </a>
            : a preview link leads there.
          </p>
        </Notice>
      ) : null}
      <Panel title="Preview link" id="link-heading">
        {link ? (
          <div className="space-y-4">
            <Field
              id="preview-link"
              label="Send this link"
              hint="It is not listed anywhere, and search engines are asked not to index it. Whoever has it can read the post: make a new one if it went further than it should."
            >
              {(control) => (
                <Input
                  {...control}
                  readOnly
                  value={link}
                  onFocus={(event) => event.currentTarget.select()}
                  className="mt-2 font-mono text-sm"
                />
              )}
            </Field>
            <div className="flex flex-wrap items-center gap-3">
              {hydrated ? (
                <Button
                  type="button"
                  size="small"
                  onClick={async () => {
                    try {
                      await navigator.clipboard.writeText(link);
                      setCopied("Copied.");
                    } catch {
                      setCopied("Not copied: select the link and copy it.");
                    }
                  }}
                >
                  Copy link
                </Button>
              ) : null}
              <a
                href={link}
                target="_blank"
                rel="noopener"
                className={buttonVariants({ variant: "outline", size: "small" })}
              >
                Open the preview<span className="sr-only"> (in a new tab)</span>
              </a>
              <p role="status" className="text-sm text-ink-soft">
                {copied}
              </p>
            </div>
            <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
              <Form method="post">
                <Button
                  type="submit"
                  name="intent"
                  value="share"
                  variant="outline"
                  size="small"
                  disabled={busy}
                >
                  Make a new link
                </Button>
              </Form>
              <Form method="post">
                <Button
                  type="submit"
                  name="intent"
                  value="stop"
                  variant="danger"
                  size="small"
                  disabled={busy}
                >
                  Turn off the link
                </Button>
              </Form>
            </div>
          </div>
        ) : (
          <div className="space-y-4">
            <p className="text-ink-soft">
              No link is shared. A link shows the post as it was last saved, whatever its state,
              without signing in; you can make a new one or turn it off at any time.
            </p>
            <Form method="post">
              <Button type="submit" name="intent" value="share" disabled={busy}>
                Make a preview link
              </Button>
            </Form>
          </div>
        )}
      </Panel>
      <Panel title="Sign-off" id="sign-off-heading">
        {notes.length === 0 ? (
          <p className="text-ink-soft">
            Nothing said yet. Under the post, the preview asks its reader to approve it or ask for
            changes, with their name; what they send is listed here and emailed to whoever made the
            link.
          </p>
        ) : (
          <ol className="divide-y divide-slate-200">
            {notes.map((note) => (
              <li key={note.id} className="py-4 first:pt-0 last:pb-0">
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span
                    className={cn(
                      "rounded-full px-2.5 py-0.5 text-sm font-semibold",
                      note.verdict === "approved"
                        ? "bg-green-100 text-green-900"
                        : "bg-amber-100 text-amber-950",
                    )}
                  >
                    {signOffLabels[note.verdict]}
                  </span>
                  <span className="font-semibold text-ink">{note.name}</span>
                  <span className="text-sm text-ink-soft">
                    {`${note.at} · version ${note.postVersion}`}
                    {note.editedSince ? " · edited since" : ""}
                  </span>
                </p>
                {note.comment ? (
                  <p className="mt-2 max-w-prose whitespace-pre-line text-ink [overflow-wrap:anywhere]">
                    {note.comment}
                  </p>
                ) : null}
                {note.passages.length > 0 ? (
                  <ul aria-label="Passages the note quotes" className="mt-2 space-y-1 text-sm">
                    {note.passages.map(({ text, there }) => (
                      <li key={text} className="[overflow-wrap:anywhere]">
                        {there ? (
                          <Link
                            to={`${editor}?${new URLSearchParams({ passage: text })}`}
                            className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline"
                          >
                            <TextSearch aria-hidden="true" className="size-4 shrink-0" />
                            Show “{shortPassage(text)}” in the editor
                          </Link>
                        ) : (
                          <span className="inline-flex min-h-11 items-center text-ink-soft">
                            “{shortPassage(text)}” is no longer in the text
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </Panel>
    </AdminPage>
  );
}
