import type { LucideIcon } from "lucide-react";
import { Clock, Gift, Handshake } from "lucide-react";

export const bookACall = {
  meta: {
    title: "Book a 20-Minute Intro Call",
    description:
      "Book a free 20-minute intro call with Northstory. No commitment: we look at your market, your goals and what founder-led content could do for you.",
    keywords: [
      "book a call",
      "founder-led marketing consultation",
      "LinkedIn content strategy call",
    ],
  },
  hero: {
    eyebrow: "Book a call",
    title: "Let's talk about your story",
    lead: "Pick a time that suits you. In 20 minutes we will learn about your business and show you how founders like you turn their expertise into audience, trust and pipeline.",
  },
  highlights: [
    {
      icon: Clock,
      title: "20-minute intro call",
      body: "A short, focused conversation about your market, your buyers and your goals.",
    },
    {
      icon: Handshake,
      title: "No commitment",
      body: "No contract and no hard sell. If we are not a fit, we will tell you.",
    },
    {
      icon: Gift,
      title: "Free demo session",
      body: "If it makes sense, we run a real content session with you at no cost.",
    },
  ] satisfies { icon: LucideIcon; title: string; body: string }[],
  scheduler: {
    heading: "Choose a time",
    intro: "The calendar below shows our team's open slots in your time zone.",
    fallbackText: "Calendar not showing?",
    fallbackLink: "Open the scheduler in a new tab",
  },
  afterHeading: "What happens after the call",
  after: [
    {
      title: "A free 30-minute content + strategy + recording session",
      body: "We interview you the way we would as a client and record it, so you can judge our questions and our grasp of your market before you pay anything.",
    },
    {
      title: "Sample content from your own words",
      body: "We turn the recording into sample posts so you can see how your ideas read when written in your voice.",
    },
    {
      title: "A clear proposal",
      body: "A fixed monthly fee, the content plan and the audience we would build. Programs start at $3,000 per month.",
    },
    {
      title: "About 1 hour of your time a month",
      body: "As a client you spend about 1 hour a month with us, usually about 2 short meetings: the interview and a quick review of drafts.",
    },
  ],
  testimonialsHeading: "Founders who took the call",
};
