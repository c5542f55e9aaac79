import { ExternalLink as ExternalLinkIcon, Play } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { buttonClass } from "#app/components/button-link.tsx";
import { ExternalLink } from "#app/components/external-link.tsx";
import type { EmbeddedPost } from "#app/content/content-examples.ts";

export type PostCardCopy = {
  loadPost: string;
  viewOnLinkedIn: string;
  /** Read after the visible button text, for screen readers: " by Mara", ": post by Mara". */
  loadPostSuffix: (author: string) => string;
  viewOnLinkedInSuffix: (author: string) => string;
  embedTitle: (author: string) => string;
};

/** Fisher–Yates on a copy. */
function shuffled<T>(items: readonly T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

/**
 * The posts in a new random order on every load (SPEC.md §4), without a visible reshuffle.
 *
 * The page is prerendered, so the server cannot shuffle per request, and the CSP rules out a
 * custom inline script that could shuffle before first paint. So:
 * - The HTML has every post in a stable order (readable by crawlers and without JavaScript),
 *   inside a grid that is present and sized but transparent (`opacity: 0`, never
 *   `display: none`, so nothing around it moves when it appears).
 * - On hydration, a layout effect shuffles the real DOM order (so focus and reading order
 *   match what is seen, unlike CSS `order`) and reveals the grid in the same commit, before
 *   the browser paints: the first order a visitor sees is the final one.
 * - If JavaScript never runs, a CSS animation reveals the stable order after a short delay
 *   (app.css, .post-grid-pending). If it runs only after that, the visible order is kept rather
 *   than moving cards under the visitor's eyes.
 * On a client-side navigation the component mounts fresh and the same effect runs before
 * the first paint. All cards share one fixed height, so loading an embed moves nothing.
 */
export function ShuffledPostGrid({
  posts,
  copy,
  labelledBy,
}: {
  posts: readonly EmbeddedPost[];
  copy: PostCardCopy;
  labelledBy: string;
}) {
  const [order, setOrder] = useState<readonly EmbeddedPost[] | null>(null);
  const grid = useRef<HTMLUListElement>(null);

  useLayoutEffect(() => {
    const element = grid.current;
    const alreadyVisible = element !== null && getComputedStyle(element).opacity !== "0";
    setOrder(alreadyVisible ? posts : shuffled(posts));
  }, [posts]);

  return (
    <ul
      ref={grid}
      aria-labelledby={labelledBy}
      data-shuffled={order ? "true" : "false"}
      className={`grid gap-6 md:grid-cols-2 ${order ? "" : "post-grid-pending"}`}
    >
      {(order ?? posts).map((post) => (
        <li key={post.originalUrl}>
          <PostCard post={post} copy={copy} />
        </li>
      ))}
    </ul>
  );
}

function initials(name: string): string {
  const words = name.replace(/^Dr\.\s+/, "").split(/\s+/);
  return `${words[0]?.[0] ?? ""}${words.at(-1)?.[0] ?? ""}`;
}

/** A local preview (author and excerpt) until the visitor asks LinkedIn for the real post. */
function PostCard({ post, copy }: { post: EmbeddedPost; copy: PostCardCopy }) {
  const [loaded, setLoaded] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  // The Load post button disappears; keep keyboard focus on what replaced it.
  useEffect(() => {
    if (loaded) frame.current?.focus();
  }, [loaded]);
  return (
    <article
      aria-label={post.author}
      className="flex h-[32rem] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {loaded ? (
        <iframe
          ref={frame}
          src={post.embedUrl}
          title={copy.embedTitle(post.author)}
          className="min-h-0 w-full flex-1 border-0"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <div className="flex min-h-0 flex-1 flex-col p-6">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
            >
              {initials(post.author)}
            </span>
            <div>
              <p className="font-bold">{post.author}</p>
              <p className="text-sm text-ink-soft">{post.role}</p>
            </div>
          </div>
          <p className="mt-5 line-clamp-8 text-lg leading-relaxed text-ink">{post.excerpt}</p>
          <button
            type="button"
            onClick={() => setLoaded(true)}
            className={buttonClass("outline", "mt-auto self-start")}
          >
            <Play aria-hidden="true" className="h-4 w-4" />
            {copy.loadPost}
            <span className="sr-only">{copy.loadPostSuffix(post.author)}</span>
          </button>
        </div>
      )}
      <div className="border-t border-slate-200 p-4">
        <ExternalLink href={post.originalUrl} className={buttonClass("primary", "w-full")}>
          {copy.viewOnLinkedIn}
          <span className="sr-only">{copy.viewOnLinkedInSuffix(post.author)}</span>
          <ExternalLinkIcon aria-hidden="true" className="h-4 w-4" />
        </ExternalLink>
      </div>
    </article>
  );
}
