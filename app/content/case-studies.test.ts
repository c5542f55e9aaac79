import { describe, expect, test } from "vitest";
import {
  type CaseStudy,
  type CaseStudyBlock,
  caseStudies,
  caseStudyNav,
  headlineFigures,
  studyVoice,
} from "#app/content/case-studies.ts";

function blockText(block: CaseStudyBlock): string[] {
  switch (block.kind) {
    case "video":
      return [block.heading, ...block.paragraphs, block.video.title];
    case "quote":
      return [block.text, block.name, block.role];
    case "text":
      return [block.heading, ...block.paragraphs, ...(block.bullets ?? [])];
    case "stats":
      return [
        block.heading,
        ...(block.paragraphs ?? []),
        ...block.stats.map((s) => `${s.value} ${s.label}`),
      ];
  }
}

/** Every word a visitor or a search engine reads for one study. */
function allText(study: CaseStudy): string {
  const blocks = study.blocks.flatMap(blockText);
  return [study.meta.title, study.meta.description, study.title, study.summary, ...blocks].join(
    "\n",
  );
}

const studyWith = (claim: RegExp) =>
  caseStudies.filter((study) => claim.test(allText(study))).map((s) => s.slug);

describe("case studies", () => {
  test("the five studies are in the tab order of the spec", () => {
    expect(caseStudyNav.map((item) => item.to)).toEqual([
      "/founder-brand-case-studies/amoeba-ai",
      "/founder-brand-case-studies/the-spikes-case-study",
      "/founder-brand-case-studies/cue-case-study",
      "/founder-brand-case-studies/blast-media",
      "/founder-brand-case-studies/storyboard-media",
    ]);
  });

  test("each claim belongs to exactly one study", () => {
    expect(studyWith(/\$1M\+/)).toEqual(["blast-media"]);
    expect(studyWith(/12X ROI/)).toEqual(["blast-media"]);
    expect(studyWith(/\b10x\b/)).toEqual(["storyboard-media"]);
    expect(studyWith(/7 new clients in the first 9 months/)).toEqual(["the-spikes-case-study"]);
    expect(studyWith(/first deal closed after 5 months/)).toEqual(["storyboard-media"]);
    expect(studyWith(/9\.7%/)).toEqual(["cue-case-study"]);
    expect(studyWith(/\$30k/)).toEqual(["cue-case-study"]);
  });

  test("the pilot is $30k everywhere, never $25k", () => {
    for (const study of caseStudies) expect(allText(study)).not.toMatch(/\$25k|25,000/);
    const cue = caseStudies.find((study) => study.slug === "cue-case-study");
    expect(cue?.meta.description).toMatch(/\$30k pilot within 90 days/);
    expect(cue?.meta.description).toMatch(/16 leads/);
    expect(cue?.meta.description).toMatch(/first 10 weeks/);
  });

  test("amoeba-ai opens with its 'Have you met' video section", () => {
    const [first] = caseStudies[0]?.blocks ?? [];
    expect(first?.kind).toBe("video");
    expect(first?.kind === "video" && first.heading).toMatch(/^Have you met \w+\?$/);
  });

  test("each study has a unique description of 110 to 160 characters", () => {
    for (const { meta } of caseStudies) {
      expect(meta.description.length, meta.description).toBeGreaterThanOrEqual(110);
      expect(meta.description.length, meta.description).toBeLessThanOrEqual(160);
    }
    expect(new Set(caseStudies.map((study) => study.meta.description)).size).toBe(
      caseStudies.length,
    );
  });

  test("each study's header has figures of its own, and its voice is the person in its video", () => {
    for (const study of caseStudies) {
      const figures = headlineFigures(study);
      expect(figures.length, study.slug).toBeGreaterThan(0);
      const results = study.blocks.flatMap((block) => (block.kind === "stats" ? block.stats : []));
      // A study with results shows exactly those; figures at a glance only stand in for none.
      if (results.length > 0) expect(figures, study.slug).toEqual(results);
      const voice = studyVoice(study);
      if (voice?.speaker) {
        const [first, last] = voice.speaker.split("-");
        expect(voice.name.toLowerCase(), study.slug).toContain(`${first} ${last}`);
      }
    }
    expect(studyVoice(caseStudies[1] as CaseStudy)).toBeUndefined();
  });
});
