import { CheckCircle2 } from "lucide-react";
import { ButtonLink } from "#app/components/button-link.tsx";
import { Claims } from "#app/components/site-footer.tsx";
import { VideoPreview } from "#app/components/video-preview.tsx";
import { home } from "#app/content/home.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { originFrom, seo, videoJsonLd } from "#app/lib/seo.ts";
import type { Route } from "./+types/home";

export const handle = staticPage();

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(originFrom(matches), { ...home.meta, path: "/", rawTitle: true }),
  videoJsonLd(originFrom(matches), { ...home.truths.video, description: home.truths.intro }),
];

export default function Home() {
  const { hero, proofPoints, truths, pitch } = home;
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 pt-16 pb-20 sm:px-6 sm:pt-24 lg:px-8">
          <p className="font-semibold tracking-wide text-brand-700 uppercase">{hero.eyebrow}</p>
          <h1 className="mt-4 max-w-4xl font-display text-5xl leading-tight font-bold tracking-tight text-ink sm:text-6xl lg:text-7xl">
            {hero.title}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ink-soft sm:text-xl">
            {hero.lead}
          </p>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <ButtonLink to={hero.primary.to}>{hero.primary.label}</ButtonLink>
            <ButtonLink to={hero.secondary.to} variant="outline">
              {hero.secondary.label}
              <span className="sr-only"> {hero.secondary.context}</span>
            </ButtonLink>
          </div>
        </div>
      </section>

      <section
        aria-labelledby="proof-heading"
        className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8"
      >
        <h2 id="proof-heading" className="sr-only">
          What you get
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {proofPoints.map((point) => (
            <li
              key={point.title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <CheckCircle2 aria-hidden="true" className="h-8 w-8 text-brand-600" />
              <h3 className="mt-4 text-xl font-bold">{point.title}</h3>
              <p className="mt-2 leading-relaxed text-ink-soft">{point.body}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 rounded-2xl bg-sand p-6 sm:p-8">
          <Claims tone="light" />
        </div>
      </section>

      <section aria-labelledby="truths-heading" className="bg-ink py-20 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <h2 id="truths-heading" className="font-display text-4xl font-bold sm:text-5xl">
              {truths.title}
            </h2>
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
          />
        </div>
      </section>

      <section
        aria-labelledby="pitch-heading"
        className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6"
      >
        <h2 id="pitch-heading" className="font-display text-4xl font-bold sm:text-5xl">
          {pitch.title}
        </h2>
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
