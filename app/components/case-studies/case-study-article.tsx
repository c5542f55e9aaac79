import portraits from "virtual:portraits";
import { Quote } from "lucide-react";
import { cn } from "#app/components/ui/cn.ts";
import { figurePair } from "#app/components/ui/figure-pair.ts";
import { VideoPreview } from "#app/components/video-preview.tsx";
import type { CaseStudy, CaseStudyBlock } from "#app/content/case-studies.ts";

/** One component for every study: the header, then its blocks in the order the content gives. */
export function CaseStudyArticle({ study }: { study: CaseStudy }) {
  return (
    <article aria-labelledby="case-study-title">
      <header className="max-w-3xl">
        <p className="font-semibold text-brand-700">
          {study.name}
          <span className="text-ink-soft"> · {study.industry}</span>
        </p>
        <h2
          id="case-study-title"
          className="mt-2 font-display text-3xl leading-tight font-bold tracking-tight sm:text-4xl"
        >
          {study.title}
        </h2>
        <p className="mt-4 text-lg leading-relaxed text-ink-soft">{study.summary}</p>
      </header>
      <div className="mt-12 space-y-14">
        {study.blocks.map((block, index) => (
          <Block key={index} block={block} />
        ))}
      </div>
    </article>
  );
}

function Paragraphs({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <div className="mt-4 space-y-4 text-lg leading-relaxed text-ink-soft">
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}

function Block({ block }: { block: CaseStudyBlock }) {
  switch (block.kind) {
    case "video":
      return (
        <section className="grid items-center gap-8 lg:grid-cols-2">
          <div>
            <h3 className="font-display text-3xl font-bold tracking-tight">{block.heading}</h3>
            <Paragraphs paragraphs={block.paragraphs} />
          </div>
          <VideoPreview
            videoId={block.video.id}
            title={block.video.title}
            duration={block.video.duration}
            poster={portraits[`poster-${block.video.speaker}`]}
          />
        </section>
      );
    case "quote":
      return (
        <figure className="rounded-2xl bg-brand-900 p-8 text-white sm:p-10">
          <Quote aria-hidden="true" className="h-10 w-10 text-accent-400" />
          <blockquote className="mt-4 font-display text-2xl leading-snug sm:text-3xl">
            <p>“{block.text}”</p>
          </blockquote>
          <figcaption className="mt-6 text-brand-100">
            <span className="font-semibold text-white">{block.name}</span>, {block.role}
          </figcaption>
        </figure>
      );
    case "text":
      return (
        <section className="max-w-3xl">
          <h3 className="font-display text-2xl font-bold tracking-tight sm:text-3xl">
            {block.heading}
          </h3>
          <Paragraphs paragraphs={block.paragraphs} />
          {block.bullets ? (
            <ul className="mt-6 space-y-3">
              {block.bullets.map((bullet) => (
                <li key={bullet} className="flex gap-3 text-lg leading-relaxed">
                  <span
                    aria-hidden="true"
                    className="mt-2.5 h-2 w-2 shrink-0 rounded-full bg-brand-600"
                  />
                  {bullet}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      );
    case "stats":
      return (
        <section className="rounded-2xl bg-sand p-6 sm:p-10">
          <h3 className="font-display text-2xl font-bold tracking-tight sm:text-3xl">
            {block.heading}
          </h3>
          <dl className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {block.stats.map((stat) => (
              <div key={stat.label} className={cn(figurePair, "rounded-xl bg-white p-6 shadow-sm")}>
                <dt className="mt-2 text-ink-soft">{stat.label}</dt>
                <dd className="font-display text-5xl font-bold text-brand-700">{stat.value}</dd>
              </div>
            ))}
          </dl>
          {block.paragraphs ? <Paragraphs paragraphs={block.paragraphs} /> : null}
        </section>
      );
  }
}
