import { artPanel, artRoot } from "#app/components/art/frame.ts";
import { cn } from "#app/components/ui/cn.ts";

// One practice of each value, in short (app/content/about.ts).
const hat = [
  ["H", "Happiness", "Every writer has a client cap"],
  ["A", "Accountability", "One named person per program"],
  ["T", "Transparency", "One fixed monthly price"],
] as const;

/**
 * The values page's art: the HAT, each letter with one thing it means in practice. Only from
 * 1024 px, beside the heading: on a phone it would stand right above the page's own three
 * cards, saying the same again. Its chip is a div: a picture hidden on a phone holds none of
 * the page's paragraphs.
 */
export function HatValuesArt() {
  return (
    <div
      role="img"
      aria-label={`HAT, the values we hire for: ${hat.map(([, value, practice]) => `${value}, ${practice.toLowerCase()}`).join("; ")}`}
      className={cn(artRoot, "hidden lg:block")}
    >
      <ul className={cn(artPanel, "divide-y divide-slate-100 px-6 pt-2 pb-6")}>
        {hat.map(([letter, value, practice]) => (
          <li key={letter} className="flex items-center gap-4 py-4">
            <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-2xl bg-brand-700 font-display text-3xl font-bold text-white">
              {letter}
            </span>
            <span className="leading-snug">
              <span className="block font-display text-xl font-bold text-ink">{value}</span>
              <span className="text-ink-soft">{practice}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="relative -mt-4 mr-4 ml-auto w-56 rounded-full bg-accent-400 px-4 py-1.5 text-center text-sm font-semibold text-ink shadow-lg">
        We hire for HAT
      </div>
    </div>
  );
}
