import { type RefObject, useEffect, useRef, useState } from "react";
import {
  data,
  Form,
  isRouteErrorResponse,
  redirect,
  useNavigation,
  useRouteError,
} from "react-router";
import { answerWithHeaders } from "#app/.server/auth/guard.ts";
import { fieldsOf, postStatus } from "#app/.server/blog/post-store.ts";
import { savedPostArticle } from "#app/.server/blog/posts.ts";
import { findPreviewedPost, isPreviewToken } from "#app/.server/blog/preview-links.ts";
import {
  quotesChangedSince,
  signOffForm,
  signOffPost,
  signOffsThrough,
} from "#app/.server/blog/sign-off.ts";
import { requireApp } from "#app/.server/context.ts";
import { checkForm, readFormData, refuseForm } from "#app/.server/http/form-data.ts";
import { PostArticle } from "#app/components/blog/post-article.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { Field, Input, Notice, Textarea } from "#app/components/ui/field.tsx";
import { site } from "#app/content/site.ts";
import { postPath } from "#app/lib/blog.ts";
import type { FormAnswer } from "#app/lib/form-answer.ts";
import { formatMoment } from "#app/lib/format-date.ts";
import { signOffLabels, signOffLimits } from "#app/lib/posts.ts";
import { shortPassage } from "#app/lib/quoted-passages.ts";
import type { Route } from "./+types/preview.$token";

// A post shared before it is published (app/.server/blog/preview-links.ts): its saved version
// in the public page's frame, for whoever has the link, without signing in. Never cached,
// never indexed, and no address of it is passed on to the sites its links lead to.

const previewHeaders = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

/** Every answer of the page, a 404 or a redirect included, carries the headers above. */
export const middleware: Route.MiddlewareFunction[] = [
  (_args, next) =>
    answerWithHeaders(next, (headers) => {
      for (const [name, value] of Object.entries(previewHeaders)) headers.set(name, value);
    }),
];

