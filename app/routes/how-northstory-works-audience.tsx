import { CircleCheckBig } from "lucide-react";
import { ContentCalendarArt } from "#app/components/art/content-calendar.tsx";
import { ButtonLink } from "#app/components/button-link.tsx";
import { CtaBand } from "#app/components/marketing/cta-band.tsx";
import { ProcessTimeline } from "#app/components/marketing/process-timeline.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { IconBadge } from "#app/components/ui/icon-badge.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { howItWorks } from "#app/content/how-it-works.ts";
import { seo } from "#app/content/seo.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { originFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/how-northstory-works-audience";

export const handle = staticPage();

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(originFrom(matches), { ...howItWorks.meta, path: "/how-northstory-works-audience" });

export default function HowItWorks() {
  const { hero, pillars, steps, signs, closing } = howItWorks;
  return (
    <>
      <PageHeader
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        art={<ContentCalendarArt />}
      >
        <ButtonLink to={hero.primary.to}>{hero.primary.label}</ButtonLink>
        <ButtonLink to={hero.secondary.to} variant="outline">
          {hero.secondary.label}
        </ButtonLink>
      </PageHeader>

      <Section id="pillars" title={howItWorks.pillarsHeading} intro={howItWorks.pillarsIntro}>
        <ul className="grid gap-6 md:grid-cols-3">
          {pillars.map(({ title, icon: Icon, summary, points }) => (
            <Card as="li" key={title} padding="roomy" className="flex flex-col">
              <IconBadge icon={Icon} />
              <h3 className="mt-5 font-display text-2xl font-bold">{title}</h3>
              <p className="mt-3 leading-relaxed text-ink-soft">{summary}</p>
              <ul className="mt-5 space-y-2 border-t border-slate-200 pt-5">
                {points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <CircleCheckBig
                      aria-hidden="true"
                      className="mt-0.5 h-5 w-5 shrink-0 text-brand-600"
                    />
                    {point}
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </ul>
      </Section>

      <Section
        id="process"
        title={howItWorks.processHeading}
        intro={howItWorks.processIntro}
        className="bg-sand"
      >
        <ProcessTimeline steps={steps} />
      </Section>

      <Section id="signs" title={howItWorks.signsHeading} intro={howItWorks.signsIntro}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {signs.map((sign) => (
            <li
              key={sign}
              className="flex gap-3 rounded-xl border border-slate-200 bg-white p-5 text-lg"
            >
              <CircleCheckBig aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-brand-600" />
              {sign}
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand id="how-it-works-cta" {...closing} />
    </>
  );
}
