import { CheckCircle2 } from "lucide-react";
import { PartnerFlowArt } from "#app/components/art/partner-flow.tsx";
import { ButtonLink } from "#app/components/button-link.tsx";
import { CtaBand } from "#app/components/marketing/cta-band.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { partners } from "#app/content/about.ts";
import { seo } from "#app/content/seo.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { breadcrumbJsonLd, originFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/about.partners";

export const handle = staticPage();

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(originFrom(matches), { ...partners.meta, path: "/about/partners" }),
  breadcrumbJsonLd(originFrom(matches), [
    { name: "Home", path: "/" },
    { name: "About", path: "/about" },
    { name: "Partners", path: "/about/partners" },
  ]),
];

export default function Partners() {
  const { hero, who, benefits, steps, cta } = partners;
  return (
    <>
      <PageHeader
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        art={<PartnerFlowArt />}
      >
        <ButtonLink to={cta.button.to}>{cta.button.label}</ButtonLink>
      </PageHeader>

      <Section id="who" title={partners.whoHeading}>
        <ul className="grid gap-6 sm:grid-cols-2">
          {who.map((item) => (
            <Card as="li" key={item.title}>
              <h3 className="text-xl font-bold">{item.title}</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{item.body}</p>
            </Card>
          ))}
        </ul>
      </Section>

      <Section id="partner-benefits" title={partners.benefitsHeading} className="bg-sand">
        <ul className="grid max-w-4xl gap-4">
          {benefits.map((benefit) => (
            <li key={benefit} className="flex gap-3 text-lg leading-relaxed">
              <CheckCircle2 aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-brand-700" />
              {benefit}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="steps" title={partners.stepsHeading}>
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <Card as="li" key={step.title}>
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-accent-400 font-bold text-ink"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-xl font-bold">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{step.body}</p>
            </Card>
          ))}
        </ol>
      </Section>

      <CtaBand
        id="partners-cta"
        tone="dark"
        title={cta.title}
        body={cta.body}
        primary={cta.button}
      />
    </>
  );
}
