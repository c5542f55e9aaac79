import { artPanel, artRoot } from "#app/components/art/frame.ts";
import { cn } from "#app/components/ui/cn.ts";
import { careers } from "#app/content/about.ts";
import { site } from "#app/content/site.ts";

// The benefits the page states that say themselves in a few words.
const benefits = careers.benefits.flatMap(({ icon, inShort }) =>
  inShort ? [{ icon, ...inShort }] : [],
);

/** The careers page's art: what a role at Northstory comes with. A phone shows three. */
export function CareersBenefitsArt() {
  return (
    <div
      role="img"
      aria-label={`What working at ${site.name} comes with: ${benefits.map(({ name, detail }) => `${name}, ${detail.toLowerCase()}`).join("; ")}; a team of ${site.staff} people`}
      className={artRoot}
    >
      <div className={cn(artPanel, "p-6")}>
        <p className="border-b border-slate-200 pb-4 font-semibold text-ink">Every role includes</p>
        <ul className="divide-y divide-slate-100">
          {benefits.map(({ icon: Icon, name, detail }, index) => (
            <li
              key={name}
              className={cn("flex items-center gap-3 py-3", index > 2 && "hidden sm:flex")}
            >
              <Icon aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
              <span className="flex-1 text-ink-soft">{name}</span>
              <span className="text-right font-semibold text-ink">{detail}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="relative -mt-5 mr-4 ml-auto w-52 rounded-xl bg-ink px-4 py-2 text-white shadow-lg">
        <p className="font-display text-2xl font-bold">{site.staff}</p>
        <p className="text-xs text-slate-300">people to work with</p>
      </div>
    </div>
  );
}
