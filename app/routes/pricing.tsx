import { Check } from "lucide-react";
import { ProgramStatementArt } from "#app/components/art/program-statement.tsx";
import { ButtonLink } from "#app/components/button-link.tsx";
import { FaqAccordion, type FaqItem } from "#app/components/marketing/faq-accordion.tsx";
import { TestimonialCarousel } from "#app/components/marketing/testimonial-carousel.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { pricing } from "#app/content/pricing.ts";
import { seo } from "#app/content/seo.ts";
import { testimonials } from "#app/content/testimonials.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { jsonLd, originFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/pricing";

function faqPageJsonLd(items: readonly FaqItem[]) {
  return jsonLd({
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  });
}

export const handle = staticPage();

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(originFrom(matches), { ...pricing.meta, path: "/pricing" }),
  faqPageJsonLd(pricing.faq),
];

export default function Pricing() {
  const { hero, plans, terms } = pricing;
  return (
    <>
      <PageHeader
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        art={<ProgramStatementArt />}
      />

      <Section id="plans" title={pricing.plansHeading}>
        <ul className="grid gap-8 lg:grid-cols-2">
          {plans.map((plan) => (
            <li
              key={plan.name}
              className={`relative flex flex-col rounded-2xl bg-white p-8 shadow-sm sm:p-10 ${
                plan.mostPopular ? "border-2 border-brand-700 shadow-xl" : "border border-slate-200"
              }`}
            >
              {plan.mostPopular ? (
                <p className="absolute -top-4 left-8 rounded-full bg-accent-400 px-4 py-1 text-sm font-bold text-ink">
                  Most Popular
                </p>
              ) : null}
              <h3 className="font-display text-2xl font-bold sm:text-3xl">{plan.name}</h3>
              <p className="mt-4 font-display text-2xl font-bold text-brand-700 sm:text-4xl">
                {plan.price}
              </p>
              {plan.priceNote ? (
                <p className="mt-1 text-sm text-ink-soft">{plan.priceNote}</p>
              ) : null}
              <p className="mt-4 leading-relaxed text-ink-soft">{plan.summary}</p>
              <ul className="mt-6 flex-1 space-y-3">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-3">
                    <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                    {feature}
                  </li>
                ))}
              </ul>
              <ButtonLink
                to={plan.cta.to}
                variant={plan.mostPopular ? "primary" : "outline"}
                className="mt-8 w-full"
              >
                {plan.cta.label}
                <span className="sr-only"> about {plan.name}</span>
              </ButtonLink>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl leading-relaxed text-ink-soft">{pricing.variesNote}</p>
      </Section>

      <section aria-labelledby="terms-heading" className="bg-ink text-white">
        <Container className="py-14">
          <SectionHeading id="terms-heading">{terms.heading}</SectionHeading>
          <ul className="mt-8 grid gap-8 md:grid-cols-2">
            {terms.items.map((item) => (
              <li key={item.title}>
                <h3 className="text-xl font-bold text-accent-300">{item.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-300">{item.body}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <Section id="testimonials" title={pricing.testimonialsHeading}>
        <TestimonialCarousel testimonials={testimonials} label="Client testimonials" />
      </Section>

      <Section id="faq" title={pricing.faqHeading} className="bg-sand">
        <div className="max-w-4xl">
          <FaqAccordion items={pricing.faq} />
        </div>
      </Section>
    </>
  );
}
