import { loadLegalDocument } from "#app/.server/legal.ts";
import { LegalDocument } from "#app/components/legal/legal-document.tsx";
import { legalCopy, legalDocuments } from "#app/content/legal.ts";
import { staticPage } from "#app/lib/page-rendering.ts";
import { originFrom, seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/privacy-policy";

// Prerendered: the loader runs at build time.
export function loader() {
  return loadLegalDocument("privacy-policy");
}

export const handle = staticPage();

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? seo(originFrom(matches), {
        title: loaderData.title,
        description: loaderData.description,
        path: legalDocuments["privacy-policy"].path,
      })
    : [];

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalDocument {...loaderData} copy={legalCopy} />;
}
