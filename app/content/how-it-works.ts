import type { LucideIcon } from "lucide-react";
import { Megaphone, PenLine, UsersRound } from "lucide-react";
import { href } from "react-router";
import { leadLink } from "#app/lib/cta.ts";

export type ProcessStep = {
  id: string;
  title: string;
  description: string;
  details: string;
  side: "left" | "right";
  bulletPoints?: string[];
};

export type Pillar = { title: string; icon: LucideIcon; summary: string; points: string[] };

export const howItWorks = {
  meta: {
    title: "How Northstory Works: Content, Audience and Activation",
    description:
      "See how Northstory turns one monthly interview into founder-led content, a LinkedIn audience of your buyers and booked meetings, in six clear steps.",
    keywords: [
      "how founder-led marketing works",
      "LinkedIn audience growth",
      "B2B content process",
      "audience activation",
    ],
  },
  hero: {
    eyebrow: "How it works",
    title: "How Northstory turns one conversation a month into pipeline",
    lead: "Northstory runs three connected engines for you: content that captures your thinking, an audience made of the people you sell to, and activation that turns their attention into conversations.",
    primary: { label: "Book A Call", to: leadLink("/book-a-call", "how-it-works-hero") },
    secondary: { label: "See Pricing", to: href("/pricing") },
  },
  pillarsHeading: "Three parts, one system",
  pillarsIntro:
    "Each part works on its own. Together they compound: better content grows a better audience, and a better audience gives activation more of the right people to talk to.",
  pillars: [
    {
      title: "Content",
      icon: PenLine,
      summary:
        "We interview you once a month and turn your ideas, stories and opinions into posts and articles that sound like you.",
      points: [
        "8 to 12 pieces a month from a 30-minute recorded interview",
        "A dedicated writer who learns your voice",
        "Nothing published without your approval",
      ],
    },
    {
      title: "Audience",
      icon: UsersRound,
      summary:
        "We grow your LinkedIn network with the titles, industries and company sizes you sell to, so every post reaches potential buyers.",
      points: [
        "Targeting built from your ideal customer profile",
        "Steady, platform-safe daily growth",
        "Monthly audience quality reports",
      ],
    },
    {
      title: "Activation",
      icon: Megaphone,
      summary:
        "When the right people engage, we start personal conversations on your behalf and hand you warm meetings.",
      points: [
        "Outreach that references what they read",
        "Meetings booked straight into your calendar",
        "Every lead logged in your CRM",
      ],
    },
  ] satisfies Pillar[],
  processHeading: "Our six-step process",
  processIntro:
    "The same rhythm every month, so you always know what happens next and how little of your time it takes.",
  steps: [
    {
      id: "kickoff",
      title: "Strategy and positioning kickoff",
      description: "We learn your market, your buyers and what you want to be known for.",
      details:
        "In the first week we review your LinkedIn presence, your best customers and your competitors, then agree on three or four themes you will own.",
      side: "left",
      bulletPoints: [
        "Ideal customer profile and target titles",
        "Content themes and tone of voice",
        "Profile rewrite for credibility",
      ],
    },
    {
      id: "interview",
      title: "Monthly content + strategy interview",
      description: "A 30-minute recorded conversation that captures your thinking.",
      details:
        "A strategist asks the questions your buyers ask. You talk as you would on a sales call; we record it and pull out the ideas worth publishing.",
      side: "right",
    },
    {
      id: "production",
      title: "Writing and design",
      description: "Your interview becomes 8 to 12 pieces of content in your voice.",
      details:
        "Your writer drafts posts, carousels and articles from your own words. An editor checks every claim and keeps the voice consistent.",
      side: "left",
      bulletPoints: ["LinkedIn posts and carousels", "Long-form articles", "Quote graphics"],
    },
    {
      id: "approval",
      title: "Review and publishing",
      description: "You approve the month's drafts in one short pass; we publish on schedule.",
      details:
        "Drafts arrive in one batch. Approve, edit or reject them in about fifteen minutes, then we schedule and publish at the times your audience is most active.",
      side: "right",
    },
    {
      id: "audience",
      title: "Audience growth",
      description: "We connect you with the buyers you want to reach, every day.",
      details:
        "We send targeted, personal connection requests to people who match your ideal customer profile, so your network grows with decision makers rather than followers.",
      side: "left",
      bulletPoints: [
        "Targeted by title, industry and company size",
        "Personal, non-automated messages",
      ],
    },
    {
      id: "activation",
      title: "Activation and reporting",
      description: "Engaged buyers become conversations, and you see what it produced.",
      details:
        "When the right people like, comment on or share your posts, we follow up personally and book meetings with those who want to talk. A monthly report shows reach, audience quality and pipeline.",
      side: "right",
      bulletPoints: [
        "Warm outreach to engaged prospects",
        "Meetings booked into your calendar",
        "Monthly pipeline report",
      ],
    },
  ] satisfies ProcessStep[],
  signsHeading: "Signs it is working",
  signsIntro: "You will notice these before any dashboard tells you.",
  signs: [
    "Prospects mention your posts on the first sales call.",
    "People you have never met message you about a problem you wrote about.",
    "Your connection requests are accepted by the titles you sell to.",
    "Comments come from buyers and partners, not only from peers and employees.",
    "Candidates say they applied because of what you publish.",
    "Sales cycles shorten because buyers already trust your point of view.",
  ],
  closing: {
    title: "See what your first month could look like",
    body: "A 20-minute intro call, no commitment. We will sketch your themes, your audience and the first pieces we would write.",
    primary: { label: "Book A Call", to: leadLink("/book-a-call", "how-it-works-closing") },
    secondary: { label: "See Pricing", to: href("/pricing") },
  },
};
