import { artPanel, artRoot } from "#app/components/art/frame.ts";
import { cn } from "#app/components/ui/cn.ts";
import type { FeaturePageContent, FeatureSlug } from "#app/content/features/index.ts";

// Each card's key detail in a few words, from its own description (app/content/features),
// and one fact of the program from the page's copy.
const details: Record<FeatureSlug, { notes: readonly string[]; fact: string }> = {
  "founder-ceo-thought-leadership": {
    notes: [
      "30 minutes, recorded",
      "8 to 12 a month",
      "LinkedIn, newsletter or blog",
      "Headline, about, featured",
    ],
    fact: "About an hour of your time a month",
  },
  "b2b-event-attendee-acquisition": {
    notes: [
      "By title, industry, size, region",
      "From your founder's LinkedIn",
      "Speakers and ideas, previewed",
      "Attendees and no-shows alike",
    ],
    fact: "Each guest invited personally",
  },
  "full-lifecycle-marketing": {
    notes: [
      "Posts and articles",
      "Newsletters and follow-ups",
      "One-pagers and explainers",
      "Stories and co-authored posts",
    ],
    fact: "All from one monthly interview",
  },
  "audience-activation": {
    notes: [
      "Likes, comments and shares",
      "Names the post they read",
      "Booked with context",
      "Logged in your CRM",
    ],
    fact: "Part of the Full Service program",
  },
};

/**
 * A feature page's art: the feature's four parts as the steps of one program, each with its
 * key detail (hidden on a phone, where the four steps stay), and one fact about it.
 */
export function FeatureStepsArt({
  slug,
  feature,
}: {
  slug: FeatureSlug;
  feature: FeaturePageContent;
}) {
  const { notes, fact } = details[slug];
  return (
    <div
      role="img"
      aria-label={`${feature.name} in four steps: ${feature.cards.map((card, index) => `${card.title}, ${notes[index]}`).join("; ")}. ${fact}`}
      className={artRoot}
    >
      <div className={cn(artPanel, "p-6")}>
        <p className="border-b border-slate-200 pb-4 font-semibold text-ink">
          {feature.cardsHeading}
        </p>
        <div className="relative mt-2">
          <div className="absolute top-8 bottom-8 left-5 w-px bg-brand-200" />
          <ol>
            {feature.cards.map(({ title, icon: Icon }, index) => (
              <li key={title} className="relative flex items-center gap-4 py-2.5">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-4 ring-white">
                  <Icon aria-hidden="true" className="h-5 w-5" />
                </span>
                <span className="leading-snug">
                  <span className="block font-semibold text-ink">{title}</span>
                  <span className="hidden text-sm text-ink-soft sm:block">{notes[index]}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <p className="relative -mt-4 mr-4 ml-auto w-72 rounded-full bg-accent-400 px-4 py-1.5 text-center text-sm font-semibold text-ink shadow-lg">
        {fact}
      </p>
    </div>
  );
}
