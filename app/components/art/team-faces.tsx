import portraits from "virtual:portraits";
import { artPanel, artRoot } from "#app/components/art/frame.ts";
import { cn } from "#app/components/ui/cn.ts";
import { figurePair } from "#app/components/ui/figure-pair.ts";
import { site } from "#app/content/site.ts";

const faces = [
  "jordan-ellery",
  "priya-natarajan",
  "marcus-bell",
  "elena-sokolova",
  "darnell-hayes",
] as const;

/** The About page's art: the people behind the work, and the facts of the company. */
export function TeamFacesArt() {
  const facts = [
    [String(site.foundedYear), "founded in Durham, NC"],
    [site.staff, "writers, strategists and specialists"],
    [site.claims.clients, "founders and executives served"],
  ] as const;
  return (
    <div
      role="img"
      aria-label={`Five of Northstory's leaders, drawn, with the company's facts: founded in ${site.foundedYear}, ${site.staff} people, ${site.claims.clients} clients`}
      className={artRoot}
    >
      <div className={cn(artPanel, "p-6")}>
        <div className="flex -space-x-4">
          {faces.map((slug, index) => (
            <img
              key={slug}
              src={portraits[slug]}
              width={72}
              height={72}
              alt=""
              decoding="async"
              fetchPriority="low"
              className={cn(
                "h-16 w-16 rounded-full border-4 border-white bg-brand-100 sm:h-[4.5rem] sm:w-[4.5rem]",
                index > 3 && "hidden sm:block",
              )}
            />
          ))}
        </div>
        <dl className="mt-6 grid grid-cols-3 gap-4">
          {facts.map(([value, label]) => (
            <div key={label} className={figurePair}>
              <dt className="mt-1 text-sm leading-snug text-ink-soft">{label}</dt>
              <dd className="font-display text-3xl font-bold text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
