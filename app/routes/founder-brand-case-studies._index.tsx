import { redirect } from "react-router";
import { caseStudyPath, defaultCaseStudy } from "#app/content/case-studies.ts";

/**
 * The bare group path shows the first study, as a redirect that replaces it. A direct
 * visit gets a real 302 from the server. On a client-side navigation the router follows the
 * redirect before committing, so the bare path never enters the history: Back returns to
 * the page the visitor came from. (React Router's `replace()` would be wrong here: it
 * replaces the entry of that previous page.) The component is never rendered; it makes this
 * a page route so client navigations run the loader.
 */
export function loader() {
  throw redirect(caseStudyPath(defaultCaseStudy), 302);
}

export default function CaseStudiesIndex() {
  return null;
}
