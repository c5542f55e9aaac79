import { ClientResultsArt } from "#app/components/art/client-results.tsx";
import { ButtonLink } from "#app/components/button-link.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { clientSuccess } from "#app/content/client-success.ts";
import { seo } from "#app/content/seo.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { originFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/client-success";

export const handle = staticPage();

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(originFrom(matches), { ...clientSuccess.meta, path: "/client-success" });

export default function ClientSuccess() {
  const { hero, onward } = clientSuccess;
  return (
    <>
      <PageHeader
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        art={<ClientResultsArt />}
      />
      <Section id="onward" title={clientSuccess.onwardHeading}>
        <ul className="grid gap-6 md:grid-cols-3">
          {onward.map((item, index) => (
            <Card as="li" key={item.title} className="flex flex-col">
              <h3 className="text-xl font-bold">{item.title}</h3>
              <p className="mt-2 flex-1 leading-relaxed text-ink-soft">{item.body}</p>
              <ButtonLink
                to={item.link.to}
                variant={index === onward.length - 1 ? "primary" : "outline"}
                className="mt-6 self-start"
              >
                {item.link.label}
              </ButtonLink>
            </Card>
          ))}
        </ul>
      </Section>
    </>
  );
}
