import { Outlet, useParams } from "react-router";
import { PipelineChartArt } from "#app/components/art/pipeline-chart.tsx";
import { ButtonLink } from "#app/components/button-link.tsx";
import { CaseStudyTabs } from "#app/components/case-studies/case-study-tabs.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { caseStudiesPage, caseStudyNav, defaultCaseStudy } from "#app/content/case-studies.ts";

/** The case-study group: heading, intro, call to action and the tabs; the study below. */
export default function CaseStudiesLayout() {
  const { eyebrow, title, intro, cta, tabsLabel } = caseStudiesPage;
  const { study = defaultCaseStudy.slug } = useParams();
  return (
    <>
      <PageHeader
        eyebrow={eyebrow}
        title={title}
        lead={intro}
        art={<PipelineChartArt className="hidden lg:block" />}
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
