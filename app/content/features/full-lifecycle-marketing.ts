import { HeartHandshake, Layers, Megaphone, Repeat } from "lucide-react";
import { href } from "react-router";
import { featureName } from "#app/content/features/catalog.ts";
import type { FeaturePageContent } from "#app/content/features/types.ts";
import { leadLink } from "#app/lib/cta.ts";

export const fullLifecycleMarketing: FeaturePageContent = {
  name: featureName("full-lifecycle-marketing"),
  meta: {
    title: "Full-Lifecycle B2B Marketing",
    description:
      "Content that works at every stage of the B2B buying journey: awareness, nurture, sales enablement and customer advocacy, all built from your founder's voice.",
    keywords: [
      "full-lifecycle marketing",
      "B2B buyer journey content",
      "sales enablement content",
      "customer advocacy marketing",
    ],
  },
  hero: {
    eyebrow: "Full-lifecycle marketing",
    title: "One voice from first impression to renewal",
    lead: "Most content stops at awareness. We carry your founder's ideas through every stage of the buying journey, so prospects, active deals and existing customers all hear the same clear story.",
  },
  cardsHeading: "Content for every stage",
  cardsIntro:
    "Built from the same monthly interview, shaped for where each reader is in their journey.",
  cards: [
    {
      icon: Megaphone,
      title: "Awareness",
      description:
        "LinkedIn posts and articles that put your point of view in front of buyers who do not know you yet.",
    },
    {
      icon: Repeat,
      title: "Nurture",
      description:
        "Newsletters and follow-up sequences that keep interested prospects learning from you until they are ready to talk.",
    },
    {
      icon: Layers,
      title: "Sales enablement",
      description:
        "One-pagers, objection-handling posts and short explainers your sales team can send during active deals.",
    },
    {
      icon: HeartHandshake,
      title: "Customer advocacy",
      description:
        "Customer stories and co-authored posts that strengthen renewals and turn happy clients into referral sources.",
    },
  ],
  cta: {
    title: "Make every stage of your funnel sound like you",
    body: "On a 20-minute intro call we will look at where deals stall today and which content would move them.",
    primary: {
      label: "Book A Call",
      to: leadLink("/book-a-call", "feature-full-lifecycle-marketing"),
    },
    secondary: { label: "See How It Works", to: href("/how-northstory-works-audience") },
  },
};
