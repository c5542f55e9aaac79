import { href } from "react-router";

/**
 * The feature pages by slug (/features/<slug>) and the name that links to each: the one
 * list the footer, the feature pages and their rendering read. It imports no page copy, so
 * the footer on every page does not pull the pages' copy and icons into the shared bundle.
 */
const featureNames = {
  "founder-ceo-thought-leadership": "Founder & CEO Thought Leadership",
  "b2b-event-attendee-acquisition": "B2B Event Attendee Acquisition",
  "full-lifecycle-marketing": "Full-Lifecycle Marketing",
  "audience-activation": "Audience Activation",
} as const;

export type FeatureSlug = keyof typeof featureNames;

export const featureSlugs = Object.keys(featureNames) as FeatureSlug[];

export const featureCatalog = featureSlugs.map((slug) => ({ slug, name: featureNames[slug] }));

export function featureName(slug: FeatureSlug): string {
  return featureNames[slug];
}

export function featurePath(slug: FeatureSlug): string {
  return href("/features/:feature", { feature: slug });
}
