import { ShuffledPostGrid } from "#app/components/content-examples/shuffled-post-grid.tsx";
import { CtaBand } from "#app/components/marketing/cta-band.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { contentExamples, embeddedPosts } from "#app/content/content-examples.ts";
import { perRequestPage } from "#app/lib/page-rendering.ts";
import { originFrom, seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/founder-brand-content-examples";

export const handle = perRequestPage({ sitemap: true });

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(originFrom(matches), { ...contentExamples.meta, path: "/founder-brand-content-examples" });

export default function ContentExamples() {
  const { hero, gridHeading, gridIntro, cta } = contentExamples;
  return (
    <>
      <PageHeader eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead} />
      <section
        aria-labelledby="posts-heading"
        className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8"
      >
        <h2 id="posts-heading" className="font-display text-3xl font-bold tracking-tight">
          {gridHeading}
        </h2>
        <p className="mt-3 max-w-3xl text-lg leading-relaxed text-ink-soft">{gridIntro}</p>
        <div className="mt-10">
          <ShuffledPostGrid
            posts={embeddedPosts}
            copy={contentExamples}
            labelledBy="posts-heading"
          />
        </div>
      </section>
      <CtaBand id="examples-cta" {...cta} />
    </>
  );
}
