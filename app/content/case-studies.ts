import { href } from "react-router";
import type { VideoSpeaker } from "#app/content/portraits.ts";
import type { NavLink } from "#app/content/site.ts";
import { leadLink } from "#app/lib/cta.ts";

export type CaseStudyVideo = {
  id: string;
  title: string;
  duration: string;
  uploadDate: string;
  /** Who speaks: their drawing is in the poster frame (app/content/portraits.ts). */
  speaker: VideoSpeaker;
};
export type CaseStudyStat = { value: string; label: string };

/** A study is a sequence of blocks, rendered in order by one component. */
export type CaseStudyBlock =
  | { kind: "video"; heading: string; paragraphs: readonly string[]; video: CaseStudyVideo }
  | { kind: "quote"; text: string; name: string; role: string }
  | { kind: "text"; heading: string; paragraphs: readonly string[]; bullets?: readonly string[] }
  | {
      kind: "stats";
      heading: string;
      paragraphs?: readonly string[];
      stats: readonly CaseStudyStat[];
    };

export type CaseStudy = {
  slug: string;
  /** Tab label and breadcrumb name. */
  name: string;
  meta: { title: string; description: string; keywords: readonly string[] };
  industry: string;
  title: string;
  summary: string;
  blocks: readonly CaseStudyBlock[];
  /**
   * Figures for the page header's picture of a study without a results block, taken from
   * what the study itself says (a study with results shows those instead).
   */
  atAGlance?: readonly CaseStudyStat[];
};

export const caseStudiesBasePath = href("/founder-brand-case-studies");

/** The layout around every study: heading, intro, call to action and the study tabs. */
export const caseStudiesPage = {
  eyebrow: "Case studies",
  title: "Founder brands that built pipeline",
  intro:
    "How five B2B founders turned one monthly interview into an audience of buyers and a steady flow of conversations. Each story covers what was hard, what we did and what changed.",
  /** Names the study the visitor was reading (`from=case-study-<slug>`). */
  cta: {
    label: "Start Your Success Story",
    to: (study: string) => leadLink("/book-a-call", `case-study-${study}`),
  },
  tabsLabel: "Case studies",
} as const;

const amoebaAi: CaseStudy = {
  slug: "amoeba-ai",
  name: "Amoeba AI",
  meta: {
    title: "Amoeba AI Case Study",
    description:
      "How Amoeba AI's CEO built a founder brand on one monthly interview call, with automated approvals and publishing, and targeted outbound to water utilities.",
    keywords: [
      "Amoeba AI case study",
      "founder brand",
      "AI startup LinkedIn",
      "founder-led content",
    ],
  },
  industry: "AI-powered microbial testing for water utilities",
  atAGlance: [
    { value: "30 min", label: "a month on the interview call; drafts reviewed in one sitting" },
    { value: "1 call", label: "a month of posts, an article and sales talking points" },
  ],
  title: "One interview a month made Amoeba AI's CEO the voice of smarter water testing",
  summary:
    "Amoeba AI uses computer vision to identify microorganisms in water samples in minutes instead of days. Its buyers, lab directors at municipal water utilities, are conservative and hard to reach. The company needed them to trust the science before the first sales call.",
  blocks: [
    {
      kind: "video",
      heading: "Have you met Mara?",
      paragraphs: [
        "Dr. Mara Lindqvist spent twelve years as a microbiologist in public-health labs before co-founding Amoeba AI. She can explain why a slow culture test puts a city at risk better than anyone in her market, but she was spending her evenings on investor updates and customer pilots, not on LinkedIn.",
        "In this short video, Mara explains why she started posting, what she was afraid of, and what changed once lab directors began recognising her name.",
      ],
      video: {
        id: "q7Xm2LpA9sE",
        speaker: "mara-lindqvist",
        title: "Mara Lindqvist, co-founder and CEO of Amoeba AI, on building a founder brand",
        duration: "3 min 12 s",
        uploadDate: "2025-03-18",
      },
    },
    {
      kind: "quote",
      text: "The interview call and one read through the drafts: that is the only hour a month I spend on LinkedIn content, and it is still the most useful hour I spend on marketing. Lab directors now bring up my posts before I bring up our product.",
      name: "Dr. Mara Lindqvist",
      role: "Co-founder & CEO, Amoeba AI",
    },
    {
      kind: "text",
      heading: "One interview call a month",
      paragraphs: [
        "Every month, Mara joins a 30-minute interview call with her Northstory strategist and writer. They ask about the questions utilities raised that month, the arguments she had with colleagues, and the lab stories she tells at conferences.",
        "From that single call, the team writes a month of LinkedIn posts, a long-form article and talking points for her sales team, all in her voice and checked against her published research.",
      ],
    },
    {
      kind: "text",
      heading: "Automated approval and publishing",
      paragraphs: [
        "Mara reviews the month's drafts in one sitting. Each post arrives with a one-click approve or comment option, and anything she approves is scheduled and published automatically at the times her audience is most active.",
        "If she is travelling or busy with a pilot, nothing goes out without her sign-off, and nothing waits on her to press publish.",
      ],
    },
    {
      kind: "text",
      heading: "Targeted outbound that starts warm",
      paragraphs: [
        "While the content builds trust, the audience team grows Mara's network with lab directors, water quality managers and public-health officials at utilities in Amoeba AI's target states.",
        "When one of them engages with a post, the activation team reaches out with a personal note that picks up the thread of what they read, so the first conversation is about their lab, not a cold pitch.",
      ],
      bullets: [
        "Outreach goes only to people who match the agreed ideal customer profile.",
        "Every first message references the post or topic the person engaged with.",
        "Interested contacts are handed to Amoeba AI's sales lead within one business day.",
      ],
    },
  ],
};

