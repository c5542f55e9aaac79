import { audienceActivation } from "#app/content/features/audience-activation.ts";
import { b2bEventAttendeeAcquisition } from "#app/content/features/b2b-event-attendee-acquisition.ts";
import type { FeatureSlug } from "#app/content/features/catalog.ts";
import { founderCeoThoughtLeadership } from "#app/content/features/founder-ceo-thought-leadership.ts";
import { fullLifecycleMarketing } from "#app/content/features/full-lifecycle-marketing.ts";
import type { FeaturePageContent } from "#app/content/features/types.ts";

export {
  type FeatureSlug,
  featureCatalog,
  featurePath,
  featureSlugs,
} from "#app/content/features/catalog.ts";

export type { FeatureCard, FeaturePageContent } from "#app/content/features/types.ts";

/** The feature pages, keyed by the last segment of /features/<slug>. */
export const features = {
  "founder-ceo-thought-leadership": founderCeoThoughtLeadership,
  "b2b-event-attendee-acquisition": b2bEventAttendeeAcquisition,
  "full-lifecycle-marketing": fullLifecycleMarketing,
  "audience-activation": audienceActivation,
} satisfies Record<FeatureSlug, FeaturePageContent>;

export function findFeature(slug: string | undefined): FeaturePageContent | undefined {
  return slug && Object.hasOwn(features, slug) ? features[slug as FeatureSlug] : undefined;
}
