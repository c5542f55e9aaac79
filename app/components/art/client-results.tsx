import { artPanel, artRoot } from "#app/components/art/frame.ts";
import { cn } from "#app/components/ui/cn.ts";
import { site } from "#app/content/site.ts";

/** Each study's own figures (app/content/case-studies.ts; client-results.test.ts checks them). */
export const clientResults = [
  {
    study: "cue-case-study",
    client: "Cue",
    value: "16",
    label: "qualified leads in the first 10 weeks",
  },
  {
    study: "the-spikes-case-study",
    client: "The Spikes",
    value: "7",
    label: "new clients in the first 9 months",
  },
  {
    study: "blast-media",
    client: "Blast Media",
    value: "$1M+",
    label: "new revenue from clients sourced by the program",
  },
  {
    study: "storyboard-media",
    client: "Storyboard Media",
    value: "2",
    label: "enterprise retainers signed",
  },
] as const;

/**
 * The client success page's art: the results board the page is gathering, started with the
 * case studies' own figures. A phone shows the first two.
 */
export function ClientResultsArt() {
  return (
    <div
      role="img"
      aria-label={`Client results so far, from the case studies: ${clientResults.map((row) => `${row.client}, ${row.value} ${row.label}`).join("; ")}; and ${site.claims.clients} founders and executives served`}
      className={artRoot}
    >
      <div className={cn(artPanel, "p-6")}>
        <div className="flex items-baseline justify-between border-b border-slate-200 pb-4">
          <p className="font-semibold text-ink">Client results</p>
          <p className="w-36 rounded-full bg-brand-50 py-1 text-center text-xs font-semibold text-brand-800">
            from case studies
          </p>
        </div>
        <ul className="divide-y divide-slate-100">
          {clientResults.map((row, index) => (
            <li
              key={row.client}
              className={cn(
                "grid grid-cols-[4rem_1fr] sm:grid-cols-[5.5rem_1fr] items-center gap-3 py-3",
                index > 1 && "hidden sm:grid",
              )}
            >
              <span className="font-display text-3xl font-bold text-brand-700">{row.value}</span>
              <span className="text-sm leading-snug">
                <span className="block font-semibold text-ink">{row.client}</span>
                <span className="text-ink-soft">{row.label}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="relative -mt-5 mr-4 ml-auto w-56 rounded-xl bg-ink px-4 py-2 text-white shadow-lg">
        <p className="font-display text-2xl font-bold">{site.claims.clients}</p>
        <p className="text-xs text-slate-300">founders and executives served</p>
      </div>
    </div>
  );
}