const theSpikes: CaseStudy = {
  slug: "the-spikes-case-study",
  name: "The Spikes",
  meta: {
    title: "The Spikes Case Study",
    description:
      "How The Spikes, a two-partner energy advisory firm, used founder-led LinkedIn content and outreach to win 7 new clients in the first 9 months.",
    keywords: [
      "The Spikes case study",
      "energy consulting marketing",
      "professional services LinkedIn",
    ],
  },
  industry: "Energy cost advisory for mid-market manufacturers",
  title: "How The Spikes replaced referral-only growth with a steady flow of manufacturing clients",
  summary:
    "The Spikes is a two-partner advisory firm that helps mid-market manufacturers cut the peak-demand charges hidden in their electricity bills. The partners, siblings Lauren and Nate Spike, are engineers with a sharp point of view and no marketing team.",
  blocks: [
    {
      kind: "text",
      heading: "The challenge",
      paragraphs: [
        "Nearly all of The Spikes' work came from referrals, which made revenue lumpy and growth slow. Plant managers and CFOs rarely searched for an energy advisor; most did not know demand charges could be reduced at all.",
        "The partners had tried paid search and a trade-show booth. Both produced conversations with the wrong people, and neither partner had time to write.",
      ],
    },
    {
      kind: "text",
      heading: "The solution",
      paragraphs: [
        "We built a program around Lauren as the public voice of the firm, with Nate contributing the technical deep dives. Monthly interviews turned real client findings into plain-language posts about the money manufacturers leave on the table.",
        "The audience team connected Lauren with operations leaders and finance chiefs at manufacturers in the Southeast and Midwest. The activation team followed up with people who engaged, offering a free review of one month's electricity bill.",
      ],
      bullets: [
        "A weekly teardown post showing how one anonymised plant cut its demand charges.",
        "An audience built from plant managers, operations directors and CFOs at companies with 100 to 1,000 employees.",
        "A bill-review offer that gave interested readers a low-risk first step.",
      ],
    },
    {
      kind: "stats",
      heading: "The results",
      paragraphs: [
        "Lauren's posts became a regular read for the operations leaders the firm wanted to reach, and prospects began arriving at first calls with a bill already in hand. Referrals still matter, but they are no longer the only source of new work.",
      ],
      stats: [{ value: "7", label: "new clients in the first 9 months" }],
    },
  ],
};

