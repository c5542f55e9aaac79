import { expect, test } from "vitest";
import { clientResults } from "#app/components/art/client-results.tsx";
import { caseStudies } from "#app/content/case-studies.ts";

test("the client success art quotes its case studies' figures exactly", () => {
  for (const row of clientResults) {
    const study = caseStudies.find((candidate) => candidate.slug === row.study);
    expect(study?.name, row.study).toBe(row.client);
    const stats = study?.blocks.flatMap((block) => (block.kind === "stats" ? block.stats : []));
    expect(stats).toContainEqual({ value: row.value, label: row.label });
  }
});
