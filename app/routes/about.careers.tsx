import { BriefcaseBusiness } from "lucide-react";
import { CareersBenefitsArt } from "#app/components/art/careers-benefits.tsx";
import { buttonClass } from "#app/components/button-link.tsx";
import { ExternalLink } from "#app/components/external-link.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { IconBadge } from "#app/components/ui/icon-badge.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { careers } from "#app/content/about.ts";
import { seo } from "#app/content/seo.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { breadcrumbJsonLd, originFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/about.careers";

export const handle = staticPage();

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(originFrom(matches), { ...careers.meta, path: "/about/careers" }),
  breadcrumbJsonLd(originFrom(matches), [
    { name: "Home", path: "/" },
    { name: "About", path: "/about" },
    { name: "Careers", path: "/about/careers" },
  ]),
];

export default function Careers() {
  const { hero, benefits, equalOpportunity, openings } = careers;
  return (
    <>
      <PageHeader
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        art={<CareersBenefitsArt />}
      />

      <Section id="benefits" title={careers.benefitsHeading} intro={careers.benefitsIntro}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map(({ title, body, icon: Icon }) => (
            <Card as="li" key={title}>
              <IconBadge icon={Icon} />
              <h3 className="mt-5 text-xl font-bold">{title}</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{body}</p>
            </Card>
          ))}
        </ul>
      </Section>

      <Section id="openings" title={openings.heading} className="bg-sand">
        <Card
          padding="roomy"
          className="flex flex-col gap-6 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex gap-4">
            <BriefcaseBusiness
              aria-hidden="true"
              className="mt-1 h-7 w-7 shrink-0 text-brand-700"
            />
            <div>
              <p className="text-xl font-bold">{openings.status}</p>
              <p className="mt-2 max-w-2xl leading-relaxed text-ink-soft">{openings.body}</p>
            </div>
          </div>
          <ExternalLink href={openings.href} className={buttonClass("primary", "shrink-0")}>
            {openings.link}
          </ExternalLink>
        </Card>
      </Section>

      <Section id="equal-opportunity" title={equalOpportunity.heading}>
        <p className="max-w-3xl text-lg leading-relaxed text-ink-soft">{equalOpportunity.body}</p>
      </Section>
    </>
  );
}
