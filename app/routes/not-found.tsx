import { data } from "react-router";
import { NotFound } from "#app/components/not-found.tsx";
import { site } from "#app/content/site.ts";
import type { Route } from "./+types/not-found";

// A real 404 status for crawlers and link checkers, not a 200 with an error message.
export function loader() {
  return data(null, { status: 404 });
}

// A form posted to an address that does not exist: still "page not found", not a 405.
export function action() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: `Page not found | ${site.name}` },
  { name: "robots", content: "noindex" },
];

export default function NotFoundRoute() {
  return <NotFound />;
}
