import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Every URL of the site in one place (SPEC.md §2). Anything else is the not-found page.
export default [
  index("routes/home.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
