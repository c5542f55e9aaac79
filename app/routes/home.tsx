import portraits from "virtual:portraits";
import { CheckCircle2 } from "lucide-react";
import { PostToArticleArt } from "#app/components/art/post-to-article.tsx";
import { ButtonLink } from "#app/components/button-link.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { CaseStudyCards } from "#app/components/proof/case-study-cards.tsx";
import { ClientLogos } from "#app/components/proof/client-logos.tsx";
import { Claims } from "#app/components/site-footer.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { VideoPreview } from "#app/components/video-preview.tsx";
import { home } from "#app/content/home.ts";
import { seo, siteJsonLd, videoJsonLd } from "#app/content/seo.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { originFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/home";

export const handle = staticPage();

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(originFrom(matches), { ...home.meta, path: "/", rawTitle: true }),
  siteJsonLd(originFrom(matches)),
  videoJsonLd(originFrom(matches), { ...home.truths.video, description: home.truths.intro }),
];

export default function Home() {
  const { hero, clients, stories, proofPoints, truths, pitch } = home;
  return (
    <>
      <PageHeader
        size="lg"
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        art={<PostToArticleArt />}
      >
        <ButtonLink to={hero.primary.to}>{hero.primary.label}</ButtonLink>
        <ButtonLink to={hero.secondary.to} variant="outline">
          {hero.secondary.label}
          <span className="sr-only"> {hero.secondary.context}</span>
        </ButtonLink>
      </PageHeader>

      <Container as="section" aria-label="Clients and rating" className="py-10 sm:py-12">
        <ClientLogos label={clients.label} />
      </Container>

      <Container as="section" aria-labelledby="proof-heading" className="py-16">
        <h2 id="proof-heading" className="sr-only">
          What you get
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {proofPoints.map((point) => (
            <Card as="li" key={point.title}>
              <CheckCircle2 aria-hidden="true" className="h-8 w-8 text-brand-600" />
              <h3 className="mt-4 text-xl font-bold">{point.title}</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{point.body}</p>
            </Card>
          ))}
        </ul>
        <div className="mt-12 rounded-2xl bg-sand p-6 sm:p-8">
          <Claims tone="light" />
        </div>
      </Container>

      <section aria-labelledby="truths-heading" className="bg-ink py-20 text-white">
        <Container className="grid items-center gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading id="truths-heading" size="lg">
              {truths.title}
            </SectionHeading>
            <p className="mt-4 text-lg text-slate-300">{truths.intro}</p>
            <ol className="mt-8 space-y-6">
              {truths.items.map((item, index) => (
                <li key={item.title} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent-400 font-bold text-ink"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="text-xl font-bold">{item.title}</h3>
                    <p className="mt-1 leading-relaxed text-slate-300">{item.body}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <VideoPreview
            videoId={truths.video.id}
            title={truths.video.title}
            duration={truths.video.duration}
            poster={portraits["poster-jordan-ellery"]}
          />
        </Container>
      </section>

      <Container as="section" aria-labelledby="stories-heading" className="py-20">
        <div className="flex flex-col justify-between gap-4 sm:flex-row sm:items-end">
          <SectionHeading id="stories-heading">{stories.title}</SectionHeading>
          <ButtonLink to={stories.all.to} variant="outline">
            {stories.all.label}
          </ButtonLink>
        </div>
        <div className="mt-10">
          <CaseStudyCards cards={stories.cards} more={stories.more} />
        </div>
      </Container>

      <section
        aria-labelledby="pitch-heading"
        className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6"
      >
        <SectionHeading id="pitch-heading" size="lg">
          {pitch.title}
        </SectionHeading>
        {pitch.body.map((paragraph) => (
          <p key={paragraph} className="mt-6 text-lg leading-relaxed text-ink-soft">
            {paragraph}
          </p>
        ))}
        <div className="mt-10 flex flex-col justify-center gap-4 sm:flex-row">
          <ButtonLink to={pitch.primary.to}>{pitch.primary.label}</ButtonLink>
          <ButtonLink to={pitch.secondary.to} variant="outline">
            {pitch.secondary.label}
            <span className="sr-only"> {pitch.secondary.context}</span>
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
