import type { LucideIcon } from "lucide-react";

export type FeatureCard = { title: string; description: string; icon: LucideIcon };

export type FeaturePageContent = {
  /** Short name for breadcrumbs and links. */
  name: string;
  meta: { title: string; description: string; keywords: string[] };
  hero: { eyebrow: string; title: string; lead: string };
  cardsHeading: string;
  cardsIntro: string;
  cards: [FeatureCard, FeatureCard, FeatureCard, FeatureCard];
  cta: {
    title: string;
    body: string;
    primary: { label: string; to: string };
    secondary: { label: string; to: string };
  };
};
