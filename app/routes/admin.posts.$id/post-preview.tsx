import { useEffect, useMemo, useRef } from "react";
import { CoverThumbnail } from "#app/components/admin/cover-image.tsx";
import { anchorFor, offsetFor } from "#app/components/admin/preview-sync.ts";
import { Panel } from "#app/components/admin/ui.tsx";
import { PostMeta } from "#app/components/blog/post-meta.tsx";
import { cn } from "#app/components/ui/cn.ts";
import type { ImageRef } from "#app/lib/images.ts";
import { withScrollingTables } from "#app/lib/post-tables.ts";
import { articleProseClass, nestHeadings } from "./article-prose.ts";

/**
 * The post as readers will see it, in the post page's order: title, the excerpt written for
 * it (one made from the text is not shown there either), date, read time and author, cover,
 * then the text after the server's cleaning. Beside the text from 1024 px, it stays in view and scrolls
 * its body to the part around the caret; on a phone it shows in place of the text, at the
 * part the writer was at.
 */
export function PostPreview({
  title,
  excerpt,
  author,
  date,
  readTime,
  cover,
  coverAlt,
  html,
  refused,
  removed,
  nowhere,
  markdown,
  caretLine,
  shown,
  hiddenOnPhones,
}: {
  title: string;
  /** As typed: blank means the page shows none (it makes one from the text for cards). */
  excerpt: string;
  author: string;
  /** The date readers will see (yyyy-mm-dd). */
  date: string;
  readTime: string;
  cover: Omit<ImageRef, "alt"> | null;
  coverAlt: string;
  html: string;
  refused: string | undefined;
  /** What the sanitiser leaves out of the text as it stands ("<script>", "onclick on <span>"). */
  removed: readonly string[];
  /** The site's own paths the text links to that have no page ("/blog/mistyped"). */
  nowhere: readonly string[];
  markdown: string;
  /** The caret's line in the text, or null before the writer has been in it. */
  caretLine: number | null;
  /** Whether a phone shows the preview now (it was just switched to). */
  shown: boolean;
  hiddenOnPhones: boolean;
}) {
  const box = useRef<HTMLElement>(null);
  const body = useRef<HTMLDivElement>(null);
  // Made again only when the server's HTML changes, not at every move of the caret.
  const shownHtml = useMemo(() => withScrollingTables(nestHeadings(html, 2)), [html]);
  const anchor = caretLine === null ? null : anchorFor(markdown, caretLine);
  const heading = anchor?.heading;
  const fraction = anchor?.fraction;
  // Its own scroll box beside the text: the caret's part a third of the way down.
  const follow = useRef<() => void>(() => {});
  follow.current = () => {
    const article = box.current;
    if (!article || heading === undefined || fraction === undefined) return;
    if (article.scrollHeight <= article.clientHeight + 1) return;
    const offset = offsetFor(article, { heading, fraction });
    article.scrollTo({ top: Math.max(0, offset - article.clientHeight / 3) });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the caret and each new preview
  useEffect(() => follow.current(), [heading, fraction, html]);
  // And again when the text's height changes under it (fonts, images arriving).
  useEffect(() => {
    const content = body.current;
    if (!content) return;
    const observer = new ResizeObserver(() => follow.current());
    observer.observe(content);
    return () => observer.disconnect();
  }, []);
  // On a phone, switched to the preview: the page opens at the part the writer was at.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per switch
  useEffect(() => {
    const article = box.current;
    if (!shown || !article || heading === undefined || fraction === undefined) return;
    if (article.scrollHeight > article.clientHeight + 1) return;
    const top =
      article.getBoundingClientRect().top +
      window.scrollY +
      offsetFor(article, { heading, fraction });
    window.scrollTo({ top: Math.max(0, top - window.innerHeight / 3) });
  }, [shown]);

  return (
    <Panel
      title="Preview"
      id="preview-heading"
      // Beside the text from 1024 px, kept in view while the writer scrolls.
      className={cn("lg:sticky lg:top-4 lg:self-start", hiddenOnPhones && "max-lg:hidden")}
    >
      <p className="text-sm text-ink-soft">
        As the post page will show it, after the same cleaning.
      </p>
      <div className="mt-4 space-y-3 border-b border-slate-200 pb-4">
        <p className="font-display text-2xl font-bold text-ink [overflow-wrap:anywhere]">
          {title.trim() || "Untitled post"}
        </p>
        {excerpt.trim() ? (
          <p className="text-ink-soft [overflow-wrap:anywhere]">{excerpt.trim()}</p>
        ) : null}
        <PostMeta date={date} readTime={readTime} author={author.trim() || "No author"} />
        {cover ? (
          <div className="[&_img]:max-h-40 [&_img]:w-full [&_img]:object-cover">
            <CoverThumbnail image={cover} alt={coverAlt} />
          </div>
        ) : null}
      </div>
      {refused ? (
        <p role="alert" className="mt-4 text-sm font-medium text-red-800">
          {refused}
        </p>
      ) : null}
      {/* Said here, for as long as the text holds it, not again with each autosave. */}
      {removed.length > 0 ? (
        <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Not allowed in a post, so left out: {removed.join(", ")}. Readers get the rest, as shown
          here.
        </p>
      ) : null}
      {nowhere.length > 0 ? (
        <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 [overflow-wrap:anywhere]">
          {nowhere.length === 1
            ? "A link leads to no page of the site: "
            : "Links lead to no page of the site: "}
          {nowhere.map((path, index) => (
            <span key={path}>
              {index > 0 ? ", " : null}
              <code>{path}</code>
            </span>
          ))}
          . Readers would find “Page not found”; check the address (the link's suggestions list the
          site's pages and posts).
        </p>
      ) : null}
      <article
        ref={box}
        aria-labelledby="preview-heading"
        className="mt-4 lg:max-h-[calc(100vh-16rem)] lg:overflow-y-auto"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling preview must be reachable by keyboard
        tabIndex={0}
      >
        <div
          ref={body}
          className={articleProseClass}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by the server (app/.server/blog/post-html.ts)
          dangerouslySetInnerHTML={{ __html: shownHtml }}
        />
      </article>
    </Panel>
  );
}
