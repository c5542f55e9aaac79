/**
 * How each person the site shows is drawn: the leaders (app/content/leaders.ts), the
 * authors of testimonials (app/content/testimonials.ts) and the clients who speak in the
 * case studies' videos (app/content/case-studies.ts), in one illustrated style.
 *
 * The drawings are made when the site is built (scripts/vite-portraits.ts) with DiceBear's
 * "Notionists" style: line drawings by Zoish, released under CC0 1.0 (public domain), so
 * they may be used commercially without credit. Never photographs of real people. Each
 * person's features are chosen here (hair, beard, glasses, background), the rest follows
 * from their name; the same name always gives the same drawing.
 */
export type PortraitSpec = {
  /** A variant of the style's hair (01-63). */
  hair: number;
  beard?: number;
  /** Clear glasses only: variants 3, 8 and 11 (the others are sunglasses). */
  glasses?: 3 | 8 | 11;
  /** Background, one of the brand's tints. */
  tone: "blue" | "gold" | "sand";
};

export const portraitTones = { blue: "dbe5ff", gold: "fcd27b", sand: "f3ede2" } as const;

/** Keyed by the person's slug: a leader's own slug, a testimonial author's name slugged. */
export const portraitSpecs = {
  "jordan-ellery": { hair: 20, glasses: 11, tone: "gold" },
  "priya-natarajan": { hair: 28, tone: "blue" },
  "marcus-bell": { hair: 33, beard: 5, tone: "sand" },
  "elena-sokolova": { hair: 48, tone: "blue" },
  "darnell-hayes": { hair: 49, beard: 2, tone: "gold" },
  "hannah-whitaker": { hair: 39, tone: "sand" },
  "tomas-rivera": { hair: 17, glasses: 3, tone: "blue" },
  "grace-liu": { hair: 41, glasses: 8, tone: "gold" },
  "samuel-okafor": { hair: 60, beard: 9, tone: "sand" },
  "dana-whitfield": { hair: 36, tone: "blue" },
  "marcus-oyelaran": { hair: 31, glasses: 3, tone: "gold" },
  "priya-raman": { hair: 23, tone: "sand" },
  "tom-becker": { hair: 42, glasses: 8, tone: "blue" },
  "elena-sorensen": { hair: 47, tone: "gold" },
  "jamal-carter": { hair: 53, beard: 7, tone: "sand" },
  "mara-lindqvist": { hair: 45, glasses: 8, tone: "sand" },
  "devon-mercer": { hair: 12, beard: 4, tone: "blue" },
  "alicia-romero": { hair: 26, tone: "gold" },
  "ben-adeyemi": { hair: 58, glasses: 3, tone: "blue" },
} as const satisfies Record<string, PortraitSpec>;

export type PortraitSlug = keyof typeof portraitSpecs;

/** The people who speak in the site's videos: each gets a poster frame with their drawing. */
export const videoSpeakers = [
  "jordan-ellery",
  "mara-lindqvist",
  "devon-mercer",
  "alicia-romero",
  "ben-adeyemi",
] as const satisfies readonly PortraitSlug[];

export type VideoSpeaker = (typeof videoSpeakers)[number];

/** The slug of a name: lower case, accents dropped, words joined by hyphens. */
export function personSlug(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
