import portraits from "virtual:portraits";
import { MessageCircle, Repeat2, ThumbsUp } from "lucide-react";
import { artPanel, artRoot } from "#app/components/art/frame.ts";
import { cn } from "#app/components/ui/cn.ts";

/**
 * The home page's hero art: a founder's LinkedIn post (a client's own words, from the
 * testimonials), the article it becomes, and what it did for the pipeline. On a phone only
 * the post and its result: the article joins from 640 px.
 */
export function PostToArticleArt() {
  return (
    <div
      role="img"
      aria-label="A founder's LinkedIn post, the long-form article it becomes, and the result: three of five enterprise deals mentioned the posts on the first call"
      className={artRoot}
    >
      <div className={cn(artPanel, "p-5 sm:mr-10")}>
        <div className="flex items-center gap-3">
          <img
            src={portraits["dana-whitfield"]}
            width={44}
            height={44}
            alt=""
            decoding="async"
            fetchPriority="low"
            className="h-11 w-11 rounded-full bg-brand-100"
          />
          <div className="text-sm leading-snug">
            <p className="font-semibold text-ink">Dana Whitfield</p>
            <p className="text-slate-600">Founder &amp; CEO, Ledgerline · 2d</p>
          </div>
        </div>
        <p className="mt-4 leading-relaxed text-ink">
          Three of our last five enterprise deals mentioned my posts on the first call.
        </p>
        <p className="mt-2 leading-relaxed text-ink-soft">
          What changed when I stopped writing like a brand and started writing like the person who
          answers the hard questions…
        </p>
        <p className="mt-4 flex items-center border-t border-slate-100 pt-3 text-sm text-slate-600">
          <span className="inline-flex w-20 items-center gap-1.5">
            <ThumbsUp aria-hidden="true" className="h-4 w-4" /> 1,284
          </span>
          <span className="inline-flex w-20 items-center gap-1.5">
            <MessageCircle aria-hidden="true" className="h-4 w-4" /> 96
          </span>
          <span className="inline-flex w-20 items-center gap-1.5">
            <Repeat2 aria-hidden="true" className="h-4 w-4" /> 41
          </span>
        </p>
      </div>
      <div className="relative -mt-4 ml-12 hidden rounded-2xl bg-ink p-5 text-white shadow-xl shadow-brand-900/20 sm:block">
        <p className="text-xs font-semibold tracking-wide text-accent-300 uppercase">
          Article · 6 min read
        </p>
        <p className="mt-2 font-display text-xl leading-snug font-bold">
          Why buyers trust founders before they trust brands
        </p>
        <p className="mt-2 text-sm text-slate-300">From Dana's March interview · 1 of 12 pieces</p>
      </div>
      <div className="relative -mt-4 mr-3 ml-auto w-64 rounded-xl bg-accent-400 px-4 py-2 text-ink shadow-lg sm:absolute sm:-top-5 sm:right-0 sm:mt-0 sm:mr-0">
        <p className="text-xs font-semibold">Enterprise deals that cited her posts</p>
        <p className="font-display text-2xl font-bold">3 of 5</p>
      </div>
    </div>
  );
}
