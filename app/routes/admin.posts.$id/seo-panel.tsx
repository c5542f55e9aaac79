import { useState } from "react";
import { CoverThumbnail } from "#app/components/admin/cover-image.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { site } from "#app/content/site.ts";
import type { ImageRef } from "#app/lib/images.ts";
import { seoLimits } from "#app/lib/posts.ts";
import { titleWithSite } from "#app/lib/seo.ts";

/** "42 / 60": how much of the field search results show, red past it. */
function Counter({ length, shown, id }: { length: number; shown: number; id: string }) {
  return (
    <p
      id={id}
      className={cn("text-sm tabular-nums", length > shown ? "text-red-800" : "text-ink-soft")}
    >
      {length > shown
        ? `${length} characters: about ${shown} show, the rest is cut`
        : `${length} of about ${shown} characters shown`}
    </p>
  );
}

/** Cut as a search result cuts: at a word, with an ellipsis. */
const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  "#x27": "'",
};

/**
 * The first paragraph of the post's text, as plain text: what the page's description is
 * when neither a meta description nor an excerpt is written (the server takes the same
 * paragraph, cut to 155 characters).
 */
export function firstLinesOf(html: string): string {
  const paragraph = /<p\b[^>]*>([\s\S]*?)<\/p>/i.exec(html)?.[1] ?? "";
  const text = paragraph
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity, name: string) => entities[name] ?? entity)
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= 155 ? text : `${text.slice(0, 155).replace(/\s+\S*$/, "")}…`;
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).replace(/\s+\S*$/, "")} …`;
}

/**
 * The post's title and description for search results and link previews (both optional:
 * empty, the post's title and excerpt are used), with how a search result and a LinkedIn
 * card would show them, as they are typed.
 */
export function SeoPanel({
  initial,
  errors,
  title,
  excerpt,
  previewHtml,
  slug,
  origin,
  cover,
}: {
  initial: { seoTitle: string; seoDescription: string };
  errors: Partial<Record<"seoTitle" | "seoDescription", string>>;
  title: string;
  excerpt: string;
  /** The text as the preview shows it (cleaned by the server): its first lines, without an excerpt. */
  previewHtml: string;
  slug: string;
  origin: string;
  /** The post's cover, which its link-preview card shows. */
  cover: Omit<ImageRef, "alt"> | null;
}) {
  const [seoTitle, setSeoTitle] = useState(initial.seoTitle);
  const [seoDescription, setSeoDescription] = useState(initial.seoDescription);
  const shownTitle = titleWithSite(seoTitle.trim() || title.trim() || "Untitled post", site.name);
  const shownDescription =
    seoDescription.trim() ||
    excerpt.trim() ||
    firstLinesOf(previewHtml) ||
    "The first lines of the post's text.";
  const host = origin.replace(/^https?:\/\//, "");
  return (
    <div className="space-y-5">
      <Field
        id="post-seo-title"
        label="SEO title (optional)"
        hint="For search results and link previews; empty, the post's title."
        error={errors.seoTitle}
      >
        {(control) => (
          <>
            <Input
              {...control}
              name="seoTitle"
              maxLength={seoLimits.title.max}
              value={seoTitle}
              onChange={(event) => setSeoTitle(event.currentTarget.value)}
              autoComplete="off"
            />
            <Counter
              length={seoTitle.trim().length}
              shown={seoLimits.title.shown}
              id="post-seo-title-count"
            />
          </>
        )}
      </Field>
      <Field
        id="post-seo-description"
        label="Meta description (optional)"
        hint="One or two sentences that make a reader click; empty, the excerpt."
        error={errors.seoDescription}
      >
        {(control) => (
          <>
            <Textarea
              {...control}
              name="seoDescription"
              rows={3}
              maxLength={seoLimits.description.max}
              value={seoDescription}
              onChange={(event) => setSeoDescription(event.currentTarget.value)}
            />
            <Counter
              length={seoDescription.trim().length}
              shown={seoLimits.description.shown}
              id="post-seo-description-count"
            />
          </>
        )}
      </Field>
      <div className="grid gap-5">
        <figure className="min-w-0 space-y-2">
          <figcaption className="text-sm font-semibold text-ink-soft">In search results</figcaption>
          <div className="rounded-xl border border-slate-200 bg-white p-4 font-sans">
            <p className="truncate text-sm text-slate-600">{`${host} › blog › ${slug || "your-post"}`}</p>
            <p className="mt-1 text-lg leading-snug text-[#1a0dab] [overflow-wrap:anywhere]">
              {cut(shownTitle, seoLimits.title.shown)}
            </p>
            <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">
              {cut(shownDescription, seoLimits.description.shown)}
            </p>
          </div>
        </figure>
        <figure className="min-w-0 space-y-2">
          <figcaption className="text-sm font-semibold text-ink-soft">
            Shared on LinkedIn
          </figcaption>
          <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            {/* The card the site draws for the post: its title on the brand's blue, and its
                cover in a strip on the right when it has one: 440 of its 1200 px. */}
            <div className="flex aspect-[1200/630] bg-brand-800">
              <p className="flex min-w-0 flex-1 items-end p-4 font-display text-lg font-bold text-white [overflow-wrap:anywhere]">
                {cut(title.trim() || "Untitled post", 90)}
              </p>
              {cover ? (
                <div className="w-[36.67%] shrink-0 [&_img]:h-full [&_img]:max-h-none [&_img]:w-full [&_img]:object-cover">
                  <CoverThumbnail image={cover} alt="" />
                </div>
              ) : null}
            </div>
            <div className="bg-slate-50 p-3">
              <p className="line-clamp-2 font-semibold text-ink [overflow-wrap:anywhere]">
                {shownTitle}
              </p>
              <p className="mt-1 text-sm text-slate-600">{host}</p>
            </div>
          </div>
        </figure>
      </div>
    </div>
  );
}
