import { data } from "react-router";
import { CaseStudyArticle } from "#app/components/case-studies/case-study-article.tsx";
import {
  caseStudies,
  caseStudiesBasePath,
  caseStudiesPage,
  caseStudyPath,
  findCaseStudy,
} from "#app/content/case-studies.ts";
import { seo, videoJsonLd } from "#app/content/seo.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { breadcrumbJsonLd, originFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/founder-brand-case-studies.$study";

/** One component for the five studies; any other slug is a real 404. */
export function loader({ params }: Route.LoaderArgs) {
  if (!findCaseStudy(params.study)) throw data(null, { status: 404 });
  return { slug: params.study };
}

export const handle = staticPage(() => caseStudies.map((study) => ({ study: study.slug })));

export const meta: Route.MetaFunction = ({ params, matches }) => {
  const origin = originFrom(matches);
  const study = findCaseStudy(params.study);
  // An unknown study ends in the root error boundary, whose meta titles the 404.
  if (!study) return [];
  const path = caseStudyPath(study);
  return [
    ...seo(origin, { ...study.meta, path }),
    breadcrumbJsonLd(origin, [
      { name: "Home", path: "/" },
      { name: caseStudiesPage.eyebrow, path: caseStudiesBasePath },
      { name: study.name, path },
    ]),
    ...study.blocks.flatMap((block) =>
      block.kind === "video"
        ? [
            videoJsonLd(origin, {
              ...block.video,
              description: block.paragraphs[0] ?? study.meta.description,
            }),
          ]
        : [],
    ),
  ];
};

export default function CaseStudyPage({ loaderData }: Route.ComponentProps) {
  const study = findCaseStudy(loaderData.slug);
  if (!study) return null;
  return <CaseStudyArticle study={study} />;
}
