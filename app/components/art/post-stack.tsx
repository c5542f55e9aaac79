import { Mic } from "lucide-react";
import { artPanel, artRoot } from "#app/components/art/frame.ts";
import { cn } from "#app/components/ui/cn.ts";

// Three of the page's own posts (app/content/content-examples.ts): two behind, one on top.
const behind = [
  ["Alicia Romero", "Founder, Blast Media"],
  ["Lauren Spike", "Partner, The Spikes"],
] as const;

/**
 * The content examples' art: a stack of the clients' LinkedIn posts, the top one open, each
 * written from its founder's monthly interview. A phone shows one post behind the top one.
 */
export function PostStackArt() {
  return (
    <div
      role="img"
      aria-label="A stack of LinkedIn posts written with clients: on top, Devon Mercer, founder and CEO of Cue, on the worst discovery question in B2B sales, written from his monthly interview; ten posts in a new order on every visit"
      className={artRoot}
    >
      {behind.map(([name, role], index) => (
        <div
          key={name}
          className={cn(
            "flex items-center gap-3 rounded-t-2xl border border-b-0 border-slate-200 bg-white px-4 pt-3 pb-6 text-sm",
            index === 0 ? "mx-10 hidden bg-brand-50 sm:flex" : "-mt-3 mx-5 flex",
          )}
        >
          <span className="font-semibold text-ink">{name}</span>
          <span className="truncate text-slate-600">{role}</span>
        </div>
      ))}
      <div className={cn(artPanel, "relative -mt-3 p-5")}>
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
          >
            DM
          </span>
          <div className="text-sm leading-snug">
            <p className="font-semibold text-ink">Devon Mercer</p>
            <p className="text-slate-600">Founder &amp; CEO, Cue</p>
          </div>
        </div>
        <p className="mt-4 leading-relaxed text-ink">
          "What keeps you up at night?" is the worst discovery question in B2B sales.
        </p>
        <p className="mt-2 leading-relaxed text-ink-soft">
          It invites a rehearsed answer. Ask this instead: "What did you try last quarter that
          didn't work?" Then stop talking.
        </p>
        <p className="mt-4 flex items-center gap-2 border-t border-slate-100 pt-3 text-sm text-slate-600">
          <Mic aria-hidden="true" className="h-4 w-4" /> Written from Devon's monthly interview
        </p>
      </div>
      <p className="relative -mt-4 mr-4 ml-auto w-64 rounded-full bg-accent-400 px-4 py-1.5 text-center text-sm font-semibold text-ink shadow-lg">
        10 posts, a new order every visit
      </p>
    </div>
  );
}
