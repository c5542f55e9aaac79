import { href } from "react-router";
import { leadLink } from "#app/lib/cta.ts";
export const home = {
  meta: {
    title: "Northstory | Make Marketing That People Want",
    description:
      "Founder-led content, LinkedIn audience growth and lead activation for B2B companies. One monthly interview becomes content your buyers actually read.",
    keywords: [
      "founder-led marketing",
      "B2B thought leadership",
      "LinkedIn content agency",
      "lead generation",
      "executive ghostwriting",
    ],
  },
  hero: {
    eyebrow: "Founder-led content for B2B",
    title: "Make Marketing That People Want",
    lead: "Your buyers ignore ads and cold pitches, but they read what founders write. We turn one monthly interview with you into a steady stream of LinkedIn posts, articles and outreach that builds an audience of the exact people you sell to, then turns their attention into meetings.",
    primary: { label: "Schedule a Consultation", to: leadLink("/book-a-call", "home-hero") },
    secondary: {
      label: "Learn More",
      context: "about how Northstory works",
      to: href("/how-northstory-works-audience"),
    },
  },
  clients: { label: "Trusted by founders at" },
  /** Three studies with their headline result (app/content/case-studies.ts, checked by its test). */
  stories: {
    title: "Founder brands that built pipeline",
    more: "Read the story",
    all: { label: "See all case studies", to: href("/founder-brand-case-studies") },
    cards: [
      {
        slug: "blast-media",
        name: "Blast Media",
        industry: "PR and podcast booking for fintech founders",
        stat: { value: "$1M+", label: "new revenue from clients sourced by the program" },
        to: href("/founder-brand-case-studies/:study", { study: "blast-media" }),
        cover: "bars",
      },
      {
        slug: "cue-case-study",
        name: "Cue",
        industry: "Real-time coaching software for sales teams",
        stat: { value: "16", label: "qualified leads in the first 10 weeks" },
        to: href("/founder-brand-case-studies/:study", { study: "cue-case-study" }),
        cover: "line",
      },
      {
        slug: "storyboard-media",
        name: "Storyboard Media",
        industry: "Video production for SaaS companies",
        stat: { value: "10x", label: "return on the program investment" },
        to: href("/founder-brand-case-studies/:study", { study: "storyboard-media" }),
        cover: "steps",
      },
    ],
  },
  proofPoints: [
    {
      title: "One hour a month of your time",
      body: "A 30-minute interview call and a quick approval pass. We write, design, schedule and publish; you stay in the room with customers.",
    },
    {
      title: "An audience made of buyers",
      body: "We grow your network with the titles, industries and company sizes you sell to, so every post reaches people who can say yes.",
    },
    {
      title: "Attention turned into pipeline",
      body: "When the right people engage, we start the conversation for you with targeted, personal outreach that references what they read.",
    },
  ],
  truths: {
    title: "Three Undeniable Truths",
    intro:
      "Every program we run starts from the same three observations about how B2B buyers decide today.",
    items: [
      {
        title: "People buy from people",
        body: "A founder with a point of view earns trust that no logo, brochure or banner ad can. Buyers want to know who is behind the product before they take a meeting.",
      },
      {
        title: "Trust is built before the first call",
        body: "Most of a buying decision happens before anyone talks to sales. If your ideas are not in the feed where buyers research, a competitor's are.",
      },
      {
        title: "Consistency beats brilliance",
        body: "One viral post fades in a week. Three useful posts a week for a year make you the obvious name in your category.",
      },
    ],
    video: {
      id: "nS7rYhc2xVk",
      title: "Why founder-led content works: the three truths behind every Northstory program",
      duration: "4:12",
      uploadDate: "2025-02-04",
    },
  },
  pitch: {
    title: "Your expertise is already your best marketing asset",
    body: [
      "You explain your market better than any copywriter could. You already do it on sales calls, at dinners and in board meetings. The problem is that it never leaves the room.",
      "Northstory captures those ideas once a month and turns them into content that sounds like you, published where your buyers spend their time. Programs start at $3,000 per month, with a 90-day out if it is not working.",
    ],
    primary: { label: "Book A Call", to: leadLink("/book-a-call", "home-pitch") },
    secondary: {
      label: "Learn More",
      context: "about how Northstory works",
      to: href("/how-northstory-works-audience"),
    },
  },
} as const;
