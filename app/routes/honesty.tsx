import { Ban, ShieldCheck } from "lucide-react";
import { buttonClass } from "#app/components/button-link.tsx";
import { ExternalLink } from "#app/components/external-link.tsx";
import { PageHeader, Section } from "#app/components/page-header.tsx";
import { honesty } from "#app/content/honesty.ts";
import { site } from "#app/content/site.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { originFrom, seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/honesty";

export const handle = staticPage();

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(originFrom(matches), { ...honesty.meta, path: "/honesty" });

export default function Honesty() {
  const { hero, promises, never, ceo } = honesty;
  return (
    <>
      <PageHeader eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead} />

      <Section id="promises" title={honesty.promisesHeading}>
        <ol className="grid gap-6 md:grid-cols-2">
          {promises.map((promise) => (
            <li
              key={promise.title}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <ShieldCheck aria-hidden="true" className="mt-1 h-7 w-7 shrink-0 text-brand-700" />
              <div>
                <h3 className="text-xl font-bold">{promise.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-soft">{promise.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="never" title={honesty.neverHeading} className="bg-sand">
        <ul className="max-w-3xl space-y-4">
          {never.map((item) => (
            <li key={item} className="flex gap-3 text-lg">
              <Ban aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-red-700" />
              {item}
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="ceo-heading" className="bg-brand-900 text-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20">
          <h2
            id="ceo-heading"
            className="font-display text-3xl font-bold tracking-tight sm:text-4xl"
          >
            {ceo.heading}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-brand-100">{ceo.body}</p>
          <ExternalLink href={site.urls.ceoScheduler} className={buttonClass("accent", "mt-8")}>
            {ceo.button}
          </ExternalLink>
        </div>
      </section>
    </>
  );
}
