import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Every URL of the site in one place (SPEC.md §2). Anything else is the not-found page.
export default [
  index("routes/home.tsx"),

  // Marketing pages

  // About, case studies, content examples, legal

  // Blog and feeds

  // Contact
  route("contact", "routes/contact.tsx"),
  route("api/contact", "routes/api.contact.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
