import { loadLegalDocument } from "#app/.server/legal.ts";
import { htmlForData } from "#app/.server/pages/document-only.ts";
import { LEGAL_BODY_ID, LegalDocument } from "#app/components/legal/legal-document.tsx";
import { legalCopy, legalDocuments } from "#app/content/legal.ts";
import { seo } from "#app/content/seo.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { originFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/terms";

// Rendered once when the server starts (handle below).
export function loader({ context }: Route.LoaderArgs) {
  const { html, ...document } = loadLegalDocument("terms");
  return { ...document, html: htmlForData(context, LEGAL_BODY_ID, html) };
}

export const handle = staticPage();

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? seo(originFrom(matches), {
        title: loaderData.title,
        description: loaderData.description,
        path: legalDocuments.terms.path,
      })
    : [];

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalDocument {...loaderData} copy={legalCopy} />;
}
