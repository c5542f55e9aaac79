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
  promises: [
    {
      title: "We tell you if we are not a fit",
      body: "If your market, budget or timing means we are unlikely to deliver results, we say so on the first call, even if you are ready to sign.",
    },
    {
      title: "We report what happened, not what flatters us",
      body: "Monthly reports show reach, audience quality and meetings, including the months when numbers go down, and what we are changing about it.",
    },
    {
      title: "We quote one fixed price",
      body: "You get a fixed monthly fee before you sign. No setup fees, no surprise add-ons, no price rise during your term.",
    },
    {
      title: "Your content and audience stay yours",
      body: "Everything we write and every connection we make belongs to you, whether you stay for six months or six years.",
    },
    {
      title: "We keep the 90-day out",
      body: "If the program is not working in the first 90 days, you can leave. We will not argue, and you keep everything we produced.",
    },
  ],
  neverHeading: "What we will never do",
  never: [
    "Buy followers, engagement pods or fake comments to make numbers look better.",
    "Publish anything in your name that you have not approved.",
    "Invent client results, statistics or quotes, in your content or in our own marketing.",
    "Send automated spam from your account or message people outside your target audience.",
    "Lock you into a contract with hidden renewal terms.",
  ],
  ceo: {
    heading: "Hold us to it",
    body: "If you think we have broken this pledge, or you want to hear it from the top before you sign, book a call directly with our CEO.",
    button: "Book a Call With Our CEO",
  },
};
