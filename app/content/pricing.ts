import type { FaqItem } from "#app/components/marketing/faq-accordion.tsx";
import { leadLink } from "#app/lib/cta.ts";
export type PricingPlan = {
  name: string;
  price: string;
  priceNote?: string;
  summary: string;
  features: string[];
  mostPopular?: boolean;
  cta: { label: string; to: string };
};

export const pricing = {
  meta: {
    title: "Pricing: Programs From $3,000 per Month",
    description:
      "Northstory programs start at $3,000 per month: 8 to 12 content pieces, monthly strategy interviews and audience growth. 6-month terms with a 90-day out.",
    keywords: [
      "founder-led marketing pricing",
      "LinkedIn ghostwriting cost",
      "B2B content agency pricing",
      "thought leadership program",
    ],
  },
  hero: {
    eyebrow: "Pricing",
    title: "Programs start at $3,000 per month",
    lead: "One monthly interview with you, turned into content your buyers read and an audience of the people you sell to. Choose the program that matches how far you want us to take it.",
  },
  plansHeading: "Two ways to work with us",
  plans: [
    {
      name: "Content + Audience",
      price: "From $3,000/month",
      summary:
        "For founders who want a consistent, credible voice on LinkedIn and a network made of their buyers.",
      features: [
        "8 to 12 content pieces a month, written in your voice",
        "Monthly content + strategy interview calls",
        "LinkedIn profile and positioning review",
        "Audience growth targeted at your ideal customer profile",
        "Scheduling and publishing handled for you",
        "Monthly reporting on reach, engagement and audience quality",
      ],
      cta: { label: "Book A Call", to: leadLink("/book-a-call", "pricing-content-audience") },
    },
    {
      name: "Full Service",
      price: "Contact Us For Pricing",
      priceNote: "Tailored to your workflows, seats and media budget",
      summary:
        "Everything in Content + Audience, plus the activation that turns attention into booked meetings.",
      features: [
        "Everything in Content + Audience",
        "Audience activation: personal outreach to engaged buyers",
        "Multiple executive seats on one program",
        "Event and webinar attendee acquisition",
        "Paid amplification of your best-performing posts",
        "Pipeline reporting tied to meetings and opportunities",
      ],
      mostPopular: true,
      cta: { label: "Talk To Us", to: leadLink("/book-a-call", "pricing-full-service") },
    },
  ] satisfies PricingPlan[],
  variesNote:
    "Full Service pricing varies with the number of activation workflows, the number of executive seats and your media budget. We quote a fixed monthly fee after the intro call, before you sign anything.",
  terms: {
    heading: "Simple contract terms",
    items: [
      {
        title: "6-month agreement with a 90-day out",
        body: "Audiences take a few months to compound, so programs run for 6 months. If it is not working for you, give notice in the first 90 days and you leave with everything we produced.",
      },
      {
        title: "A discount for 12-month agreements",
        body: "Committing to a full year lowers your monthly fee. Ask for the 12-month rate on your intro call.",
      },
    ],
  },
  testimonialsHeading: "What founders say about working with us",
  faqHeading: "Frequently asked questions",
  faq: [
    {
      question: "What is included in the Content + Audience plan?",
      answer:
        "From $3,000 per month you get 8 to 12 content pieces a month (LinkedIn posts, carousels and articles), a monthly content + strategy interview call, a profile and positioning review, targeted audience growth toward your ideal customers, publishing on your behalf and a monthly report.",
    },
    {
      question: "What does Full Service add?",
      answer:
        "Full Service adds audience activation: we watch who engages with your content and start personal conversations with the right buyers, then hand warm meetings to you or your sales team. It can also cover several executives, event attendee acquisition and paid amplification.",
    },
    {
      question: "Why is Full Service priced individually?",
      answer:
        "Its cost depends on how many activation workflows we run, how many executive seats are on the program and how much media budget goes into amplification. After the intro call we quote one fixed monthly fee.",
    },
    {
      question: "How long is the contract?",
      answer:
        "Programs run for 6 months with a 90-day out. If the program is not right for you, tell us within the first 90 days and you can leave, keeping all the content we created.",
    },
    {
      question: "Is there a discount for a longer commitment?",
      answer:
        "Yes. 12-month agreements come with a lower monthly fee than the standard 6-month term. We will share the 12-month rate with your quote.",
    },
    {
      question: "How much of my time does it take?",
      answer:
        "About 1 hour a month, usually about 2 short meetings: the monthly content + strategy interview and a quick review of drafts. We handle writing, design, scheduling and publishing.",
    },
    {
      question: "Will the content really sound like me?",
      answer:
        "Every piece starts from your own words in the recorded interview. A dedicated writer learns your vocabulary, opinions and stories, and nothing is published until you approve it.",
    },
    {
      question: "Do I have to approve everything before it goes live?",
      answer:
        "Yes. You receive each month's drafts in one batch and can approve, edit or reject them. Most clients spend ten to fifteen minutes on approvals once the voice is dialled in.",
    },
    {
      question: "When will we see results?",
      answer:
        "Engagement from the right people usually grows within the first 60 days. Audience growth compounds over months, which is why programs run for at least 6 months. Full Service clients typically see their first activated conversations within the first quarter.",
    },
  ] satisfies FaqItem[],
};
