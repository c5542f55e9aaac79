import { Ban, ShieldCheck } from "lucide-react";
import { HonestyPledgeArt } from "#app/components/art/honesty-pledge.tsx";
import { CtaBand } from "#app/components/marketing/cta-band.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { honesty } from "#app/content/honesty.ts";
import { seo } from "#app/content/seo.ts";
import { site } from "#app/content/site.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { originFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/honesty";

export const handle = staticPage();

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(originFrom(matches), { ...honesty.meta, path: "/honesty" });

export default function Honesty() {
  const { hero, promises, never, ceo } = honesty;
  return (
    <>
      <PageHeader
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        art={<HonestyPledgeArt />}
      />

      <Section id="promises" title={honesty.promisesHeading}>
        <ol className="grid gap-6 md:grid-cols-2">
          {promises.map((promise) => (
            <Card as="li" key={promise.title} className="flex gap-4">
              <ShieldCheck aria-hidden="true" className="mt-1 h-7 w-7 shrink-0 text-brand-700" />
              <div>
                <h3 className="text-xl font-bold">{promise.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-soft">{promise.body}</p>
              </div>
            </Card>
          ))}
        </ol>
      </Section>

      <Section id="never" title={honesty.neverHeading} className="bg-sand">
        <ul className="max-w-3xl space-y-4">
          {never.map(({ text }) => (
            <li key={text} className="flex gap-3 text-lg">
              <Ban aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-red-700" />
              {text}
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand
        id="ceo-heading"
        tone="dark"
        title={ceo.heading}
        body={ceo.body}
        primary={{ label: ceo.button, href: site.urls.ceoScheduler }}
      />
    </>
  );
}
