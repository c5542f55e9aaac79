import type { ReactNode } from "react";
import { ExternalLink } from "#app/components/external-link.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { site } from "#app/content/site.ts";

/**
 * Wordmarks of clients named on the site (its testimonials), drawn for the site: invented
 * companies, never the marks of real ones. One muted ink tone, so no logo shouts.
 */
const logos: { name: string; mark: ReactNode; word: ReactNode }[] = [
  {
    name: "Ledgerline",
    mark: <path d="M4 8h6v24H4zM14 20h6v12h-6zM24 14h6v18h-6z" />,
    word: (
      <text x="40" y="28" fontSize="20" fontWeight="700" textLength="104">
        Ledgerline
      </text>
    ),
  },
  {
    name: "Fieldgrid Robotics",
    mark: <path d="M4 8h10v10H4zM18 8h10v10H18zM4 22h10v10H4zM18 22h10v10H18z" opacity=".85" />,
    word: (
      <text x="38" y="27" fontSize="15" fontWeight="600" letterSpacing="2" textLength="112">
        FIELDGRID
      </text>
    ),
  },
  {
    name: "Clearpath Compliance",
    mark: <path d="M16 4l12 6v10c0 7-5 12-12 16C9 32 4 27 4 20V10z" />,
    word: (
      <text x="38" y="28" fontSize="20" fontWeight="500" textLength="100">
        clearpath
      </text>
    ),
  },
  {
    name: "Harbor & Finch Advisory",
    mark: <circle cx="16" cy="20" r="12" fill="none" stroke="currentColor" strokeWidth="4" />,
    word: (
      <text x="36" y="28" fontSize="19" fontFamily="var(--font-display)" textLength="116">
        Harbor &amp; Finch
      </text>
    ),
  },
  {
    name: "Quanta Freight",
    mark: <path d="M4 30L16 6l12 24z" />,
    word: (
      <text x="36" y="28" fontSize="19" fontWeight="800" fontStyle="italic" textLength="86">
        QUANTA
      </text>
    ),
  },
  {
    name: "Brightwave HR",
    mark: <path d="M2 24c5-9 9-9 14 0s9 9 14 0v8H2z" />,
    word: (
      <text x="38" y="28" fontSize="20" fontWeight="600" textLength="104">
        brightwave
      </text>
    ),
  },
];

function Stars({ rating }: { rating: number }) {
  // Five stars filled to the rating: 4.6 fills four and three fifths.
  const width = (rating / 5) * 100;
  const star = "M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z";
  const row = [0, 1, 2, 3, 4].map((index) => (
    <path key={index} d={star} transform={`translate(${index * 20} 0)`} />
  ));
  return (
    <svg viewBox="0 0 100 20" width="100" height="20" aria-hidden="true" className="shrink-0">
      <defs>
        <clipPath id="rating-fill">
          <rect width={width} height="20" />
        </clipPath>
      </defs>
      <g className="fill-slate-300">{row}</g>
      <g className="fill-accent-500" clipPath="url(#rating-fill)">
        {row}
      </g>
    </svg>
  );
}

/** The clients' wordmarks, and the site's rating with the review site that gives it. */
export function ClientLogos({ label, className }: { label: string; className?: string }) {
  return (
    <div className={cn("flex flex-col gap-8 lg:flex-row lg:items-center lg:gap-12", className)}>
      <div className="flex-1">
        <p className="text-center text-sm font-semibold tracking-wide text-slate-600 uppercase lg:text-left">
          {label}
        </p>
        <ul className="mt-5 grid grid-cols-2 items-center gap-x-6 gap-y-5 text-slate-500 sm:grid-cols-3 xl:grid-cols-6">
          {logos.map((logo) => (
            <li key={logo.name} className="flex justify-center lg:justify-start">
              <svg
                role="img"
                aria-label={logo.name}
                viewBox="0 0 160 40"
                width="160"
                height="40"
                className="h-8 w-auto fill-current"
              >
                {logo.mark}
                {logo.word}
              </svg>
            </li>
          ))}
        </ul>
      </div>
      {/* A set width: the logos' column never changes when the text face arrives. */}
      <p className="flex items-center justify-center gap-3 lg:w-[22rem] lg:shrink-0 lg:justify-start lg:border-l lg:border-slate-200 lg:pl-12">
        <Stars rating={Number(site.claims.rating)} />
        {/* Side by side, not on one line of text: two sizes on one line would sit on the
            faces' baselines, which the arriving face moves by a fraction of a pixel. */}
        <strong className="w-11 font-display text-2xl font-bold text-ink">
          {site.claims.rating}
        </strong>{" "}
        <span className="text-sm whitespace-nowrap text-ink-soft">
          out of 5 on{" "}
          <ExternalLink href={site.urls.reviews} className="font-semibold text-brand-700 underline">
            {site.claims.ratingSite}
          </ExternalLink>
        </span>
      </p>
    </div>
  );
}
