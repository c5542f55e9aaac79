import { PostStackArt } from "#app/components/art/post-stack.tsx";
import { PostGrid } from "#app/components/content-examples/post-grid.tsx";
import { CtaBand } from "#app/components/marketing/cta-band.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { contentExamples, embeddedPosts } from "#app/content/content-examples.ts";
import { seo } from "#app/content/seo.ts";
import { perRequestPage } from "#app/lib/page-rendering.ts";
import { originFrom } from "#app/lib/seo.ts";
import { shuffled } from "#app/lib/shuffle.ts";
import type { Route } from "./+types/founder-brand-content-examples";

// Rendered for every request, so each visit gets its own order straight from the server.
export const handle = perRequestPage({ sitemap: true });

/** The posts in a new random order on every load: their positions in the content module. */
export function loader() {
  return { order: shuffled(embeddedPosts.map((_, index) => index)) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(originFrom(matches), { ...contentExamples.meta, path: "/founder-brand-content-examples" });

export default function ContentExamples({ loaderData }: Route.ComponentProps) {
  const { hero, gridHeading, gridIntro, cta } = contentExamples;
  const posts = loaderData.order.flatMap((index) => embeddedPosts[index] ?? []);
  return (
    <>
      <PageHeader
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        art={<PostStackArt />}
      />
      <Container as="section" aria-labelledby="posts-heading" className="pb-20">
        <SectionHeading id="posts-heading">{gridHeading}</SectionHeading>
        <p className="mt-3 max-w-3xl text-lg leading-relaxed text-ink-soft">{gridIntro}</p>
        <div className="mt-10">
          <PostGrid posts={posts} copy={contentExamples} labelledBy="posts-heading" />
        </div>
      </Container>
      <CtaBand id="examples-cta" {...cta} />
    </>
  );
}