const cue: CaseStudy = {
  slug: "cue-case-study",
  name: "Cue",
  meta: {
    title: "Cue Case Study",
    description:
      "How Cue's founder turned LinkedIn content into 16 leads and a 9.7% connect-to-lead ratio in the first 10 weeks, and a $30k pilot within 90 days.",
    keywords: [
      "Cue case study",
      "sales tech marketing",
      "LinkedIn lead generation",
      "founder-led sales",
    ],
  },
  industry: "Real-time coaching software for sales teams",
  title: "How Cue's founder started conversations sales leaders actually wanted",
  summary:
    "Cue gives sales reps live prompts during discovery calls: the question to ask next, the objection to expect, the case study to mention. Its founder, Devon Mercer, had strong opinions about how discovery calls go wrong, and a very small sales team.",
  blocks: [
    {
      kind: "video",
      heading: "Devon on what changed",
      paragraphs: [
        "Devon explains why a sales-tech founder hired someone else to help with his own LinkedIn, and how the first pilot came from a post about bad discovery questions.",
      ],
      video: {
        id: "Lk3vR8tWb2Q",
        speaker: "devon-mercer",
        title: "Devon Mercer, founder of Cue, on the first 90 days of his program",
        duration: "2 min 48 s",
        uploadDate: "2025-06-10",
      },
    },
    {
      kind: "quote",
      text: "I had the opinions but not the hours. Northstory turned one call a month into the posts sales leaders forward to their teams, and their outreach booked meetings with exactly the people I would have picked myself.",
      name: "Devon Mercer",
      role: "Founder & CEO, Cue",
    },
    {
      kind: "text",
      heading: "Challenge",
      paragraphs: [
        "Cue was competing for attention with much larger conversation-intelligence platforms. Its buyers, heads of sales and sales enablement leaders, are flooded with vendor outreach and ignore most of it.",
        "Devon needed a way to start conversations with sales leaders that did not look like every other pitch in their inbox, and he needed results quickly enough to justify the investment before the next funding round.",
      ],
    },
    {
      kind: "text",
      heading: "Solution",
      paragraphs: [
        "We positioned Devon as the founder who takes discovery calls apart. Each month's interview produced posts breaking down real, anonymised call moments and what a better question would have been.",
        "The audience team connected Devon with sales leaders at B2B software companies of 50 to 500 employees, and the activation team reached out to the ones who engaged, offering a short teardown of one of their own recorded calls.",
      ],
    },
    {
      kind: "stats",
      heading: "Results",
      paragraphs: [
        "Leads and the connect-to-lead ratio cover the first 10 weeks, from the first published post to the end of week ten. The pilot is counted from the start of the program.",
      ],
      stats: [
        { value: "16", label: "qualified leads in the first 10 weeks" },
        { value: "9.7%", label: "connect-to-lead ratio in those 10 weeks" },
        { value: "$30k", label: "pilot signed within 90 days" },
      ],
    },
  ],
};

const blastMedia: CaseStudy = {
  slug: "blast-media",
  name: "Blast Media",
  meta: {
    title: "Blast Media Case Study",
    description:
      "How Blast Media's founder used founder-led LinkedIn content and targeted outreach to generate $1M+ in new revenue and a 12X return on the program.",
    keywords: ["Blast Media case study", "PR agency marketing", "agency new business", "12X ROI"],
  },
  industry: "PR and podcast booking for fintech founders",
  title: "How Blast Media's founder became her own best case study",
  summary:
    "Blast Media books fintech founders on podcasts, panels and in the trade press. Its founder, Alicia Romero, knew every editor in the industry, but new business depended on her personally working the phones between client campaigns.",
  blocks: [
    {
      kind: "video",
      heading: "Alicia on practising what she preaches",
      paragraphs: [
        "A PR founder who was never in the spotlight herself: Alicia talks about what it felt like to become the story, and why her clients now ask her for LinkedIn advice.",
      ],
      video: {
        id: "Bq9nT4hXe7M",
        speaker: "alicia-romero",
        title: "Alicia Romero, founder of Blast Media, on becoming her own best case study",
        duration: "4 min 05 s",
        uploadDate: "2025-09-02",
      },
    },
    {
      kind: "quote",
      text: "I spent ten years getting other founders noticed and never made time for my own voice. Now the people I want to work with find me, and they arrive already knowing how we think.",
      name: "Alicia Romero",
      role: "Founder, Blast Media",
    },
    {
      kind: "text",
      heading: "Challenge",
      paragraphs: [
        "Blast Media's pipeline rose and fell with Alicia's calendar. When she was busy delivering campaigns, new business stopped; when she went looking for clients, delivery suffered.",
        "Fintech founders also tend to be sceptical of PR firms that promise coverage. Alicia needed to show how she thinks before the first call, not just list past placements.",
      ],
    },
    {
      kind: "text",
      heading: "Solution",
      paragraphs: [
        "We turned Alicia's monthly interviews into posts that share what editors and podcast hosts actually want from founders, with real pitch examples, rejected angles and the stories that landed.",
        "The audience team grew her network with fintech founders, CEOs and heads of marketing at Series A to Series C companies. The activation team invited engaged readers to a 20-minute pitch review with Alicia.",
      ],
    },
    {
      kind: "stats",
      heading: "Result",
      paragraphs: [
        "Blast Media now has a steady flow of inbound conversations with founders who already know its approach. Revenue is counted from clients whose first conversation came through the program, and ROI compares that revenue to the program fees over the same period.",
      ],
      stats: [
        { value: "$1M+", label: "new revenue from clients sourced by the program" },
        { value: "12X ROI", label: "return on the program fees" },
      ],
    },
  ],
};

