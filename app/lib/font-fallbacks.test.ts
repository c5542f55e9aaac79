import { readFileSync } from "node:fs";
import { entireMetricsCollection as metrics } from "@capsizecss/metrics/entireMetricsCollection";
import { describe, expect, test } from "vitest";

// The fallback faces of app/fonts.css draw text at the brand faces' metrics until those
// arrive, so swapping moves nothing. Their figures follow from the faces' own metrics
// (@capsizecss/metrics): the average width of English text sets size-adjust, and the
// ascent and descent, divided by that scale, set the line's box.

type Metrics = {
  ascent: number;
  descent: number;
  unitsPerEm: number;
  xWidthAvg: number;
};

function fallback(brand: Metrics, local: Metrics) {
  const scale = brand.xWidthAvg / brand.unitsPerEm / (local.xWidthAvg / local.unitsPerEm);
  const percent = (value: number) => `${Number((value * 100).toFixed(2))}%`;
  return {
    "size-adjust": percent(scale),
    "ascent-override": percent(brand.ascent / brand.unitsPerEm / scale),
    "descent-override": percent(Math.abs(brand.descent) / brand.unitsPerEm / scale),
  };
}

const bold = (family: { variants?: Record<string, unknown> }) =>
  family.variants?.["700"] as Metrics;

const css = readFileSync(new URL("../fonts.css", import.meta.url), "utf8");
/** The declarations of the @font-face whose first local() source is `source`. */
function face(source: string): Record<string, string> {
  const block = css
    .split("@font-face")
    .find((part) => new RegExp(`src:\\s*local\\("${source}"\\)`).test(part))
    ?.split("}")[0];
  if (!block) throw new Error(`no face with local("${source}") in app/fonts.css`);
  return Object.fromEntries(
    [...block.matchAll(/([a-z-]+):\s*([^;]+);/g)].map((match) => [match[1], match[2]?.trim()]),
  );
}

describe("the fallback faces match the brand faces' metrics", () => {
  test("Inter's regular text over Arial (Liberation Sans, Arimo)", () => {
    expect(face("Arial")).toMatchObject(fallback(metrics.inter, metrics.arial));
  });
  test("Inter's bold text over Arial Bold", () => {
    expect(face("Arial Bold")).toMatchObject(fallback(bold(metrics.inter), bold(metrics.arial)));
  });
  test("Fraunces' bold headings over Times New Roman Bold (Liberation Serif, Tinos)", () => {
    expect(face("Times New Roman Bold")).toMatchObject(
      fallback(bold(metrics.fraunces), bold(metrics.timesNewRoman)),
    );
  });
  test("on DejaVu, the scale measured in Chromium and the brand faces' own ascent and descent", () => {
    // DejaVu is not in the metrics collection: size-adjust was measured (the home page's copy
    // set in both faces, 100 px, widths compared); the line's box follows from it.
    for (const [source, brand] of [
      ["DejaVu Sans", metrics.inter],
      ["DejaVu Sans Bold", bold(metrics.inter)],
      ["DejaVu Serif Bold", bold(metrics.fraunces)],
    ] as const) {
      const declared = face(source);
      const scale = Number.parseFloat(declared["size-adjust"] ?? "") / 100;
      expect(declared["ascent-override"]).toBe(
        `${Number(((brand.ascent / brand.unitsPerEm / scale) * 100).toFixed(2))}%`,
      );
      expect(declared["descent-override"]).toBe(
        `${Number(((Math.abs(brand.descent) / brand.unitsPerEm / scale) * 100).toFixed(2))}%`,
      );
    }
  });
});
