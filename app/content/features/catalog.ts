/**
 * The feature pages by slug (/features/<slug>) and the name that links to each: the one
 * list the footer, the feature pages and their rendering read. It imports nothing but the
 * router's href (already in every page), so the footer on every page does not pull the
 * pages' copy and icons into the shared bundle.
 */
import { href } from "react-router";

export const featureCatalog = [
  { slug: "founder-ceo-thought-leadership", name: "Founder & CEO Thought Leadership" },
  { slug: "b2b-event-attendee-acquisition", name: "B2B Event Attendee Acquisition" },
  { slug: "full-lifecycle-marketing", name: "Full-Lifecycle Marketing" },
  { slug: "audience-activation", name: "Audience Activation" },
] as const;

export type FeatureSlug = (typeof featureCatalog)[number]["slug"];

export const featureSlugs: FeatureSlug[] = featureCatalog.map((feature) => feature.slug);

export function featureName(slug: FeatureSlug): string {
  return featureCatalog.find((feature) => feature.slug === slug)?.name ?? slug;
}

export function featurePath(slug: FeatureSlug): string {
  return href("/features/:feature", { feature: slug });
}
