// The site's portraits, drawn when it is built: `import portraits from "virtual:portraits"`
// gives each person's slug the URL of their drawing, a hashed SVG file among the build's
// assets (served for a year, immutable). Who looks how is app/content/portraits.ts.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createAvatar } from "@dicebear/core";
import * as notionists from "@dicebear/notionists";
import type { Plugin } from "vite";
import {
  type PortraitSpec,
  portraitSpecs,
  portraitTones,
  videoSpeakers,
} from "../app/content/portraits.ts";

const variant = (n: number) => `variant${String(n).padStart(2, "0")}` as "variant01";
/** Closed-mouth smiles and plain tops: the style's other variants (a tongue out, a bolt on
 * a T-shirt) are livelier than a leadership page. The name picks among these. */
const calmLips = [3, 4, 5, 6, 17, 18, 21, 23].map(variant);
const calmBodies = [1, 3, 5, 7, 9, 13, 14, 16, 19, 21].map(variant);

/** One person's drawing, as SVG text: the same slug and spec always give the same bytes. */
export function portraitSvg(slug: string, spec: PortraitSpec): string {
  return createAvatar(notionists, portraitOptions(slug, spec)).toString();
}

function portraitOptions(slug: string, spec: PortraitSpec) {
  return {
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
  };
}

/**
 * A video's poster frame, 16:9: an interview set in the brand's colours (a window of warm
 * light, the desk, a microphone), with the speaker's drawing when there is one. The title
 * and the play button are the page's own text over it (app/components/video-preview.tsx).
 */
export function posterSvg(speaker?: { slug: string; spec: PortraitSpec }): string {
  let person = "";
  if (speaker) {
    const drawing = createAvatar(notionists, {
      ...portraitOptions(speaker.slug, speaker.spec),
      backgroundColor: [],
    }).toString();
    person = drawing.replace("<svg ", '<svg x="610" y="150" width="500" height="500" ');
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720" width="1280" height="720">',
    '<rect width="1280" height="720" fill="#0f1f4d"/>',
    '<path d="M0 0h1280v720H0z" fill="#1a327f" opacity=".35"/>',
    '<rect x="560" y="90" width="600" height="520" rx="36" fill="#1f3ea3"/>',
    '<rect x="600" y="130" width="520" height="440" rx="24" fill="#fcd27b"/>',
    '<path d="M860 130v440M600 350h520" stroke="#f9b93b" stroke-width="10"/>',
    person,
    '<rect y="600" width="1280" height="120" fill="#0b1b33"/>',
    '<rect x="1139" y="470" width="22" height="140" rx="11" fill="#334155"/>',
    '<rect x="1115" y="400" width="70" height="110" rx="35" fill="#cbd5e1"/>',
    '<path d="M1125 430h50M1125 455h50M1125 480h50" stroke="#94a3b8" stroke-width="6"/>',
    '<circle cx="120" cy="110" r="10" fill="#f2a20c"/>',
    "</svg>",
  ].join("");
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
      const drawings: [string, string][] = [
        ...Object.entries(portraitSpecs).map(([slug, spec]): [string, string] => [
          slug,
          portraitSvg(slug, spec),
        ]),
        ...videoSpeakers.map((slug): [string, string] => [
          `poster-${slug}`,
          posterSvg({ slug, spec: portraitSpecs[slug] }),
        ]),
        ["poster-studio", posterSvg()],
      ];
      if (!building) {
        // The development server and the unit tests: each drawing inline, as a data URL.
        const urls = drawings.map(([slug, svg]) => [
          slug,
          `data:image/svg+xml,${encodeURIComponent(svg)}`,
        ]);
        return `export default ${JSON.stringify(Object.fromEntries(urls))};\n`;
      }
      mkdirSync(folder, { recursive: true });
      const lines: string[] = [];
      const entries: string[] = [];
      drawings.forEach(([slug, svg], index) => {
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
