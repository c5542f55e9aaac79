import { Mail, MapPin } from "lucide-react";
import {
  data,
  type HeadersFunction,
  type ShouldRevalidateFunction,
  useLocation,
} from "react-router";
import { handleContactSubmission, newFormToken } from "#app/.server/contact/handle.ts";
import { requireApp, requireRequestInfo } from "#app/.server/context.ts";
import { ContactReplyArt } from "#app/components/art/contact-reply.tsx";
import { ContactForm } from "#app/components/contact/contact-form.tsx";
import { MapPreview } from "#app/components/contact/map-preview.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { contactCopy } from "#app/content/contact.ts";
import { seo } from "#app/content/seo.ts";
import { site } from "#app/content/site.ts";
import type { ContactResult } from "#app/lib/contact-result.ts";
import { cameFromCampaign } from "#app/lib/lead-source.ts";
import { perRequestPage } from "#app/lib/page-rendering.ts";
import { originFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/contact";

export const handle = perRequestPage({ sitemap: true });

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(originFrom(matches), { ...contactCopy.meta, path: "/contact" });

// Each visit gets its own signed form token: a double submit stores one message, and a
// form sent back within a second or two of being served is a bot.
export function loader({ context, request }: Route.LoaderArgs) {
  const app = requireApp(context);
  return data(
    {
      token: newFormToken(app),
      // The page before this one, when it came through a campaign link: sent back with the
      // form, so a form sent before any script of the visit ran keeps the campaign.
      cameFrom: cameFromCampaign(request.headers.get("Referer"), [
        new URL(request.url).origin,
        app.env.SITE_URL,
      ]),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** Both paths of the form: the page's own post without JavaScript, the fetcher's with it. */
export async function action({ request, context }: Route.ActionArgs) {
  const { status, body, headers } = await handleContactSubmission(
    request,
    requireApp(context),
    requireRequestInfo(context),
  );
  return data(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

// The answer to a post (429's Retry-After, no-store) goes with the page it returns.
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

/**
 * With JavaScript, a message that cannot reach the server (offline, a proxy's error page)
 * is answered here, so the visitor keeps the form and its text and sees why.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    const failure: ContactResult = { ok: false, kind: "failed", ...contactCopy.toasts.failure };
    return failure;
  }
}

// A new token only after a message was stored: a failed send keeps its token, so sending
// it again can never store the message twice.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) =>
  actionResult === undefined
    ? defaultShouldRevalidate
    : (actionResult as ContactResult | undefined)?.ok === true;

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const copy = contactCopy;
  // The page's own path and query go back with the form (which call to action led here),
  // scripts or not. The location, not the loader's request: on a client navigation that
  // request is the data URL (/contact.data?…&_routes=…).
  const { pathname, search } = useLocation();
  return (
    <>
      <PageHeader title={copy.headline} lead={copy.subtitle} art={<ContactReplyArt />} />
      <Container className="grid gap-8 pb-20 lg:grid-cols-5">
        <Card
          as="section"
          aria-labelledby="contact-form-heading"
          padding="roomy"
          className="lg:col-span-3"
        >
          <SectionHeading id="contact-form-heading" size="sm">
            {copy.formTitle}
          </SectionHeading>
          <p className="mt-2 text-ink-soft">{copy.formIntro}</p>
          <div className="mt-6">
            <ContactForm
              token={loaderData.token}
              page={pathname + search}
              cameFrom={loaderData.cameFrom}
              serverResult={actionData}
            />
          </div>
        </Card>
        <div className="space-y-8 lg:col-span-2">
          <Card as="section" aria-labelledby="find-us-heading">
            <SectionHeading id="find-us-heading" size="sm">
              {copy.mapTitle}
            </SectionHeading>
            <p className="mt-2 mb-4 text-ink-soft">{copy.mapIntro}</p>
            <MapPreview
              embedUrl={site.urls.map}
              linkUrl={site.urls.mapLink}
              label={`Map of the ${site.name} office in ${site.address.city}`}
              buttonLabel={copy.mapButton}
              note={copy.mapNote}
              linkLabel={copy.mapLink}
            />
          </Card>
          <Card as="section" aria-labelledby="office-heading">
            <SectionHeading id="office-heading" size="sm">
              {copy.officeTitle}
            </SectionHeading>
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
          </Card>
        </div>
      </Container>
    </>
  );
}
