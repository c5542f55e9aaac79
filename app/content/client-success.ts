import { href } from "react-router";
import { site } from "#app/content/site.ts";
import { leadLink } from "#app/lib/cta.ts";

export const clientSuccess = {
  meta: {
    title: "Client Success: Coming Soon",
    description:
      "Northstory's client success hub is coming soon. Until then, read our founder brand case studies or book a call to hear results from clients like you.",
  },
  hero: {
    eyebrow: "Client success",
    title: "Coming soon",
    lead: `We are gathering results, stories and lessons from the ${site.claims.clients} founders and executives we have worked with into one place.`,
  },
  onwardHeading: "In the meantime",
  onward: [
    {
      title: "Read our case studies",
      body: "How founders grew audiences, booked meetings and closed deals with founder-led content.",
      link: { label: "View Case Studies", to: href("/founder-brand-case-studies") },
    },
    {
      title: "See real client content",
      body: "Browse posts we have written and published with our clients on LinkedIn.",
      link: { label: "See Client Examples", to: href("/founder-brand-content-examples") },
    },
    {
      title: "Ask us directly",
      body: "On a 20-minute intro call we will share results from clients in your industry.",
      link: { label: "Book A Call", to: leadLink("/book-a-call", "client-success") },
    },
  ],
};
