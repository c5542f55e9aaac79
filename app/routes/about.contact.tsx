import { redirect } from "react-router";

/**
 * The partners page links to /about/contact while the sub-navigation links to /contact;
 * both work: this one is a permanent redirect to /contact. It has a (never rendered)
 * component so that client-side navigations follow the redirect too.
 */
export function loader() {
  throw redirect("/contact", 301);
}

export default function AboutContactRedirect() {
  return null;
}
