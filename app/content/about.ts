import {
  Baby,
  CalendarDays,
  HeartPulse,
  Laptop,
  type LucideIcon,
  PiggyBank,
  Users,
} from "lucide-react";
import { href } from "react-router";
import { type NavLink, site } from "#app/content/site.ts";
import { leadLink } from "#app/lib/cta.ts";

const { city, region } = site.address;

/** The sub-navigation shown on /about and its sub-pages. */
export const aboutNav = {
  label: "About sections",
  links: [
    { label: "About", to: href("/about") },
    { label: "Values", to: href("/about/values") },
    { label: "Careers", to: href("/about/careers") },
    { label: "Partners", to: href("/about/partners") },
    { label: "Contact", to: leadLink("/contact", "about-subnav") },
  ] satisfies NavLink[],
} as const;

export const about = {
  meta: {
    title: "About Us",
    description: `Founded in ${site.foundedYear} in ${city}, ${region}, ${site.name} is a team of ${site.staff} writers, strategists and audience builders who help B2B founders earn trust on LinkedIn.`,
    keywords: [
      "about Northstory",
      "founder-led marketing agency",
      "Durham NC marketing agency",
      "leadership team",
    ],
  },
  hero: {
    eyebrow: `About ${site.name}`,
    title: "We help founders become the voice their market trusts",
    lead: `Since ${site.foundedYear}, we have helped more than ${site.claims.clients.replace(/\+$/, "")} B2B founders and executives turn what they know into content their buyers read, an audience of the right people, and conversations that become revenue.`,
  },
  story: {
    heading: "Our story",
    paragraphs: [
      `${site.name} started in ${site.foundedYear} in ${city}, ${region}, as a two-person ghostwriting shop. Our first clients were Research Triangle founders who were brilliant on a sales call and invisible everywhere else. They did not need another agency dashboard. They needed someone to pull the ideas out of their heads once a month and put them in front of the people they wanted to sell to.`,
      "That simple model worked better than we expected. Founders who posted consistently found that prospects arrived at first calls already convinced, that recruiting got easier, and that investors and partners reached out first. As clients asked for more, we added audience development to grow the right network, then lead activation to turn engaged readers into real conversations.",
      `Today we are a team of ${site.staff} people: strategists, writers, editors, designers, audience specialists and activation reps. We still work from ${city}, we still start every program with an interview, and we still measure ourselves by one thing: whether our clients' marketing is something their buyers actually want to read.`,
    ],
  },
  tldr: {
    heading: "TL;DR",
    items: [
      "We interview you for 30 minutes once a month and turn that conversation into 8 to 12 pieces of content in your voice.",
      "We grow your LinkedIn network with buyers, partners and investors who match your ideal customer profile, not random followers.",
      "We turn that attention into meetings with personal, well-timed outreach to the people who engage.",
      `Founded in ${site.foundedYear} in ${city}, ${region}. ${site.staff} people. ${site.claims.clients} clients. Rated ${site.claims.rating} on ${site.claims.ratingSite}.`,
    ],
  },
  leadership: {
    heading: "Leadership",
    intro:
      "The people accountable for your program. Select a name to read their story, or use the LinkedIn icon to visit their profile.",
    viewLinkedIn: "View LinkedIn",
    linkedInLabel: (name: string) => `${name} on LinkedIn`,
    close: "Close",
    openHint: "Read bio",
    photoAlt: (name: string, title: string) => `Illustrated portrait of ${name}, ${title}`,
  },
  cta: {
    title: "Want to see whether we are a fit?",
    body: "A 20-minute intro call with a strategist, no commitment. We will tell you honestly whether a founder-led program makes sense for your market.",
    primary: { label: "Book A Call", to: leadLink("/book-a-call", "about-team") },
    secondary: { label: "Read our values", to: href("/about/values") },
  },
} as const;

export const values = {
  meta: {
    title: "Our Values: HAT",
    description: `HAT is how ${site.name} works: happiness, accountability and transparency. What each value means for our team and what it means for the founders we serve.`,
    keywords: [
      "company values",
      "HAT culture",
      "happiness accountability transparency",
      "agency culture",
    ],
  },
  hero: {
    eyebrow: "Values",
    title: "We wear the HAT",
    lead: "Happiness, accountability and transparency. Three words we hire for, review each other on, and use to settle hard decisions. Clients feel them in how we work; the team feels them every day.",
  },
  heading: "What HAT means",
  items: [
    {
      letter: "H",
      title: "Happiness",
      summary:
        "Good content comes from people who like their work and have the time to do it well. We protect both.",
      practices: [
        "Realistic workloads: every writer and strategist has a client cap, and we hire before we stretch it.",
        "No after-hours messages expected. Clients know our response times up front.",
        "Unlimited vacation that people actually take, with managers who check that they do.",
      ],
    },
    {
      letter: "A",
      title: "Accountability",
      summary:
        "We say what we will deliver, by when, and we own it when we miss. No finger-pointing, no vague excuses.",
      practices: [
        "Every client has one named person responsible for their program.",
        "Monthly reports include what went wrong and what we are changing, not only the wins.",
        "We keep the 90-day out: if a program is not working, clients can leave and keep everything we made.",
      ],
    },
    {
      letter: "T",
      title: "Transparency",
      summary:
        "Clients and teammates get the same straight answers we would want. Information is shared by default.",
      practices: [
        "One fixed monthly price before you sign, with no setup fees or surprise add-ons.",
        "Salary bands for every role are published to the whole team.",
        "If we are not a fit for your market or budget, we tell you on the first call.",
      ],
    },
  ],
  practicesLabel: "In practice",
  closing: {
    title: "Sound like your kind of team?",
    body: "Whether you want to work with us or for us, HAT is what you can hold us to.",
    primary: { label: "See careers", to: href("/about/careers") },
    secondary: { label: "Book A Call", to: leadLink("/book-a-call", "about-values") },
  },
} as const;

