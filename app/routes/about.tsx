import { LeadershipGrid } from "#app/components/about/leadership-grid.tsx";
import { TeamFacesArt } from "#app/components/art/team-faces.tsx";
import { CtaBand } from "#app/components/marketing/cta-band.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Section } from "#app/components/ui/section.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { about } from "#app/content/about.ts";
import { leaders } from "#app/content/leaders.ts";
import { seo } from "#app/content/seo.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { breadcrumbJsonLd, originFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/about";

export const handle = staticPage();

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(originFrom(matches), { ...about.meta, path: "/about" }),
  breadcrumbJsonLd(originFrom(matches), [
    { name: "Home", path: "/" },
    { name: "About", path: "/about" },
  ]),
];

export default function About() {
  const { hero, story, tldr, leadership, cta } = about;
  return (
    <>
      <PageHeader
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        art={<TeamFacesArt />}
      />

      <Section id="story">
        <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-16">
          <div>
            <SectionHeading id="story-heading">{story.heading}</SectionHeading>
            <div className="mt-6 space-y-5 text-lg leading-relaxed text-ink-soft">
              {story.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
          <aside
            aria-labelledby="tldr-heading"
            className="self-start rounded-2xl bg-brand-900 p-6 text-white sm:p-8"
          >
            <SectionHeading id="tldr-heading" size="sm">
              {tldr.heading}
            </SectionHeading>
            <ul className="mt-5 space-y-4">
              {tldr.items.map((item) => (
                <li key={item} className="flex gap-3 leading-relaxed text-brand-100">
                  <span
                    aria-hidden="true"
                    className="mt-2.5 h-2 w-2 shrink-0 rounded-full bg-accent-400"
                  />
                  {item}
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </Section>

      <Section
        id="leadership"
        title={leadership.heading}
        intro={leadership.intro}
        className="bg-sand"
      >
        <LeadershipGrid leaders={leaders} copy={leadership} />
      </Section>

      <CtaBand id="about-cta" {...cta} />
    </>
  );
}
