import { FileText, Mic, PenLine, UserRoundCheck } from "lucide-react";
import { href } from "react-router";
import { featureName } from "#app/content/features/catalog.ts";
import type { FeaturePageContent } from "#app/content/features/types.ts";
import { leadLink } from "#app/lib/cta.ts";

export const founderCeoThoughtLeadership: FeaturePageContent = {
  name: featureName("founder-ceo-thought-leadership"),
  meta: {
    title: "Founder & CEO Thought Leadership on LinkedIn",
    description:
      "Become the trusted voice in your category. Northstory turns a monthly interview into LinkedIn posts and articles written in your voice and approved by you.",
    keywords: [
      "CEO thought leadership",
      "founder LinkedIn ghostwriting",
      "executive branding",
      "B2B thought leadership agency",
    ],
  },
  hero: {
    eyebrow: "Founder & CEO thought leadership",
    title: "Become the voice your market trusts",
    lead: "Your buyers want to know who is behind the company before they take a meeting. We turn what you already know into a steady stream of content that proves it, without taking you away from the business.",
  },
  cardsHeading: "What the program includes",
  cardsIntro:
    "Everything needed to publish consistently as yourself, for about an hour of your time a month.",
  cards: [
    {
      icon: Mic,
      title: "Monthly interview",
      description:
        "A 30-minute recorded conversation with a strategist who asks the questions your buyers ask. It is the raw material for everything we write.",
    },
    {
      icon: PenLine,
      title: "Posts in your voice",
      description:
        "8 to 12 LinkedIn posts and carousels a month, drafted from your own words by a writer who learns how you think and speak.",
    },
    {
      icon: FileText,
      title: "Long-form articles",
      description:
        "Deeper pieces on the themes you want to own, for LinkedIn, your newsletter or your company blog, so your best ideas have a permanent home.",
    },
    {
      icon: UserRoundCheck,
      title: "A profile that converts",
      description:
        "We rewrite your headline, about section and featured links so the people who read your posts understand what you do and how to reach you.",
    },
  ],
  cta: {
    title: "Turn your expertise into your best marketing asset",
    body: "In a 20-minute intro call we will map the themes you could own and show you what a month of content would look like.",
    primary: {
      label: "Book A Call",
      to: leadLink("/book-a-call", "feature-founder-ceo-thought-leadership"),
    },
    secondary: { label: "See How It Works", to: href("/how-northstory-works-audience") },
  },
};
