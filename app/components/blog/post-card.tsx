import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CoverPicture } from "#app/components/blog/cover-picture.tsx";
import { PostMeta } from "#app/components/blog/post-meta.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { type PostSummary, postPath } from "#app/lib/blog.ts";

/** Cards: two to a row within the list's column from 768 px (a third of the page's container at 1024 px and up). */
const CARD_IMAGE_SIZES = "(min-width: 1024px) 22rem, (min-width: 768px) 50vw, 100vw";

/**
 * One post in the listing. The Read more link covers the whole card (one link per card for
 * screen readers, a large target for fingers) and names the post it opens.
 */
export function PostCard({
  post,
  readMore,
  lazy = false,
}: {
  post: PostSummary;
  /** Its cover is below the first screen. */
  lazy?: boolean;
  /** Visible "Read more"; `about` joins it to the title for screen readers. */
  readMore: { label: string; about: string };
}) {
  return (
    <Card
      as="article"
      padding="roomy"
      className="relative flex h-full flex-col transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md"
    >
      {post.cover ? (
        // Edge to edge at the top of the card, cropped to one shape so the cards line up.
        <div className="-mx-6 -mt-6 mb-6 overflow-hidden rounded-t-2xl sm:-mx-8 sm:-mt-8">
          <CoverPicture
            image={post.cover}
            sizes={CARD_IMAGE_SIZES}
            lazy={lazy}
            className="aspect-[16/9] object-cover"
          />
        </div>
      ) : null}
      <h3 className="font-display text-2xl leading-snug font-bold text-ink">{post.title}</h3>
      <PostMeta date={post.date} readTime={post.readTime} author={post.author} className="mt-3" />
      <p className="mt-4 flex-1 leading-relaxed text-ink-soft">{post.excerpt}</p>
      <Link
        to={postPath(post.slug)}
        className="mt-6 inline-flex min-h-11 items-center gap-2 self-start font-semibold text-brand-700 after:absolute after:inset-0 after:rounded-2xl hover:text-brand-800 hover:underline"
      >
        {readMore.label}
        <span className="sr-only">{` ${readMore.about} ${post.title}`}</span>
        <ArrowRight aria-hidden="true" className="h-4 w-4" />
      </Link>
    </Card>
  );
}
