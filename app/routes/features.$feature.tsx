import { data } from "react-router";
import { FeatureStepsArt } from "#app/components/art/feature-steps.tsx";
import { CtaBand } from "#app/components/marketing/cta-band.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { IconBadge } from "#app/components/ui/icon-badge.tsx";
import { Section } from "#app/components/ui/section.tsx";
import {
  type FeatureSlug,
  featureSlugs,
  features,
  findFeature,
} from "#app/content/features/index.ts";
import { seo } from "#app/content/seo.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { breadcrumbJsonLd, originFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/features.$feature";

/** One page component for the four feature pages; any other slug is a real 404. */
export function loader({ params }: Route.LoaderArgs) {
  if (!findFeature(params.feature)) throw data(null, { status: 404 });
  return { slug: params.feature as FeatureSlug };
}

export const handle = staticPage(() => featureSlugs.map((feature) => ({ feature })));

export const meta: Route.MetaFunction = ({ params, matches }) => {
  const origin = originFrom(matches);
  const feature = findFeature(params.feature);
  // An unknown feature ends in the root error boundary, whose meta titles the 404.
  if (!feature) return [];
  const path = `/features/${params.feature}`;
  return [
    ...seo(origin, { ...feature.meta, path }),
    breadcrumbJsonLd(origin, [
      { name: "Home", path: "/" },
      { name: feature.name, path },
    ]),
  ];
};

export default function FeaturePage({ loaderData }: Route.ComponentProps) {
  const feature = features[loaderData.slug];
  const { hero, cards, cta, cardsHeading, cardsIntro } = feature;
  return (
    <>
      <PageHeader
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        art={<FeatureStepsArt slug={loaderData.slug} feature={feature} />}
      />
      <Section id="features" title={cardsHeading} intro={cardsIntro}>
        <ul className="grid gap-6 sm:grid-cols-2">
          {cards.map(({ title, description, icon: Icon }) => (
            <Card as="li" key={title} padding="roomy">
              <IconBadge icon={Icon} />
              <h3 className="mt-5 text-xl font-bold">{title}</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{description}</p>
            </Card>
          ))}
        </ul>
      </Section>
      <CtaBand id="feature-cta" {...cta} />
    </>
  );
}
