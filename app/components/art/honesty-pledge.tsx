import { Ban, Check, ShieldCheck } from "lucide-react";
import { artPanel, artRoot } from "#app/components/art/frame.ts";
import { cn } from "#app/components/ui/cn.ts";
import { honesty } from "#app/content/honesty.ts";

// The pledge's own promises and refusals, those that say themselves in a few words.
const promised = honesty.promises.flatMap((promise) => promise.inShort ?? []);
const refused = honesty.never.flatMap((refusal) => refusal.inShort ?? []);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const label = `The honesty pledge as a checklist. We promise: ${promised.map(lowerFirst).join("; ")}. We never: ${refused.map(lowerFirst).join("; ")}. And the ${lowerFirst(honesty.outInShort)}.`;

/**
 * The honesty page's art: the pledge as a checklist a client could hold us to, what we
 * promise and what we refuse. A phone shows two promises and one refusal.
 */
export function HonestyPledgeArt() {
  return (
    <div role="img" aria-label={label} className={artRoot}>
      <div className={cn(artPanel, "p-6")}>
        <p className="flex items-center gap-2 border-b border-slate-200 pb-4 font-semibold text-ink">
          <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand-700" />
          {honesty.artHeading}
        </p>
        <p className="mt-4 text-xs font-semibold tracking-wide text-brand-700 uppercase">
          We promise
        </p>
        <ul className="mt-1">
          {promised.map((line, index) => (
            <li
              key={line}
              className={cn("flex items-center gap-3 py-2", index > 1 && "hidden sm:flex")}
            >
              <Check aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-600" />
              <span className="text-ink-soft">{line}</span>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs font-semibold tracking-wide text-red-700 uppercase">We never</p>
        <ul className="mt-1">
          {refused.map((line, index) => (
            <li
              key={line}
              className={cn("flex items-center gap-3 py-2", index > 0 && "hidden sm:flex")}
            >
              <Ban aria-hidden="true" className="h-4 w-4 shrink-0 text-red-700" />
              <span className="text-ink-soft">{line}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="relative -mt-4 mr-4 ml-auto w-64 rounded-full bg-accent-400 px-4 py-1.5 text-center text-sm font-semibold text-ink shadow-lg">
        {honesty.outInShort}
      </p>
    </div>
  );
}
