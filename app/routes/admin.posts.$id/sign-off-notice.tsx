import { TextSearch } from "lucide-react";
import { useDeferredValue, useMemo } from "react";
import { href, Link } from "react-router";
import { Notice } from "#app/components/admin/ui.tsx";
import type { SignOffVerdict } from "#app/lib/posts.ts";
import { passageFinder, quotedPassages, shortPassage } from "#app/lib/quoted-passages.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

export type LatestSignOff = {
  verdict: SignOffVerdict;
  name: string;
  comment: string;
  /** When, in the reader's time zone, as words. */
  at: string;
  /** Whether the post was saved again after the note. */
  editedSince: boolean;
};

/**
 * The latest note sent from the post's preview link, above the editor while the post is not
 * live. Each passage the note quotes (as Comment on this writes them) gets a button that
 * selects it in the text, or says that it is no longer there; the buttons need the page's
 * scripts, and come with them.
 */
export function SignOffNotice({
  postId,
  signOff,
  markdown,
  onShow,
}: {
  postId: number;
  signOff: LatestSignOff;
  /** The text as it is now (the writer may have changed the passage since). */
  markdown: string;
  /** Selects the passage in the text; says whether it was found. */
  onShow: (passage: string) => boolean;
}) {
  const hydrated = useHydrated();
  const passages = useMemo(() => quotedPassages(signOff.comment), [signOff.comment]);
  // Looked for again as the writer types, without holding up the keys.
  const text = useDeferredValue(markdown);
  const found = useMemo(() => {
    if (passages.length === 0) return [];
    const find = passageFinder(text);
    return passages.map((passage) => ({ passage, there: find(passage) !== null }));
  }, [passages, text]);
  return (
    <Notice tone={signOff.verdict === "approved" ? "success" : "info"}>
      <p>
        <strong>
          {signOff.verdict === "approved"
            ? `${signOff.name} approved this post`
            : `${signOff.name} asked for changes`}
        </strong>
        {` through the preview link, ${signOff.at}`}
        {signOff.editedSince ? " (it has been edited since)." : "."}{" "}
        <Link
          to={href("/admin/posts/:id/share", { id: String(postId) })}
          className="font-semibold underline"
        >
          Every note on it
        </Link>
      </p>
      {signOff.comment ? (
        <p className="mt-2 line-clamp-4 max-w-prose whitespace-pre-line [overflow-wrap:anywhere]">
          {signOff.comment}
        </p>
      ) : null}
      {hydrated && found.length > 0 ? (
        <ul aria-label="Passages the note quotes" className="mt-3 flex flex-wrap gap-2">
          {found.map(({ passage, there }) => (
            <li key={passage} className="max-w-full">
              {there ? (
                <button
                  type="button"
                  onClick={() => onShow(passage)}
                  className="inline-flex min-h-11 max-w-full items-center gap-2 rounded-full border border-slate-300 bg-white px-4 py-1 text-left text-sm font-semibold text-ink hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  <TextSearch aria-hidden="true" className="size-4 shrink-0" />
                  <span className="[overflow-wrap:anywhere]">
                    Show “{shortPassage(passage)}” in the text
                  </span>
                </button>
              ) : (
                <span className="inline-flex min-h-11 items-center text-sm [overflow-wrap:anywhere]">
                  “{shortPassage(passage)}” is no longer in the text
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </Notice>
  );
}