/**
 * A benefit, and, for those the careers page's art lists, its name and what it comes to in a
 * few words (`inShort`): kept together so one is not changed without the other.
 */
export type Benefit = {
  title: string;
  body: string;
  icon: LucideIcon;
  inShort?: { name: string; detail: string };
};

export const careers = {
  meta: {
    title: "Careers",
    description: `Careers at ${site.name}: health insurance, unlimited vacation, 6 weeks paid parental leave, flexible hours, retirement savings and good people to work with.`,
    keywords: [
      "Northstory careers",
      "content marketing jobs",
      "Durham NC jobs",
      "remote writing jobs",
    ],
  },
  hero: {
    eyebrow: "Careers",
    title: "Do the best work of your career with good people",
    lead: "We are writers, strategists, editors, audience specialists and activation reps who care about craft and about each other. Here is what working at Northstory looks like.",
  },
  benefitsHeading: "Benefits",
  benefitsIntro: "The basics done properly, so you can focus on the work.",
  benefits: [
    {
      title: "Health insurance",
      body: "Medical, dental and vision coverage for you and your family, with most of the premium paid by the company.",
      icon: HeartPulse,
      inShort: { name: "Health insurance", detail: "Mostly paid by us" },
    },
    {
      title: "Unlimited vacation",
      body: "Take the time you need to rest. Managers plan coverage so that time off is actually off.",
      icon: CalendarDays,
      inShort: { name: "Vacation", detail: "Unlimited, and taken" },
    },
    {
      title: "Parental leave",
      body: "6 weeks of fully paid parental leave for every new parent, plus an optional additional 6 weeks of unpaid leave.",
      icon: Baby,
      inShort: { name: "Parental leave", detail: "6 weeks, fully paid" },
    },
    {
      title: "Flexibility",
      body: `Flexible hours and remote-friendly teams, with our ${city} office open to anyone who likes working in person.`,
      icon: Laptop,
    },
    {
      title: "Savings and retirement",
      body: "A 401(k) plan with a company match from your first day, plus a health savings account option.",
      icon: PiggyBank,
      inShort: { name: "401(k)", detail: "Matched from day one" },
    },
    {
      title: "Good people",
      body: "Colleagues who share credit, give honest feedback and help each other hit deadlines. We hire for HAT.",
      icon: Users,
    },
  ] satisfies Benefit[],
  equalOpportunity: {
    heading: "Equal opportunity",
    body: `${site.name} is an equal opportunity employer. We hire, pay and promote based on skill and contribution, and we do not discriminate on the basis of race, colour, religion, sex, sexual orientation, gender identity or expression, national origin, age, disability, genetic information, veteran status or any other characteristic protected by law. If you need an accommodation at any stage of our hiring process, tell us and we will make it.`,
  },
  openings: {
    heading: "Open roles",
    status: "No current openings",
    body: "We hire a few times a year, usually for writers, strategists and audience specialists. New roles are posted on our LinkedIn page first.",
    link: `Follow ${site.name} on LinkedIn`,
    href: site.urls.linkedinCompany,
  },
} as const;

export const partners = {
  meta: {
    title: "Partner Program",
    description: `Join the ${site.name} partner program: refer B2B founders who need founder-led content and LinkedIn pipeline, share in the revenue, and co-market with our team.`,
    keywords: [
      "agency partner program",
      "referral partner",
      "B2B marketing partners",
      "fractional CMO partners",
    ],
  },
  hero: {
    eyebrow: "Partners",
    title: "Grow with the Northstory partner program",
    lead: "You advise founders on sales, fundraising, brand or go-to-market. We turn their expertise into content and pipeline. Together we give clients a complete answer.",
  },
  whoHeading: "Who it is for",
  who: [
    {
      title: "Fractional CMOs and marketing consultants",
      body: "Add founder-led content and LinkedIn audience growth to your plans without hiring a content team.",
    },
    {
      title: "Sales trainers and revenue advisors",
      body: "Give the reps you train a warm market: prospects who already know and trust their founder.",
    },
    {
      title: "Agencies and studios",
      body: "Brand, web, video and PR agencies whose clients need a steady voice on LinkedIn between launches.",
    },
    {
      title: "Investors and accelerators",
      body: "Help portfolio founders build the audience that makes fundraising, hiring and selling easier.",
    },
  ],
  benefitsHeading: "What partners get",
  benefits: [
    "A revenue share for the first year of every client you introduce, paid monthly.",
    "A named partner manager and a shared channel for quick answers about fit and pricing.",
    "Co-marketing: joint webinars, guest posts and introductions to our audience.",
    "Priority onboarding for your clients, with you in the loop on strategy.",
  ],
  stepsHeading: "How it works",
  steps: [
    {
      title: "Tell us about your practice",
      body: "Send us a short note about who you serve and how you work with founders.",
    },
    {
      title: "Meet your partner manager",
      body: "A 30-minute call to agree on fit, introductions and how we keep you informed.",
    },
    {
      title: "Introduce founders",
      body: "We take it from there, with the same honest first call every prospect gets.",
    },
  ],
  cta: {
    title: "Ready to partner with us?",
    body: "Tell us about your practice and we will reply within two business days.",
    button: { label: "Join Our Partner Program", to: href("/about/contact") },
  },
} as const;
