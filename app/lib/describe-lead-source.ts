import { formatDate } from "#app/lib/format-date.ts";
import type { LeadSource, Touch } from "#app/lib/lead-source.ts";
import { campaignParams } from "#app/lib/visit-source.ts";

/** One line of a lead's source, as the team reads it. */
export type SourceLine = { label: string; value: string };

const campaignLabels: Record<(typeof campaignParams)[number], string> = {
  utm_source: "UTM source",
  utm_medium: "UTM medium",
  utm_campaign: "UTM campaign",
  utm_term: "UTM term",
  utm_content: "UTM content",
  li_fat_id: "LinkedIn click id",
  gclid: "Google Ads click id",
};

const sameTouch = (a: Touch, b: Touch) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** A whole touch on one line: "/blog/x from https://www.google.com (utm_source=news), May 1, 2026". */
function summarise(touch: Touch): string {
  const campaign = campaignParams
    .filter((name) => touch[name])
    .map((name) => `${name}=${touch[name]}`)
    .join(", ");
  return [
    touch.landing ?? "an unknown page",
    touch.referrer ? ` from ${touch.referrer}` : " (direct)",
    campaign ? ` (${campaign})` : "",
    touch.at ? `, ${formatDate(touch.at)}` : "",
  ].join("");
}

/**
 * Where a lead came from, as label/value pairs for the notification email, the back office
 * and the integrations: the visit the message was sent in (landing page, referring site,
 * campaign values), the call to action and page of the form, and the first visit when it
 * was another one.
 */
export function describeLeadSource(lead: Partial<LeadSource>): SourceLine[] {
  const lines: SourceLine[] = [];
  const last = lead.lastTouch ?? null;
  if (last) {
    if (last.landing) lines.push({ label: "Landing page", value: last.landing });
    lines.push({ label: "Referrer", value: last.referrer ?? "none (a direct visit)" });
    for (const name of campaignParams) {
      const value = last[name];
      if (value) lines.push({ label: campaignLabels[name], value });
    }
  } else {
    lines.push({
      label: "Visit",
      value: "not known (the browser sent no visit details: scripts off or storage blocked)",
    });
  }
  if (lead.cta) lines.push({ label: "Call to action", value: lead.cta });
  if (lead.formPage) lines.push({ label: "Sent from", value: lead.formPage });
  const first = lead.firstTouch ?? null;
  if (first && !(last && sameTouch(first, last)))
    lines.push({ label: "First visit", value: summarise(first) });
  return lines;
}
