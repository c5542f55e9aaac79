import { Clock } from "lucide-react";
import { artPanel, artRoot } from "#app/components/art/frame.ts";
import { cn } from "#app/components/ui/cn.ts";

/**
 * One of the blog's own articles as a reader opens it (content/blog/<slug>.md; its title and
 * reading time are checked against the file by article-preview.test.ts).
 */
export const previewArticle = {
  slug: "turning-one-interview-into-a-month-of-content",
  title: "How One 30-Minute Interview Becomes a Month of Content",
  readTime: "4 min read",
};

/**
 * The blog's art: an article open at its first lines and first heading, with its reading
 * time, and what the method it explains yields. Only from 1024 px: on a phone, where it
 * would sit above the list and look like one of its cards, the articles come first. Its
 * lines are divs: a picture hidden on a phone holds none of the page's paragraphs.
 */
export function ArticlePreviewArt() {
  return (
    <div
      role="img"
      aria-label={`An article from the blog, "${previewArticle.title}", by the Northstory team, ${previewArticle.readTime}: one interview becomes eight to twelve posts`}
      className={cn(artRoot, "hidden lg:block")}
    >
      <div className={cn(artPanel, "p-6")}>
        <div className="w-36 rounded-full bg-brand-50 py-1 text-center text-xs font-semibold text-brand-800">
          Founder-led content
        </div>
        <div className="mt-4 font-display text-2xl leading-snug font-bold text-ink">
          {previewArticle.title}
        </div>
        <div className="mt-3 flex text-sm text-slate-600">
          <span className="inline-flex w-28 items-center gap-1.5">
            <Clock aria-hidden="true" className="h-4 w-4" /> {previewArticle.readTime}
          </span>
          <span>The Northstory Team</span>
        </div>
        <div className="mt-5 border-t border-slate-100 pt-4">
          <div className="leading-relaxed text-ink-soft">
            Most founders don't have a content problem. They have a blank-page problem.
          </div>
          <div className="mt-4 font-display text-lg font-bold text-ink">
            Why talking beats writing
          </div>
          <div aria-hidden="true" className="mt-2 space-y-2">
            <div className="h-2 rounded-full bg-slate-100" />
            <div className="h-2 w-4/5 rounded-full bg-slate-100" />
          </div>
        </div>
      </div>
      <div className="relative -mt-5 mr-4 ml-auto w-52 rounded-xl bg-ink px-4 py-2 text-white shadow-lg">
        <div className="text-xs text-slate-300">One interview becomes</div>
        <div className="font-display text-2xl font-bold">8 to 12 posts</div>
      </div>
    </div>
  );
}
