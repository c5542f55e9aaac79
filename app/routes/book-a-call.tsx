import { CallSlotsArt } from "#app/components/art/call-slots.tsx";
import { SchedulerEmbed } from "#app/components/marketing/scheduler-embed.tsx";
import { TestimonialCarousel } from "#app/components/marketing/testimonial-carousel.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { IconBadge } from "#app/components/ui/icon-badge.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { bookACall } from "#app/content/book-a-call.ts";
import { seo } from "#app/content/seo.ts";
import { site } from "#app/content/site.ts";
import { testimonials } from "#app/content/testimonials.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { originFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/book-a-call";

export const handle = staticPage();

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(originFrom(matches), { ...bookACall.meta, path: "/book-a-call" });

export default function BookACall() {
  const { hero, highlights, scheduler, after } = bookACall;
  return (
    <>
      <PageHeader
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        art={<CallSlotsArt calendar="#scheduler-heading" />}
      />

      <Container as="section" aria-label="About the intro call">
        <ul className="grid gap-4 md:grid-cols-3">
          {highlights.map(({ icon: Icon, title, body }) => (
            <Card as="li" key={title} padding="snug" className="flex gap-4">
              <IconBadge icon={Icon} size="sm" className="shrink-0" />
              <div>
                <h2 className="text-lg font-bold">{title}</h2>
                <p className="mt-1 text-ink-soft">{body}</p>
              </div>
            </Card>
          ))}
        </ul>
      </Container>

      <Container
        as="section"
        aria-labelledby="scheduler-heading"
        className="grid gap-12 py-16 lg:grid-cols-5"
      >
        <div className="lg:col-span-3">
          <SectionHeading id="scheduler-heading">{scheduler.heading}</SectionHeading>
          <p className="mt-3 text-lg text-ink-soft">{scheduler.intro}</p>
          <div className="mt-6">
            <SchedulerEmbed
              scriptSrc={site.urls.schedulerScript}
              schedulerUrl={site.urls.scheduler}
              fallbackText={scheduler.fallbackText}
              fallbackLink={scheduler.fallbackLink}
            />
          </div>
        </div>
        <div className="lg:col-span-2">
          <SectionHeading>{bookACall.afterHeading}</SectionHeading>
          <ol className="mt-6 space-y-6">
            {after.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="text-lg font-bold">{step.title}</h3>
                  <p className="mt-1 leading-relaxed text-ink-soft">{step.body}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </Container>

      <Section id="testimonials" title={bookACall.testimonialsHeading} className="bg-sand">
        <TestimonialCarousel testimonials={testimonials} label="Client testimonials" />
      </Section>
    </>
  );
}
