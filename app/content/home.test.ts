import { expect, test } from "vitest";
import { caseStudies, caseStudyPath } from "#app/content/case-studies.ts";
import { home } from "#app/content/home.ts";

test("the home page's case-study cards quote their studies exactly", () => {
  for (const card of home.stories.cards) {
    const study = caseStudies.find((candidate) => candidate.slug === card.slug);
    expect(study, card.slug).toBeDefined();
    expect(card.name).toBe(study?.name);
    expect(card.industry).toBe(study?.industry);
    expect(card.to).toBe(caseStudyPath({ slug: card.slug }));
    const stats = study?.blocks.flatMap((block) => (block.kind === "stats" ? block.stats : []));
    expect(stats).toContainEqual(card.stat);
  }
});
