import { href } from "react-router";
import { leadLink } from "#app/lib/cta.ts";
/**
 * An embedded LinkedIn post (the embed URL and the post's own URL), with the local preview
 * we show until the visitor asks for the embed, so the first view requests nothing from
 * LinkedIn.
 */
export type EmbeddedPost = {
  embedUrl: string;
  originalUrl: string;
  author: string;
  role: string;
  excerpt: string;
};

/** Both URLs of a LinkedIn share, from its id, so the two can never point at different posts. */
function linkedinShare(id: string): Pick<EmbeddedPost, "embedUrl" | "originalUrl"> {
  const urn = `urn:li:share:${id}`;
  return {
    embedUrl: `https://www.linkedin.com/embed/feed/update/${urn}`,
    originalUrl: `https://www.linkedin.com/feed/update/${urn}/`,
  };
}

export const contentExamples = {
  meta: {
    title: "Founder Brand Content Examples",
    description:
      "Ten real LinkedIn posts written with B2B founders in their own voice: teardowns, lessons, opinions and stories that turned readers into buyers.",
    keywords: [
      "LinkedIn post examples",
      "founder content examples",
      "B2B thought leadership examples",
      "ghostwritten LinkedIn posts",
    ],
  },
  hero: {
    eyebrow: "Client examples",
    title: "Founder brand content examples",
    lead: "Ten posts we wrote with clients from their monthly interviews. They appear in a new order on every visit, so no one founder always sits at the top.",
  },
  gridHeading: "Posts from our clients",
  gridIntro:
    "Each card shows a preview. LinkedIn is only contacted when you choose Load post, or you can read the original on LinkedIn.",
  loadPost: "Load post",
  loadPostSuffix: (author: string) => ` by ${author}`,
  viewOnLinkedIn: "View on LinkedIn",
  viewOnLinkedInSuffix: (author: string) => `: post by ${author}`,
  embedTitle: (author: string) => `LinkedIn post by ${author}`,
  cta: {
    title: "Want posts like these in your voice?",
    body: "One 30-minute interview a month becomes 8 to 12 pieces of content your buyers actually read.",
    primary: { label: "Book A Call", to: leadLink("/book-a-call", "content-examples") },
    secondary: { label: "See case studies", to: href("/founder-brand-case-studies") },
  },
} as const;

export const embeddedPosts: readonly EmbeddedPost[] = [
  {
    ...linkedinShare("7318420976512337920"),
    author: "Dr. Mara Lindqvist",
    role: "Co-founder & CEO, Amoeba AI",
    excerpt:
      "A culture test for E. coli takes 18 to 24 hours. During that time, a city keeps pumping water. Most people assume the test is the slow part. It isn't. The slow part is that nobody questions the timeline anymore.",
  },
  {
    ...linkedinShare("7321094482207465472"),
    author: "Lauren Spike",
    role: "Partner, The Spikes",
    excerpt:
      "One 15-minute spike in July set a plant's demand charge for the whole month: $11,400. Nobody on site knew. Here is how we found it on the bill, and the two-line change to their compressor schedule that fixed it.",
  },
  {
    ...linkedinShare("7323587730019266560"),
    author: "Devon Mercer",
    role: "Founder & CEO, Cue",
    excerpt:
      '"What keeps you up at night?" is the worst discovery question in B2B sales. It invites a rehearsed answer. Ask this instead: "What did you try last quarter that didn\'t work?" Then stop talking.',
  },
  {
    ...linkedinShare("7325011346672214016"),
    author: "Alicia Romero",
    role: "Founder, Blast Media",
    excerpt:
      'I asked 40 fintech podcast hosts why they say no to founders. Not one mentioned audience size. The top answer: "They pitched their product, not a story." Here are three pitches that got a yes, and why.',
  },
  {
    ...linkedinShare("7326738095410831360"),
    author: "Ben Adeyemi",
    role: "Founder, Storyboard Media",
    excerpt:
      "Most SaaS product videos lose half their viewers in the first eight seconds. The fix is rarely a bigger budget. It's starting with the customer's problem instead of your logo animation.",
  },
  {
    ...linkedinShare("7328215567834349568"),
    author: "Keisha Thompson",
    role: "CEO, Ledgerwise",
    excerpt:
      "We lost our biggest customer in year two. I wrote the post-mortem for our board and never shared it. Three years later, here is what it said, and the one metric we now review every Monday because of it.",
  },
  {
    ...linkedinShare("7329902214483709952"),
    author: "Raj Malhotra",
    role: "Founder, Freightline Analytics",
    excerpt:
      "Shippers don't need another dashboard. They need someone to tell them which three lanes are quietly costing them money. We built our whole product around that sentence, and it took us two years to find it.",
  },
  {
    ...linkedinShare("7331476158201536512"),
    author: "Claire Donovan",
    role: "Managing Partner, Donovan & Hale Advisory",
    excerpt:
      "Every founder I've advised through a sale says the same thing afterwards: \"I wish I'd cleaned up our customer contracts two years earlier.\" Here is the checklist I now give every client on day one.",
  },
  {
    ...linkedinShare("7333089671259926528"),
    author: "Miguel Santos",
    role: "Co-founder, ShiftPilot",
    excerpt:
      "Our first 100 customers came from one habit: I answered every support ticket myself for a year. Not because it scaled. Because every ticket told me which feature we should build next.",
  },
  {
    ...linkedinShare("7334671293514752000"),
    author: "Dr. Naomi Feld",
    role: "Founder & CEO, ClearPath Clinical",
    excerpt:
      "Clinical trial recruitment fails quietly. Sites rarely say they're behind until week 20. We started asking one question in week 4, and our sponsors now see problems four months earlier.",
  },
];
