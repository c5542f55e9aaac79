import { describe, expect, test } from "vitest";
import { caseStudies } from "#app/content/case-studies.ts";
import { leaders } from "#app/content/leaders.ts";
import { personSlug, portraitSpecs } from "#app/content/portraits.ts";
import { testimonials } from "#app/content/testimonials.ts";
import { portraitSvg } from "../../scripts/vite-portraits.ts";

describe("portraits", () => {
  test("every leader, testimonial's author and case study's speaker has a drawing, and only they do", () => {
    const speakers = caseStudies.flatMap((study) =>
      study.blocks.flatMap((block) => (block.kind === "video" ? [block.video.speaker] : [])),
    );
    const people = [
      ...leaders.map((leader) => leader.slug),
      ...testimonials.map((testimonial) => personSlug(testimonial.name)),
      ...speakers,
    ];
    expect(new Set(people).size).toBe(people.length);
    expect(Object.keys(portraitSpecs).sort()).toEqual([...people].sort());
    // A built site names files; the development server and these tests inline the drawings.
    const drawing = /^data:image\/svg\+xml,%3Csvg/;
    for (const leader of leaders) expect(leader.photo.src, leader.name).toMatch(drawing);
    for (const testimonial of testimonials) {
      expect(testimonial.portrait, testimonial.name).toMatch(drawing);
    }
  });

  test("a drawing is the same every build, square, and carries its public-domain licence", () => {
    const svg = portraitSvg("grace-liu", portraitSpecs["grace-liu"]);
    expect(portraitSvg("grace-liu", portraitSpecs["grace-liu"])).toBe(svg);
    expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 (\d+) \1"/);
    expect(svg).toContain("CC0 1.0");
    expect(svg).not.toMatch(/<image|href="http/);
  });

  test("a name's slug drops accents and joins words with hyphens", () => {
    expect(personSlug("Tomás Rivera")).toBe("tomas-rivera");
    expect(personSlug("Harbor & Finch")).toBe("harbor-finch");
  });
});
