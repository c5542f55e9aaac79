import { Outlet, useParams } from "react-router";
import { CaseStudyArt } from "#app/components/art/case-study-art.tsx";
import { ButtonLink } from "#app/components/button-link.tsx";
import { CaseStudyTabs } from "#app/components/case-studies/case-study-tabs.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Container } from "#app/components/ui/container.tsx";
import {
  caseStudiesPage,
  caseStudyNav,
  defaultCaseStudy,
  findCaseStudy,
} from "#app/content/case-studies.ts";

/** The case-study group: heading, intro, call to action and the tabs; the study below. */
export default function CaseStudiesLayout() {
  const { eyebrow, title, intro, cta, tabsLabel } = caseStudiesPage;
  const { study = defaultCaseStudy.slug } = useParams();
  // An unknown slug is a 404 below; the header then shows the first study's art.
  const shown = findCaseStudy(study) ?? defaultCaseStudy;
  return (
    <>
      <PageHeader
        eyebrow={eyebrow}
        title={title}
        lead={intro}
        art={
          // One height for every study's picture, so the tabs below stay put from study
          // to study (Cue's chart is the tallest).
          <div className="hidden lg:flex lg:h-[25rem] lg:items-center">
            <CaseStudyArt study={shown} />
          </div>
        }
      >
        <ButtonLink to={cta.to(study)}>{cta.label}</ButtonLink>
      </PageHeader>
      <Container className="pb-20">
        <CaseStudyTabs label={tabsLabel} items={caseStudyNav} />
        <div className="pt-12">
          <Outlet />
        </div>
      </Container>
    </>
  );
}
