import { href } from "react-router";
import { ctaPattern } from "#app/lib/cta-name.ts";

/**
 * A link to one of the pages where leads start that names the call to action it is, as a
 * plain `from` query value (`/book-a-call?from=home-hero`): the contact form stores it with
 * the lead. The pages themselves ignore the value, and their canonical URL leaves it out.
 */
export function leadLink(page: "/contact" | "/book-a-call", from: string): string {
  if (!ctaPattern.test(from)) throw new Error(`"${from}" is not a call-to-action name`);
  return `${href(page)}?from=${from}`;
}
