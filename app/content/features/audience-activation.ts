import { CalendarCheck, ChartLine, Radar, Send } from "lucide-react";
import { href } from "react-router";
import { featureName } from "#app/content/features/catalog.ts";
import type { FeaturePageContent } from "#app/content/features/types.ts";
import { leadLink } from "#app/lib/cta.ts";

export const audienceActivation: FeaturePageContent = {
  name: featureName("audience-activation"),
  meta: {
    title: "Audience Activation: Turn Engagement Into Meetings",
    description:
      "Northstory watches who engages with your content and starts personal conversations with the right buyers, turning LinkedIn attention into booked meetings.",
    keywords: [
      "audience activation",
      "LinkedIn lead generation",
      "social selling agency",
      "B2B appointment setting",
    ],
  },
  hero: {
    eyebrow: "Audience activation",
    title: "Turn attention into conversations",
    lead: "Likes do not pay the bills. When the right people engage with your content, we reach out personally on your behalf, reference what they read and book meetings with those who want to talk.",
  },
  cardsHeading: "How activation works",
  cardsIntro:
    "A human process, run by your team at Northstory, that respects your reputation and your buyers' time.",
  cards: [
    {
      icon: Radar,
      title: "Engagement signals",
      description:
        "We track who likes, comments on and shares your posts, and flag the people who match your ideal customer profile.",
    },
    {
      icon: Send,
      title: "Personal outreach",
      description:
        "Each message references the post they engaged with and asks a real question. No templates blasted to thousands.",
    },
    {
      icon: CalendarCheck,
      title: "Meetings on your calendar",
      description:
        "Interested buyers are booked straight into your calendar or your sales team's, with context on what sparked the conversation.",
    },
    {
      icon: ChartLine,
      title: "Pipeline reporting",
      description:
        "Every conversation is logged in your CRM and every month's report ties content to meetings and opportunities.",
    },
  ],
  cta: {
    title: "Ready to turn your audience into pipeline?",
    body: "Audience activation is part of our Full Service program. Book a 20-minute intro call to see if it fits.",
    primary: { label: "Book A Call", to: leadLink("/book-a-call", "feature-audience-activation") },
    secondary: { label: "See Pricing", to: href("/pricing") },
  },
};
