/**
 * The source a visit (and a lead, by its first touch) is counted under: its utm_source; else
 * the ad network whose click id the link carried (Google Ads adds `gclid`, LinkedIn's ads
 * `li_fat_id`, without a utm_source of their own): "google", "linkedin", with the medium
 * "cpc" (visitMediumOf), apart from the same sites' unpaid referrals ("google.com"); else the host of the site it came from
 * (without "www."); else null: direct. The report's SQL for leads (leadSource in
 * app/.server/analytics/report.ts) follows the same rule.
 */
export function visitSourceOf(visit: {
  utmSource?: string | null;
  /** The click ids the landing URL carried. */
  gclid?: boolean;
  liFatId?: boolean;
  referrerHost?: string | null;
}): string | null {
  const utm = visit.utmSource?.trim().toLowerCase();
  if (utm) return utm.slice(0, 100);
  if (visit.gclid) return "google";
  if (visit.liFatId) return "linkedin";
  const host = visit.referrerHost?.trim().toLowerCase();
  return host ? host.replace(/^www\./, "") : null;
}

/** A visit's medium: its utm_medium, else "cpc" for an ad's click id (as Google Analytics). */
export function visitMediumOf(visit: {
  utmMedium?: string | null;
  gclid?: boolean;
  liFatId?: boolean;
}): string | null {
  const utm = visit.utmMedium?.trim().toLowerCase();
  if (utm) return utm.slice(0, 100);
  return visit.gclid || visit.liFatId ? "cpc" : null;
}
