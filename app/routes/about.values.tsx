import { HatValuesArt } from "#app/components/art/hat-values.tsx";
import { CtaBand } from "#app/components/marketing/cta-band.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { values } from "#app/content/about.ts";
import { seo } from "#app/content/seo.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { breadcrumbJsonLd, originFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/about.values";

export const handle = staticPage();

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(originFrom(matches), { ...values.meta, path: "/about/values" }),
  breadcrumbJsonLd(originFrom(matches), [
    { name: "Home", path: "/" },
    { name: "About", path: "/about" },
    { name: "Values", path: "/about/values" },
  ]),
];

export default function Values() {
  const { hero, items, closing } = values;
  return (
    <>
      <PageHeader
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        art={<HatValuesArt />}
      />
      <Section id="hat" title={values.heading}>
        <ol className="grid gap-6 lg:grid-cols-3">
          {items.map((item) => (
            <Card as="li" key={item.title} padding="roomy" className="flex flex-col">
              <span
                aria-hidden="true"
                className="flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-700 font-display text-3xl font-bold text-white"
              >
                {item.letter}
              </span>
              <h3 className="mt-5 font-display text-2xl font-bold">{item.title}</h3>
              <p className="mt-3 text-lg leading-relaxed text-ink-soft">{item.summary}</p>
              <h4 className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">
                {values.practicesLabel}
              </h4>
              <ul className="mt-3 space-y-3">
                {item.practices.map((practice) => (
                  <li key={practice} className="flex gap-3 leading-relaxed">
                    <span
                      aria-hidden="true"
                      className="mt-2.5 h-2 w-2 shrink-0 rounded-full bg-accent-500"
                    />
                    {practice}
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </ol>
      </Section>
      <CtaBand id="values-cta" {...closing} />
    </>
  );
}
