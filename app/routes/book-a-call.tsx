import { SchedulerEmbed } from "#app/components/marketing/scheduler-embed.tsx";
import { TestimonialCarousel } from "#app/components/marketing/testimonial-carousel.tsx";
import { PageHeader, Section } from "#app/components/page-header.tsx";
import { bookACall } from "#app/content/book-a-call.ts";
import { site } from "#app/content/site.ts";
import { testimonials } from "#app/content/testimonials.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { originFrom, seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/book-a-call";

export const handle = staticPage();

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(originFrom(matches), { ...bookACall.meta, path: "/book-a-call" });

export default function BookACall() {
  const { hero, highlights, scheduler, after } = bookACall;
  return (
    <>
      <PageHeader eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead} />

      <section aria-label="About the intro call" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <ul className="grid gap-4 md:grid-cols-3">
          {highlights.map(({ icon: Icon, title, body }) => (
            <li
              key={title}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50">
                <Icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
              </span>
              <div>
                <h2 className="text-lg font-bold">{title}</h2>
                <p className="mt-1 text-ink-soft">{body}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="scheduler-heading"
        className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-5 lg:px-8"
      >
        <div className="lg:col-span-3">
          <h2
            id="scheduler-heading"
            className="font-display text-3xl font-bold tracking-tight sm:text-4xl"
          >
            {scheduler.heading}
          </h2>
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
          <h2 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
            {bookACall.afterHeading}
          </h2>
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
      </section>

      <Section id="testimonials" title={bookACall.testimonialsHeading} className="bg-sand">
        <TestimonialCarousel testimonials={testimonials} label="Client testimonials" />
      </Section>
    </>
  );
}
