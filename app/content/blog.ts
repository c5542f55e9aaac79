import { href } from "react-router";
import { site } from "#app/content/site.ts";
import { leadLink } from "#app/lib/cta.ts";

export const blogCopy = {
  meta: {
    title: "Blog: Founder-Led Content, LinkedIn and Pipeline",
    description:
      "Practical advice for B2B founders and executives on founder-led content, LinkedIn audience growth and turning attention into pipeline.",
    keywords: [
      "founder-led content",
      "B2B marketing blog",
      "LinkedIn for founders",
      "thought leadership",
      "lead generation",
    ],
    /** Later pages keep a description of their own. */
    pageDescription: (page: number, total: number) =>
      `Page ${page} of ${total} of the ${site.name} Blog: practical advice for B2B founders on founder-led content, LinkedIn growth and pipeline.`,
    pageTitle: (page: number) => `Blog, page ${page}: Founder-Led Content, LinkedIn and Pipeline`,
  },
  heading: `The ${site.name} Blog`,
  intro:
    "Ideas, playbooks and lessons for founders and executives who want to build an audience, earn trust and turn attention into pipeline.",
  listHeading: (page: number, total: number) =>
    total > 1 ? `Articles, page ${page} of ${total}` : "Articles",
  loading: "Loading articles…",
  readMore: { label: "Read more", about: "about" },
  pagination: {
    label: "Blog pages",
    previous: "Previous",
    next: "Next",
    page: (page: number) => `Page ${page}`,
  },
  breadcrumb: { label: "Breadcrumb", home: "Home", blog: "Blog" },
  backToBlog: "All articles",
  unavailable: {
    title: "This article could not be shown",
    body: "Something went wrong on our side while loading it. Please try again in a minute, or browse the other articles on the blog.",
  },
  sidebar: {
    label: "More from the blog",
    call: {
      title: "Book A Call",
      body: "Twenty minutes with our team: we look at your goals and show you what a founder-led program would look like for you. No commitment.",
      cta: "Book A Call",
      to: leadLink("/book-a-call", "blog-sidebar"),
    },
    about: {
      title: `About ${site.name}`,
      body: `Since ${site.foundedYear}, ${site.name} has helped ${site.claims.clients} B2B founders and executives become trusted voices for the buyers they want to reach.`,
      cta: "Meet the team",
      to: href("/about"),
    },
    recent: "Recent Posts",
    related: "Related Posts",
  },
  feed: {
    title: `The ${site.name} Blog`,
    description:
      "Founder-led content, LinkedIn audience growth and lead activation for B2B founders and executives.",
  },
} as const;
