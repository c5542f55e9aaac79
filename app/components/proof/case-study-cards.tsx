import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { cardVariants } from "#app/components/ui/card.tsx";
import { cn } from "#app/components/ui/cn.ts";

export type CaseStudyCard = {
  slug: string;
  name: string;
  industry: string;
  stat: { value: string; label: string };
  to: string;
  cover: "bars" | "line" | "steps";
};

/** A cover drawn from what the study measured: growth as bars, a climbing line or steps. */
function Cover({ kind }: { kind: CaseStudyCard["cover"] }) {
  const tone = {
    bars: "bg-brand-50 text-brand-600",
    line: "bg-accent-300/40 text-brand-800",
    steps: "bg-sand text-brand-700",
  }[kind];
  return (
    <div className={cn("relative h-36 overflow-hidden rounded-t-2xl", tone)}>
      <svg
        viewBox="0 0 320 144"
        width="320"
        height="144"
        aria-hidden="true"
        preserveAspectRatio="none"
        className="absolute inset-0 h-full w-full"
      >
        <path d="M0 120h320M0 84h320M0 48h320" stroke="currentColor" strokeOpacity=".12" />
        {kind === "bars" ? (
          <g fill="currentColor">
            {[28, 34, 30, 46, 52, 64, 78, 96].map((height, index) => (
              <rect
                key={height}
                x={24 + index * 36}
                y={132 - height}
                width="20"
                height={height}
                rx="4"
                fillOpacity={0.35 + index * 0.08}
              />
            ))}
          </g>
        ) : kind === "line" ? (
          <g fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round">
            <path d="M16 124L56 116 96 112 136 96 176 90 216 70 256 52 300 24" />
            <circle cx="300" cy="24" r="7" fill="currentColor" />
          </g>
        ) : (
          <path
            d="M0 132h64v-20h64v-22h64v-28h64v-36h64v106H0z"
            fill="currentColor"
            fillOpacity=".3"
          />
        )}
      </svg>
    </div>
  );
}

/** Case studies as cards, each with a cover visual and the result that matters. */
export function CaseStudyCards({ cards, more }: { cards: readonly CaseStudyCard[]; more: string }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {cards.map((card) => (
        <li key={card.slug} className={cn(cardVariants({ padding: "none" }), "group relative")}>
          <Cover kind={card.cover} />
          <div className="p-6">
            <p className="text-sm font-semibold text-brand-700">{card.industry}</p>
            <h3 className="mt-2 text-xl font-bold">
              <Link
                to={card.to}
                className="after:absolute after:inset-0 after:rounded-2xl group-hover:text-brand-700"
              >
                {card.name}
              </Link>
            </h3>
            <p className="mt-4 font-display text-4xl font-bold text-ink">{card.stat.value}</p>
            <p className="mt-1 text-ink-soft">{card.stat.label}</p>
            <p
              aria-hidden="true"
              className="mt-5 inline-flex items-center gap-1.5 font-semibold text-brand-700"
            >
              {more}
              <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
