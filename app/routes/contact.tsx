import { Mail, MapPin } from "lucide-react";
import { data } from "react-router";
import { handleContactSubmission, newFormToken } from "#app/.server/contact/handle.ts";
import { appContext, requestContext } from "#app/.server/context.ts";
import { ContactForm } from "#app/components/contact/contact-form.tsx";
import { MapPreview } from "#app/components/contact/map-preview.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { contactCopy } from "#app/content/contact.ts";
import { site } from "#app/content/site.ts";
import type { ContactResult } from "#app/lib/contact-result.ts";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () => seo({ ...contactCopy.meta, path: "/contact" });

// Each visit gets its own idempotency key (a double submit stores one message) and the
// time the form was served (a form sent back within a second or two is a bot).
export function loader() {
  return data(newFormToken(), { headers: { "Cache-Control": "no-store" } });
}

/** The form post made without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const info = context.get(requestContext);
  if (!app || !info) throw data(null, { status: 503 });
  const { status, body, headers } = await handleContactSubmission(request, app, info.clientIp);
  return data(body, { status, headers });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const copy = contactCopy;
  return (
    <>
      <PageHeader title={copy.headline} lead={copy.subtitle} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 pb-20 sm:px-6 lg:grid-cols-5 lg:px-8">
        <section
          aria-labelledby="contact-form-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3"
        >
          <h2 id="contact-form-heading" className="font-display text-2xl font-bold">
            {copy.formTitle}
          </h2>
          <p className="mt-2 text-ink-soft">{copy.formIntro}</p>
          <div className="mt-6">
            <ContactForm
              key={loaderData.idempotencyKey}
              idempotencyKey={loaderData.idempotencyKey}
              startedAt={loaderData.startedAt}
              serverResult={actionData as ContactResult | undefined}
            />
          </div>
        </section>
        <div className="space-y-8 lg:col-span-2">
          <section
            aria-labelledby="find-us-heading"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="find-us-heading" className="font-display text-2xl font-bold">
              {copy.mapTitle}
            </h2>
            <p className="mt-2 mb-4 text-ink-soft">{copy.mapIntro}</p>
            <MapPreview
              embedUrl={site.urls.map}
              linkUrl={site.urls.mapLink}
              label={`Map of the ${site.name} office in ${site.address.city}`}
              buttonLabel={copy.mapButton}
              note={copy.mapNote}
              linkLabel={copy.mapLink}
            />
          </section>
          <section
            aria-labelledby="office-heading"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="office-heading" className="font-display text-2xl font-bold">
              {copy.officeTitle}
            </h2>
            <address className="mt-4 space-y-4 not-italic">
              <p className="flex gap-3">
                <MapPin aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
                <span>
                  {site.name}
                  <br />
                  {site.address.street}
                  <br />
                  {site.address.city}, {site.address.region} {site.address.postalCode}
                </span>
              </p>
              <p className="flex gap-3">
                <Mail aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
                <span>
                  {copy.salesLabel}:{" "}
                  <a
                    href={`mailto:${site.email}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    {site.email}
                  </a>
                </span>
              </p>
            </address>
            <p className="mt-4 text-ink-soft">{copy.officeHours}</p>
          </section>
        </div>
      </div>
    </>
  );
}
