import { Check } from "lucide-react";
import { artPanel, artRoot } from "#app/components/art/frame.ts";
import { cn } from "#app/components/ui/cn.ts";

// The plan's own terms (app/content/pricing.ts): 8 to 12 pieces a month from one interview.
const lines = [
  ["Interview and strategy call", "30 min"],
  ["LinkedIn posts in your voice", "9"],
  ["Long-form articles", "2"],
  ["Newsletter", "1"],
  ["Report: reach and audience quality", "1"],
] as const;

/**
 * The pricing page's art: one month of the Content + Audience program as a statement, what
 * $3,000 buys. A phone shows the first three lines.
 */
export function ProgramStatementArt() {
  return (
    <div
      role="img"
      aria-label="One month of the Content + Audience program from $3,000: a 30-minute interview becomes nine posts, two articles and a newsletter, with a report on reach and audience quality"
      className={artRoot}
    >
      <div className={cn(artPanel, "p-6")}>
        <div className="flex items-baseline justify-between border-b border-slate-200 pb-4">
          <p className="font-semibold text-ink">Content + Audience</p>
          <p className="text-sm text-slate-600">A month, itemised</p>
        </div>
        <ul className="divide-y divide-slate-100">
          {lines.map(([label, value], index) => (
            <li
              key={label}
              className={cn("flex items-center gap-3 py-3", index > 2 && "hidden sm:flex")}
            >
              <Check aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-600" />
              <span className="flex-1 text-ink-soft">{label}</span>
              <span className="w-14 font-semibold text-ink">{value}</span>
            </li>
          ))}
        </ul>
        <div className="mt-2 grid grid-cols-[1fr_7rem] items-baseline border-t-2 border-ink pt-4">
          <p className="font-semibold">This month</p>
          <p className="font-display text-3xl font-bold text-brand-700">$3,000</p>
        </div>
      </div>
      <p className="relative -mt-4 mr-4 ml-auto w-64 rounded-full text-center bg-accent-400 px-4 py-1.5 text-sm font-semibold text-ink shadow-lg">
        90-day out if it is not working
      </p>
    </div>
  );
}
