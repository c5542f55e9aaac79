import { redirect } from "react-router";

/**
 * The partners page links to /about/contact while the sub-navigation links to /contact
 * (SPEC.md §2); both work: this one is a permanent redirect (DESIGN.md §3.1). It has a
 * (never rendered) component so that client-side navigations follow the redirect too.
 */
export function loader() {
  throw redirect("/contact", 301);
}

export default function AboutContactRedirect() {
  return null;
}
