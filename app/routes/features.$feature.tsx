import { data } from "react-router";
import { CtaBand } from "#app/components/marketing/cta-band.tsx";
import { NotFound } from "#app/components/not-found.tsx";
import { PageHeader, Section } from "#app/components/page-header.tsx";
import { type FeatureSlug, features, findFeature } from "#app/content/features/index.ts";
import { site } from "#app/content/site.ts";
import { breadcrumbJsonLd, seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/features.$feature";

/**
 * One page component for the four feature pages. Any other slug answers 404 with the
 * not-found page, rendered here (like routes/not-found.tsx) so that it keeps its title.
 */
export function loader({ params }: Route.LoaderArgs) {
  if (!findFeature(params.feature)) return data({ slug: null }, { status: 404 });
  return { slug: params.feature as FeatureSlug };
}

export const meta: Route.MetaFunction = ({ params }) => {
  const feature = findFeature(params.feature);
  if (!feature) {
    return [{ title: `Page not found | ${site.name}` }, { name: "robots", content: "noindex" }];
  }
  const path = `/features/${params.feature}`;
  return [
    ...seo({ ...feature.meta, path }),
    breadcrumbJsonLd([
      { name: "Home", path: "/" },
      { name: feature.name, path },
    ]),
  ];
};

export default function FeaturePage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.slug) return <NotFound />;
  const { hero, cards, cta, cardsHeading, cardsIntro } = features[loaderData.slug];
  return (
    <>
      <PageHeader eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead} />
      <Section id="features" title={cardsHeading} intro={cardsIntro}>
        <ul className="grid gap-6 sm:grid-cols-2">
          {cards.map(({ title, description, icon: Icon }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
            >
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50">
                <Icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
              </span>
              <h3 className="mt-5 text-xl font-bold">{title}</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{description}</p>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand id="feature-cta" {...cta} />
    </>
  );
}
