// The site's portraits, drawn when it is built: `import portraits from "virtual:portraits"`
// gives each person's slug the URL of their drawing, a hashed SVG file among the build's
// assets (served for a year, immutable). Who looks how is app/content/portraits.ts.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createAvatar } from "@dicebear/core";
import * as notionists from "@dicebear/notionists";
import type { Plugin } from "vite";
import { type PortraitSpec, portraitSpecs, portraitTones } from "../app/content/portraits.ts";

const variant = (n: number) => `variant${String(n).padStart(2, "0")}` as "variant01";
/** Closed-mouth smiles and plain tops: the style's other variants (a tongue out, a bolt on
 * a T-shirt) are livelier than a leadership page. The name picks among these. */
const calmLips = [3, 4, 5, 6, 17, 18, 21, 23].map(variant);
const calmBodies = [1, 3, 5, 7, 9, 13, 14, 16, 19, 21].map(variant);

/** One person's drawing, as SVG text: the same slug and spec always give the same bytes. */
export function portraitSvg(slug: string, spec: PortraitSpec): string {
  return createAvatar(notionists, {
    seed: slug,
    // The style's own variants, narrowed to a calm, consistent set.
    hair: [variant(spec.hair)],
    lips: calmLips,
    body: calmBodies,
    beard: spec.beard ? [variant(spec.beard)] : undefined,
    beardProbability: spec.beard ? 100 : 0,
    glasses: spec.glasses ? [variant(spec.glasses)] : undefined,
    glassesProbability: spec.glasses ? 100 : 0,
    bodyIconProbability: 0,
    gestureProbability: 0,
    backgroundColor: [portraitTones[spec.tone]],
    scale: 110,
    translateY: 4,
  }).toString();
}

const publicId = "virtual:portraits";
const resolvedId = `\0${publicId}`;

export function portraits(): Plugin {
  let folder = "";
  let building = false;
  return {
    name: "northstory:portraits",
    configResolved(config) {
      folder = path.join(config.cacheDir, "portraits");
      building = config.command === "build";
    },
    resolveId(id) {
      return id === publicId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return;
      if (!building) {
        // The development server and the unit tests: each drawing inline, as a data URL.
        const urls = Object.entries(portraitSpecs).map(([slug, spec]) => [
          slug,
          `data:image/svg+xml,${encodeURIComponent(portraitSvg(slug, spec))}`,
        ]);
        return `export default ${JSON.stringify(Object.fromEntries(urls))};\n`;
      }
      mkdirSync(folder, { recursive: true });
      const lines: string[] = [];
      const entries: string[] = [];
      Object.entries(portraitSpecs).forEach(([slug, spec], index) => {
        const svg = portraitSvg(slug, spec);
        // Vite's asset pipeline names the built file by its content (`<slug>-<hash>.svg`).
        const file = path.join(folder, `${slug}.svg`);
        writeFileSync(file, svg);
        lines.push(`import p${index} from ${JSON.stringify(`${file}?url`)};`);
        entries.push(`${JSON.stringify(slug)}: p${index}`);
      });
      return `${lines.join("\n")}\nexport default { ${entries.join(", ")} };\n`;
    },
  };
}
