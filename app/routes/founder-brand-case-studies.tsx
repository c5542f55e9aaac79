import { Outlet } from "react-router";
import { ButtonLink } from "#app/components/button-link.tsx";
import { CaseStudyTabs } from "#app/components/case-studies/case-study-tabs.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { caseStudiesPage, caseStudyNav } from "#app/content/case-studies.ts";

/** The case-study group: heading, intro, call to action and the tabs; the study below. */
export default function CaseStudiesLayout() {
  const { eyebrow, title, intro, cta, tabsLabel } = caseStudiesPage;
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} lead={intro}>
        <ButtonLink to={cta.to}>{cta.label}</ButtonLink>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <CaseStudyTabs label={tabsLabel} items={caseStudyNav} />
        <div className="pt-12">
          <Outlet />
        </div>
      </div>
    </>
  );
}
