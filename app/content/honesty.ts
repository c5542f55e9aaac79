/**
 * A promise, a refusal or a benefit, and, for those the page's art shows, the same in a few
 * words (`inShort`): kept next to each other so one is not changed without the other.
 */
type Pledge = { title: string; body: string; inShort?: string };
type Refusal = { text: string; inShort?: string };

export const honesty = {
  meta: {
    title: "Our Honesty Pledge",
    description:
      "The Northstory honesty pledge: what we promise every founder we work with, what we will never do, and how to reach our CEO directly if we fall short.",
    keywords: ["honesty pledge", "agency transparency", "Northstory values"],
  },
  hero: {
    eyebrow: "Honesty",
    title: "Our honesty pledge",
    lead: "Marketing agencies have earned a reputation for vague promises and vanity metrics. We would rather lose a deal than win it that way. This is what you can hold us to.",
  },
  promisesHeading: "What we promise",
  /** The art's heading over the promises and refusals it shows in short. */
  artHeading: "What you can hold us to",
  promises: [
    {
      title: "We tell you if we are not a fit",
      body: "If your market, budget or timing means we are unlikely to deliver results, we say so on the first call, even if you are ready to sign.",
    },
    {
      title: "We report what happened, not what flatters us",
      body: "Monthly reports show reach, audience quality and meetings, including the months when numbers go down, and what we are changing about it.",
      inShort: "Reports that show the down months",
    },
    {
      title: "We quote one fixed price",
      body: "You get a fixed monthly fee before you sign. No setup fees, no surprise add-ons, no price rise during your term.",
      inShort: "One fixed price, no setup fees",
    },
    {
      title: "Your content and audience stay yours",
      body: "Everything we write and every connection we make belongs to you, whether you stay for six months or six years.",
      inShort: "Your content and audience stay yours",
    },
    {
      title: "We keep the 90-day out",
      body: "If the program is not working in the first 90 days, you can leave. We will not argue, and you keep everything we produced.",
    },
  ] satisfies Pledge[],
  /** The 90-day out in short: the art's badge. */
  outInShort: "90-day out, and you keep it all",
  neverHeading: "What we will never do",
  never: [
    {
      text: "Buy followers, engagement pods or fake comments to make numbers look better.",
      inShort: "Buy followers or fake comments",
    },
    {
      text: "Publish anything in your name that you have not approved.",
      inShort: "Publish what you have not approved",
    },
    {
      text: "Invent client results, statistics or quotes, in your content or in our own marketing.",
    },
    {
      text: "Send automated spam from your account or message people outside your target audience.",
    },
    { text: "Lock you into a contract with hidden renewal terms." },
  ] satisfies Refusal[],
  ceo: {
    heading: "Hold us to it",
    body: "If you think we have broken this pledge, or you want to hear it from the top before you sign, book a call directly with our CEO.",
    button: "Book a Call With Our CEO",
  },
};
