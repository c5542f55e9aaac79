import { CalendarCheck, MessageSquareText, Target, Ticket } from "lucide-react";
import { href } from "react-router";
import { featureName } from "#app/content/features/catalog.ts";
import type { FeaturePageContent } from "#app/content/features/types.ts";
import { leadLink } from "#app/lib/cta.ts";

export const b2bEventAttendeeAcquisition: FeaturePageContent = {
  name: featureName("b2b-event-attendee-acquisition"),
  meta: {
    title: "B2B Event Attendee Acquisition",
    description:
      "Fill your webinars, dinners and conference meetings with the buyers you want. Northstory invites your target accounts personally, in your founder's voice.",
    keywords: [
      "B2B event marketing",
      "webinar attendee acquisition",
      "event registration LinkedIn",
      "executive dinner invitations",
    ],
  },
  hero: {
    eyebrow: "B2B event attendee acquisition",
    title: "Fill the room with buyers, not just badges",
    lead: "Events only pay off when the right people attend. We build the guest list from your ideal customer profile and invite each person personally, so your webinars, dinners and trade-show meetings are full of decision makers.",
  },
  cardsHeading: "How we fill your events",
  cardsIntro: "From the first invitation to the follow-up after the last session.",
  cards: [
    {
      icon: Target,
      title: "Targeted guest lists",
      description:
        "We build invite lists by title, industry, company size and region, starting with the accounts your sales team cares about most.",
    },
    {
      icon: MessageSquareText,
      title: "Personal invitations",
      description:
        "Invitations go out from your founder's LinkedIn in their voice, referencing why this event matters to each guest.",
    },
    {
      icon: Ticket,
      title: "Pre-event content",
      description:
        "Posts that preview the speakers and the ideas you will discuss, so registrations grow and attendees arrive already engaged.",
    },
    {
      icon: CalendarCheck,
      title: "Follow-up that books meetings",
      description:
        "After the event we follow up with attendees and no-shows alike, share the key takeaways and book meetings with those who want to continue the conversation.",
    },
  ],
  cta: {
    title: "Planning an event this quarter?",
    body: "Tell us about it on a 20-minute intro call and we will show you who we would invite and how.",
    primary: {
      label: "Book A Call",
      to: leadLink("/book-a-call", "feature-b2b-event-attendee-acquisition"),
    },
    secondary: { label: "See Pricing", to: href("/pricing") },
  },
};