const storyboardMedia: CaseStudy = {
  slug: "storyboard-media",
  name: "Storyboard Media",
  meta: {
    title: "Storyboard Media Case Study",
    description:
      "How Storyboard Media's founder landed 2 enterprise retainers and a 10x return with a founder-led LinkedIn program, with the first deal closing after 5 months.",
    keywords: [
      "Storyboard Media case study",
      "video production marketing",
      "enterprise retainers",
      "10x return",
    ],
  },
  industry: "Video production for SaaS companies",
  title: "How Storyboard Media moved from one-off projects to enterprise retainers",
  summary:
    "Storyboard Media produces product and customer videos for SaaS companies. Founder Ben Adeyemi wanted to move from one-off projects to enterprise retainers, which meant reaching marketing leaders at larger companies who buy on trust and move slowly.",
  blocks: [
    {
      kind: "video",
      heading: "Ben on playing the long game",
      paragraphs: [
        "Ben explains why he kept going through four quiet months, and what the first enterprise conversation sounded like when it finally came.",
      ],
      video: {
        id: "Wd5pK2mZr8Y",
        speaker: "ben-adeyemi",
        title: "Ben Adeyemi, founder of Storyboard Media, on landing enterprise retainers",
        duration: "3 min 37 s",
        uploadDate: "2026-01-20",
      },
    },
    {
      kind: "quote",
      text: "Enterprise buyers don't respond to a cold reel. They respond to someone they've been reading for months. By the time we spoke, they had already decided they wanted to work with us.",
      name: "Ben Adeyemi",
      role: "Founder, Storyboard Media",
    },
    {
      kind: "text",
      heading: "Strategy and Goals",
      paragraphs: [
        "The goal was specific: land enterprise retainers within the first year, each worth more than Storyboard's typical project. Enterprise marketing teams take months to decide, so the strategy favoured consistency over quick wins.",
        "We positioned Ben as the producer who explains why most SaaS videos are never watched to the end, and what the good ones do differently.",
      ],
    },
    {
      kind: "text",
      heading: "Implementation",
      paragraphs: [
        "Each month's interview became posts that broke down real SaaS videos, frame by frame, alongside short clips from Storyboard's own work. The audience team built Ben's network with VPs of marketing, brand directors and content leads at software companies with more than 1,000 employees.",
        "The activation team kept outreach light: a personal note to people who engaged repeatedly, offering a teardown of one of their existing videos.",
      ],
    },
    {
      kind: "stats",
      heading: "Results",
      paragraphs: [
        "The first deal closed after 5 months, once the enterprise buyers who had been reading Ben's posts had budget and a project. The second retainer followed from a marketing leader who had been reading along for months before reaching out.",
      ],
      stats: [
        { value: "10x", label: "return on the program investment" },
        { value: "2", label: "enterprise retainers signed" },
      ],
    },
  ],
};

export const caseStudies: readonly CaseStudy[] = [
  amoebaAi,
  theSpikes,
  cue,
  blastMedia,
  storyboardMedia,
];

export const defaultCaseStudy = amoebaAi;

export const caseStudyPath = (study: Pick<CaseStudy, "slug">) =>
  href("/founder-brand-case-studies/:study", { study: study.slug });

export const caseStudyNav: NavLink[] = caseStudies.map((study) => ({
  label: study.name,
  to: caseStudyPath(study),
}));

/** The figures a study's header shows: its results, or else its figures at a glance. */
export function headlineFigures(study: CaseStudy): readonly CaseStudyStat[] {
  const results = study.blocks.flatMap((block) => (block.kind === "stats" ? block.stats : []));
  return results.length > 0 ? results : (study.atAGlance ?? []);
}

/** Who speaks for a study: the client quoted, and the speaker of its video if it has one. */
export function studyVoice(
  study: CaseStudy,
): { name: string; role: string; speaker?: VideoSpeaker } | undefined {
  const quote = study.blocks.find((block) => block.kind === "quote");
  if (!quote) return undefined;
  const video = study.blocks.find((block) => block.kind === "video");
  return { name: quote.name, role: quote.role, speaker: video?.video.speaker };
}

export function findCaseStudy(slug: string | undefined): CaseStudy | undefined {
  return caseStudies.find((study) => study.slug === slug);
}
