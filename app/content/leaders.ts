import portraits from "virtual:portraits";
import type { PortraitSlug } from "#app/content/portraits.ts";

/** A member of the leadership team. */
export type Leader = {
  id: number;
  /** File name of the portrait and stable key for links and ids. */
  slug: string;
  name: string;
  title: string;
  photo: { src: string; width: number; height: number };
  /** The bio, one entry per paragraph. */
  bio: readonly string[];
  linkedinUrl: string;
};

/**
 * Where real photos of the leaders live, when there are some: set it to a storage bucket
 * (e.g. "https://media.example.com/leaders", serving `<slug>.svg` files) and allow that host
 * in the img-src of the content security policy, and the pages show those photos. Unset,
 * they show the illustrated portraits drawn when the site is built (app/content/portraits.ts),
 * so no page depends on an outside host.
 */
const photoBaseUrl: string | undefined = undefined;

const photo = (slug: PortraitSlug) => ({
  src: photoBaseUrl ? `${photoBaseUrl}/${slug}.svg` : portraits[slug],
  width: 320,
  height: 320,
});
const linkedin = (slug: string) => `https://www.linkedin.com/in/${slug}-northstory-example`;

function leader(
  id: number,
  slug: PortraitSlug,
  name: string,
  title: string,
  bio: readonly string[],
): Leader {
  return { id, slug, name, title, photo: photo(slug), bio, linkedinUrl: linkedin(slug) };
}

export const leaders: readonly Leader[] = [
  leader(1, "jordan-ellery", "Jordan Ellery", "Founder & CEO", [
    "Jordan started Northstory in 2014 from a borrowed desk in downtown Durham, ghostwriting LinkedIn posts for three Research Triangle founders who had plenty to say and no time to write it. Before that, Jordan spent eight years in B2B software sales and noticed that the deals that closed fastest almost always started with a buyer who already trusted the founder.",
    "Today Jordan leads company strategy, still sits in on client interview calls every week, and personally reviews every program that is not on track by its 90-day mark.",
    "Outside work, Jordan coaches youth soccer and is slowly restoring a 1970s sailboat on Jordan Lake.",
  ]),
  leader(2, "priya-natarajan", "Priya Natarajan", "President & Chief Operating Officer", [
    "Priya runs the day-to-day business: delivery, finance, hiring and the systems that let more than fifty people ship hundreds of pieces of content a month without dropping a deadline.",
    "She joined Northstory in 2016 from a management consulting firm, where she led operations turnarounds for professional services companies. Her first project was replacing a wall of sticky notes with the production workflow the team still uses today.",
    "Priya holds an MBA from Duke's Fuqua School of Business and mentors first-time operators through a Durham founder network.",
  ]),
  leader(3, "marcus-bell", "Marcus Bell", "Chief Content Officer", [
    "Marcus leads the writers, editors and designers who turn monthly interview calls into posts, articles and newsletters that sound like the founder on a very good day.",
    "He spent a decade as a business reporter and features editor before crossing over to content strategy. He still edits with a reporter's rule: every claim needs a source, and every post needs one idea a reader can repeat.",
    "Marcus built Northstory's voice-matching process, a style profile for each client that every writer works from, so content stays consistent when team members change.",
  ]),
  leader(4, "elena-sokolova", "Elena Sokolova", "VP, Audience Development", [
    "Elena runs audience growth: deciding which buyers, partners and investors each client should be connected to, and growing those networks by hand, one relevant person at a time.",
    "Before Northstory she built the LinkedIn community program for a cybersecurity company from a few hundred followers to a channel that sourced a third of its enterprise pipeline.",
    "Elena is the reason Northstory reports audience quality, not just follower counts: the share of a client's network that matches their ideal customer profile.",
  ]),
  leader(5, "darnell-hayes", "Darnell Hayes", "VP, Lead Activation", [
    "Darnell leads the activation team, which turns engagement into conversations: personal, well-timed outreach to the people who keep reading and reacting to a client's content.",
    "He managed sales development teams at two venture-backed SaaS companies and has strong opinions about outreach that sounds automated. His team writes every first message for the person receiving it.",
    "Darnell designed the handoff playbook clients use when a conversation turns into an opportunity, so no warm lead waits more than one business day for a reply.",
  ]),
  leader(6, "hannah-whitaker", "Hannah Whitaker", "Director of Client Success", [
    "Hannah makes sure every client knows what is happening in their program and why. Her team runs onboarding, monthly reviews and the 90-day checkpoint where clients decide whether to continue.",
    "She came to Northstory as one of its first account managers in 2017 and has since worked with more than two hundred founders across software, professional services, healthcare and manufacturing.",
    "Hannah is a firm believer in bad-news-first reporting: when a month underperforms, clients hear it from her before they see it in a dashboard.",
  ]),
  leader(7, "tomas-rivera", "Tomás Rivera", "Head of Strategy", [
    "Tomás leads the strategists who plan each client's program: the positioning, the topics worth owning, the audience to build and the offers that turn readers into meetings.",
    "He previously ran product marketing at a logistics software company and taught a graduate course on B2B go-to-market strategy at NC State.",
    "Tomás writes Northstory's quarterly research on what B2B buyers actually read on LinkedIn, based on anonymised performance data across the client base.",
  ]),
  leader(8, "grace-liu", "Grace Liu", "Director of Finance & People Operations", [
    "Grace keeps Northstory healthy as a business and as a place to work. She manages finance, payroll and benefits, and she designed the parental leave and flexibility policies the team relies on.",
    "Before joining in 2019, she was a controller at a Raleigh architecture firm and started her career in audit.",
    "Grace also runs the annual compensation review, which publishes salary bands for every role to the whole team.",
  ]),
  leader(9, "samuel-okafor", "Samuel Okafor", "Head of Talent", [
    "Samuel finds and develops the people who do the work: writers, strategists, audience specialists and activation reps, most of whom start with a paid trial project rather than a whiteboard interview.",
    "He spent six years recruiting for newsrooms and agencies, and he built Northstory's writer apprenticeship, which has trained more than forty editors since it launched.",
    "Samuel leads the culture committee that keeps HAT, our values of happiness, accountability and transparency, part of how people are hired, reviewed and promoted.",
  ]),
];