/** A refusal's Retry-After (a link that has taken its notes for the hour) reaches the reader. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = requireApp(context);
  const row = await findPreviewedPost(app.database.db, params.token);
  if (!row) throw data(null, { status: 404 });
  const status = postStatus(row);
  // Live: the link leads to the post's own address.
  if (status === "published") throw redirect(postPath(row.slug));
  const article = await savedPostArticle(app, row);
  const notes = await signOffsThrough(app.database.db, params.token);
  // What the reader quoted, and whether the writer has changed it since.
  const quoted = await quotesChangedSince(app.database.db, row.id, fieldsOf(row).markdown, notes);
  return {
    goesLive: status === "scheduled" && row.publishAt ? formatMoment(row.publishAt) : null,
    article,
    notes: notes.map((note) => ({
      id: note.id,
      verdict: note.verdict,
      name: note.name,
      comment: note.comment,
      at: formatMoment(note.createdAt),
      editedSince: note.editedSince,
      quoted: quoted.get(note.id) ?? [],
    })),
  };
}

type SignOffField = "name" | "comment";

/** The reader approves the post or asks for changes (app/.server/blog/sign-off.ts). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const app = requireApp(context);
  if (!isPreviewToken(params.token)) throw data(null, { status: 404 });
  // A name and 4,000 characters, written in any script, fit well within this.
  const form = checkForm(await readFormData(request, { maxBytes: 32_768 }), signOffForm);
  if (!form.ok) {
    const { intent, ...fields } = form.fields;
    return refuseForm<SignOffField>(
      intent ?? "Not sent: put right what is marked below, then send it again.",
      { fields, values: form.values },
    );
  }
  const answer = await signOffPost(app.database.db, {
    token: params.token,
    form: form.data,
    siteUrl: app.env.SITE_URL,
  });
  if (!answer.ok && answer.reason === "no link") {
    return refuseForm<SignOffField>(
      "Not sent: this preview link was turned off or replaced meanwhile. Copy what you wrote, and ask the person who sent the link for the current one.",
      { status: 404, values: form.values },
    );
  }
  if (!answer.ok) {
    const minutes = Math.ceil(answer.retryAfterSeconds / 60);
    return refuseForm<SignOffField>(
      `Not sent: this link has taken many notes in the last hour. Send yours again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}.`,
      {
        status: 429,
        values: form.values,
        headers: { "Retry-After": String(answer.retryAfterSeconds) },
      },
    );
  }
  app.kickMail();
  const { name, verdict } = answer.signOff;
  return {
    ok: true,
    message:
      verdict === "approved"
        ? `Thank you, ${name}: your approval has reached ${site.name}.`
        : `Thank you, ${name}: your comments have reached ${site.name}. The writer will send you the post again once it is changed.`,
  } satisfies FormAnswer<SignOffField>;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `Preview: ${loaderData.article.post.title} | ${site.name}`
      : `Preview not found | ${site.name}`,
  },
  { name: "robots", content: "noindex, nofollow" },
];

export default function PostPreview({ loaderData, actionData }: Route.ComponentProps) {
  const { goesLive } = loaderData;
  return (
    <>
      <aside aria-label="Preview" className="border-b border-amber-300 bg-amber-50">
        <Container className="py-3 text-sm text-amber-950">
          <p>
            <strong>
              {goesLive
                ? `A preview: this post goes live ${goesLive}.`
                : "A preview: this post is not published yet."}
            </strong>{" "}
            {`${site.name} shared it with you to read before it is. Please do not pass the link on.`}{" "}
            <a href="#sign-off" className="font-semibold underline">
              Approve it or ask for changes
            </a>
          </p>
        </Container>
      </aside>
      <PostArticle
        {...loaderData.article}
        bodyId="post-body"
        afterBody={<SignOff notes={loaderData.notes} answer={actionData} />}
      />
    </>
  );
}

/** Under the post: the reader's form to sign it off, and what was said on this link. */
function SignOff({
  notes,
  answer,
}: {
  notes: Route.ComponentProps["loaderData"]["notes"];
  answer: FormAnswer<SignOffField> | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const form = useRef<HTMLFormElement>(null);
  const answered = useRef<HTMLDivElement>(null);
  // A note sent: the form is empty again, and the answer is where the focus goes.
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) form.current?.reset();
    answered.current?.focus();
  }, [answer]);
  const kept = answer?.ok === false ? answer.values : undefined;
  const fault = answer?.ok === false ? answer.fields : undefined;
  return (
    <section
      id="sign-off"
      aria-labelledby="sign-off-heading"
      className="mt-12 scroll-mt-24 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:p-8"
    >
      <QuoteSelection form={form} />
      <h2 id="sign-off-heading" className="font-display text-2xl font-bold text-ink">
        Sign this post off
      </h2>
      <p className="mt-2 text-ink-soft">
        {`Tell ${site.name} whether it can go live as it reads here, or what should change. Your note goes to the writer who shared this link, with the version you read.`}
      </p>
      {answer ? (
        <Notice
          ref={answered}
          tabIndex={-1}
          tone={answer.ok ? "success" : "error"}
          className="mt-6"
        >
          {answer.message}
        </Notice>
      ) : null}
      <Form ref={form} method="post" preventScrollReset noValidate className="mt-6 space-y-5">
        <Field id="sign-off-name" label="Your name" error={fault?.name}>
          {(control) => (
            <Input
              {...control}
              name="name"
              autoComplete="name"
              required
              maxLength={signOffLimits.name}
              defaultValue={kept?.name}
              className="mt-2 max-w-sm"
            />
          )}
        </Field>
        <Field
          id="sign-off-comment"
          label="Comments"
          hint="What to change, cut or add; optional when you approve."
          error={fault?.comment}
        >
          {(control) => (
            <Textarea
              {...control}
              name="comment"
              rows={5}
              maxLength={signOffLimits.comment}
              defaultValue={kept?.comment}
              className="mt-2"
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="approve" disabled={Boolean(sending)}>
            {sending === "approve" ? "Sending…" : "Approve for publishing"}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="changes"
            variant="outline"
            disabled={Boolean(sending)}
          >
            {sending === "changes" ? "Sending…" : "Ask for changes"}
          </Button>
        </div>
      </Form>
      {notes.length > 0 ? (
        <div className="mt-10">
          <h3 className="text-lg font-bold text-ink">Sent from this link</h3>
          <ol className="mt-3 space-y-4">
            {notes.map((note) => (
              <li key={note.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <p className="text-sm text-ink-soft">
                  <strong className="text-ink">{signOffLabels[note.verdict]}</strong>
                  {` by ${note.name}, ${note.at}`}
                  {note.editedSince ? " · the post was edited since" : ""}
                </p>
                {note.comment ? (
                  <p className="mt-2 whitespace-pre-line text-ink [overflow-wrap:anywhere]">
                    {note.comment}
                  </p>
                ) : null}
                {note.quoted.length > 0 ? (
                  <ul aria-label="What you quoted, since" className="mt-2 space-y-1 text-sm">
                    {note.quoted.map(({ text, changed }) => (
                      <li key={text} className="[overflow-wrap:anywhere]">
                        <span
                          className={changed ? "font-semibold text-green-800" : "text-ink-soft"}
                        >
                          {changed ? "Changed since: " : "Not changed yet: "}
                        </span>
                        “{shortPassage(text)}”
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Anything but a link that opens nothing is the site's error page's to say.
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <Container className="py-16">
      <h1 className="font-display text-3xl font-bold text-ink">This preview link does not work</h1>
      <p className="mt-4 max-w-prose text-ink-soft">
        It was turned off, replaced by a newer link, or mistyped. Ask the person who sent it for the
        current one.
      </p>
    </Container>
  );
}

/** The longest passage a quote carries into the comments (the rest is cut with "…"). */
const QUOTE_MAX = 300;

/**
 * Text selected in the post gets a "Comment on this" button under it, which quotes the
 * passage in the comments box and puts the caret after it, as a reviewer marks a draft in a
 * shared document. Only with a pointer's or a finger's selection; the comments box takes
 * quotes typed by hand all the same.
 */
function QuoteSelection({ form }: { form: RefObject<HTMLFormElement | null> }) {
  const [quote, setQuote] = useState<{ text: string; top: number; left: number } | null>(null);
  useEffect(() => {
    let frame = 0;
    const look = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const selection = document.getSelection();
        const body = document.getElementById("post-body");
        const range = selection && !selection.isCollapsed ? selection.getRangeAt(0) : null;
        const text = selection?.toString().replace(/\s+/g, " ").trim() ?? "";
        if (!range || !body?.contains(range.commonAncestorContainer) || !text) {
          setQuote(null);
          return;
        }
        // Where the passage ends on the screen (the button follows it as the page scrolls).
        const box = range.getBoundingClientRect();
        setQuote({
          text: text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1)}…` : text,
          top: box.bottom + 8,
          left: Math.max(8, Math.min(box.left, window.innerWidth - 200)),
        });
      });
    };
    document.addEventListener("selectionchange", look);
    window.addEventListener("scroll", look, { passive: true });
    window.addEventListener("resize", look);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("selectionchange", look);
      window.removeEventListener("scroll", look);
      window.removeEventListener("resize", look);
    };
  }, []);
  if (!quote) return null;
  // Fixed to the screen, so where it sits in the page does not matter: in the sign-off
  // section, whose form it fills. (No portal: react-dom's own chunk stays the entry's.)
  return (
    <button
      type="button"
      style={{ position: "fixed", top: quote.top, left: quote.left }}
      className="z-30 min-h-11 rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white shadow-lg hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      // Keeps the selection (and the button) while it is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        const comments = form.current?.elements.namedItem("comment");
        if (!(comments instanceof HTMLTextAreaElement)) return;
        const before = comments.value.trimEnd();
        comments.value = `${before ? `${before}\n\n` : ""}“${quote.text}”\n`;
        document.getSelection()?.removeAllRanges();
        setQuote(null);
        comments.focus();
        comments.setSelectionRange(comments.value.length, comments.value.length);
        comments.scrollIntoView({ block: "center" });
      }}
    >
      Comment on this
    </button>
  );
}
