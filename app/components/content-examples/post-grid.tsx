import { ExternalLink as ExternalLinkIcon, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "#app/components/button-link.tsx";
import { ExternalLink } from "#app/components/external-link.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card } from "#app/components/ui/card.tsx";
import type { EmbeddedPost } from "#app/content/content-examples.ts";

export type PostCardCopy = {
  loadPost: string;
  viewOnLinkedIn: string;
  /** Read after the visible button text, for screen readers: " by Mara", ": post by Mara". */
  loadPostSuffix: (author: string) => string;
  viewOnLinkedInSuffix: (author: string) => string;
  embedTitle: (author: string) => string;
};

/**
 * The posts in the order given. The route shuffles them on the server for every request,
 * so the first paint already shows the final order and hydration keeps it. All cards share
 * one fixed height, so loading an embed moves nothing.
 */
export function PostGrid({
  posts,
  copy,
  labelledBy,
}: {
  posts: readonly EmbeddedPost[];
  copy: PostCardCopy;
  labelledBy: string;
}) {
  return (
    <ul aria-labelledby={labelledBy} className="grid gap-6 md:grid-cols-2">
      {posts.map((post) => (
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
    <Card
      as="article"
      padding="none"
      aria-label={post.author}
      className="flex h-[32rem] flex-col overflow-hidden"
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
          <Button variant="outline" onClick={() => setLoaded(true)} className="mt-auto self-start">
            <Play aria-hidden="true" className="h-4 w-4" />
            {copy.loadPost}
            <span className="sr-only">{copy.loadPostSuffix(post.author)}</span>
          </Button>
        </div>
      )}
      <div className="border-t border-slate-200 p-4">
        <ExternalLink href={post.originalUrl} className={buttonClass("primary", "w-full")}>
          {copy.viewOnLinkedIn}
          <span className="sr-only">{copy.viewOnLinkedInSuffix(post.author)}</span>
          <ExternalLinkIcon aria-hidden="true" className="h-4 w-4" />
        </ExternalLink>
      </div>
    </Card>
  );
}
