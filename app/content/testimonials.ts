import portraits from "virtual:portraits";
import { type PortraitSlug, personSlug } from "#app/content/portraits.ts";

export type Testimonial = {
  name: string;
  company: string;
  jobTitle?: string;
  quote: string;
  /** 1 to 5, shown out of 5 stars. */
  rating: 1 | 2 | 3 | 4 | 5;
  /** The author's illustrated portrait (app/content/portraits.ts), drawn at build time. */
  portrait: string;
};

/** Each author's portrait, found by their name. */
function withPortraits(list: Omit<Testimonial, "portrait">[]): Testimonial[] {
  return list.map((testimonial) => ({
    ...testimonial,
    portrait: portraits[personSlug(testimonial.name) as PortraitSlug],
  }));
}

/** Shown on /pricing and /book-a-call. */
export const testimonials: Testimonial[] = withPortraits([
  {
    name: "Dana Whitfield",
    company: "Ledgerline",
    jobTitle: "Founder & CEO",
    quote:
      "I had tried to post on LinkedIn for two years and never kept it up. Northstory interviews me for half an hour, and a week later I have a month of posts that sound exactly like me. Three of our last five enterprise deals mentioned my posts on the first call.",
    rating: 5,
  },
  {
    name: "Marcus Oyelaran",
    company: "Fieldgrid Robotics",
    jobTitle: "Co-founder",
    quote:
      "Our buyers are plant managers, not marketers. The team learned our world fast, wrote about downtime and retrofits in language operators respect, and grew my network with exactly those people. We booked 14 qualified meetings in the first quarter.",
    rating: 5,
  },
  {
    name: "Priya Raman",
    company: "Clearpath Compliance",
    jobTitle: "CEO",
    quote:
      "What sold me was the honesty. They told me which of my ideas would not land and why. Six months in, inbound demo requests doubled and our sales team uses the posts as follow-up material.",
    rating: 5,
  },
  {
    name: "Tom Becker",
    company: "Harbor & Finch Advisory",
    jobTitle: "Managing Partner",
    quote:
      "I give them about an hour a month. In return my firm has a consistent voice in the market for the first time in fifteen years. Referral partners now tell me they read every post.",
    rating: 5,
  },
  {
    name: "Elena Sorensen",
    company: "Quanta Freight",
    jobTitle: "Founder",
    quote:
      "The activation piece is what moved the needle. When the right logistics directors engaged with my content, Northstory started personal conversations that referenced what they had read. It never felt like cold outreach.",
    rating: 4,
  },
  {
    name: "Jamal Carter",
    company: "Brightwave HR",
    quote:
      "We had a content agency before that produced generic blog posts nobody read. Northstory built an audience of 4,000 HR leaders around our CEO in a year, and those people now show up to our webinars and take our sales calls.",
    rating: 5,
  },
]);
