import { PageHeader } from "#app/components/page-header.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { useDocumentOnlyHtml } from "#app/lib/document-only.tsx";
import { formatDate } from "#app/lib/format-date.ts";

/** The element holding the rendered Markdown (its HTML is not repeated in hydration data). */
export const LEGAL_BODY_ID = "legal-body";

export type LegalDocumentProps = {
  title: string;
  description: string;
  updated: string;
  /** Null when the document already holds it (see app/lib/document-only.tsx). */
  html: string | null;
  toc: readonly { id: string; text: string }[];
  copy: { tocHeading: string; updatedLabel: string };
};

/**
 * A legal page: title, last-updated date, a table of contents of the `##` sections (plain
 * anchors, so they work without JavaScript) and the Markdown rendered with prose styles.
 */
export function LegalDocument({
  title,
  description,
  updated,
  html,
  toc,
  copy,
}: LegalDocumentProps) {
  const body = useDocumentOnlyHtml(LEGAL_BODY_ID, html);
  return (
    <>
      <PageHeader
        title={title}
        lead={
          <>
            <p>{description}</p>
            <p className="mt-3 text-base">
              {copy.updatedLabel}: <time dateTime={updated}>{formatDate(updated)}</time>
            </p>
          </>
        }
      />
      <Container className="grid gap-10 pb-20 lg:grid-cols-[17rem_minmax(0,48rem)] lg:gap-16">
        <nav
          aria-labelledby="toc-heading"
          className="lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7rem)] lg:self-start lg:overflow-y-auto"
        >
          <div className="rounded-2xl border border-slate-200 bg-sand p-5">
            <SectionHeading id="toc-heading" size="xs">
              {copy.tocHeading}
            </SectionHeading>
            <ol className="mt-3 space-y-0.5 text-[0.95rem]">
              {toc.map((entry) => (
                <li key={entry.id}>
                  <a
                    href={`#${entry.id}`}
                    className="block rounded-md px-2 py-1 text-ink hover:bg-white hover:text-brand-700 hover:underline"
                  >
                    {entry.text}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article
          id={LEGAL_BODY_ID}
          className="prose prose-lg max-w-none prose-headings:font-display prose-a:text-brand-700"
          // Our own Markdown, rendered on the server at build time (app/.server/legal.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted, first-party content
          dangerouslySetInnerHTML={{ __html: body }}
        />
      </Container>
    </>
  );
}
