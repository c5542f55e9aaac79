import { href } from "react-router";
import { featureCatalog, featurePath } from "#app/content/features/catalog.ts";
import { leadLink } from "#app/lib/cta.ts";

/**
 * Brand facts and external URLs. Nothing else in the code base hard-codes them:
 * pages and components read them from here.
 */
export const site = {
  name: "Northstory",
  slug: "northstory",
  tagline: "Founder-led content that builds audience, trust and pipeline",
  socialTagline: "Founder-led content · LinkedIn audience growth · Lead activation",
  description:
    "Northstory turns founders and executives into trusted voices on LinkedIn, then turns that audience into pipeline with content, audience growth and lead activation.",
  email: "sales@northstory.example",
  foundedYear: 2014,
  staff: "50+",
  claims: {
    clients: "1,000+",
    years: "10+",
    rating: "4.6",
    ratingSite: "G2",
  },
  address: {
    street: "400 West Main Street, Suite 300",
    city: "Durham",
    region: "NC",
    postalCode: "27701",
    country: "US",
  },
  urls: {
    signIn: "https://app.northstory.example/login",
    scheduler: "https://meetings.northstory.example/northstory/intro-call",
    schedulerScript: "https://meetings.northstory.example/embed/scheduler.js",
    ceoScheduler: "https://meetings.northstory.example/northstory/ceo",
    linkedinCompany: "https://www.linkedin.com/company/northstory-example",
    reviews: "https://www.g2.com/products/northstory-example/reviews",
    map: "https://www.google.com/maps/embed?pb=northstory-durham-office",
    mapLink: "https://maps.google.com/?q=400+West+Main+Street+Durham+NC+27701",
  },
  defaultSocialImage: {
    path: "/social/default.jpg",
    width: 1200,
    height: 630,
    alt: "Northstory: founder-led content that builds audience, trust and pipeline",
  },
} as const;

export type NavLink = { label: string; to: string };

export const mainNav = {
  howItWorks: { label: "How It Works", to: href("/how-northstory-works-audience") },
  pricing: { label: "Pricing", to: href("/pricing") },
  clientSuccess: {
    label: "Client Success",
    items: [
      { label: "Case Studies", to: href("/founder-brand-case-studies") },
      { label: "Client Examples", to: href("/founder-brand-content-examples") },
    ] satisfies NavLink[],
  },
  getStarted: { label: "Get Started", to: leadLink("/book-a-call", "header-get-started") },
} as const;

export const topStrip = {
  links: [
    { label: "Honesty", to: href("/honesty") },
    { label: "About", to: href("/about") },
  ] satisfies NavLink[],
  signIn: { label: "Sign In", href: site.urls.signIn },
} as const;

export const footerColumns: { title: string; links: NavLink[] }[] = [
  {
    title: "Features",
    links: featureCatalog.map(({ slug, name }) => ({ label: name, to: featurePath(slug) })),
  },
  {
    title: "Company",
    links: [
      { label: "How It Works", to: href("/how-northstory-works-audience") },
      { label: "Pricing", to: href("/pricing") },
      { label: "Case Studies", to: href("/founder-brand-case-studies") },
      { label: "Client Examples", to: href("/founder-brand-content-examples") },
      { label: "Blog", to: href("/blog") },
      { label: "Book a Call", to: leadLink("/book-a-call", "footer-nav") },
    ],
  },
  {
    title: "About",
    links: [
      { label: "About Us", to: href("/about") },
      { label: "Values", to: href("/about/values") },
      { label: "Careers", to: href("/about/careers") },
      { label: "Partners", to: href("/about/partners") },
      { label: "Honesty", to: href("/honesty") },
      { label: "Contact", to: leadLink("/contact", "footer-nav") },
    ],
  },
];

export const legalLinks: NavLink[] = [
  { label: "Terms of Service", to: href("/terms") },
  { label: "Privacy Policy", to: href("/privacy-policy") },
];

/**
 * The site's pages a post may link to, as the footer names them (the post editor suggests
 * them in a link's address): each path once, without the footer's call-to-action names.
 */
export function pageLinkTargets(): { title: string; path: string }[] {
  const pages = new Map<string, string>();
  for (const { label, to } of [...footerColumns.flatMap((column) => column.links), ...legalLinks]) {
    const path = to.split("?")[0] ?? to;
    if (!pages.has(path)) pages.set(path, label);
  }
  return [...pages].map(([path, title]) => ({ title, path }));
}
