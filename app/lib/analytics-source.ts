/**
 * The source a visit (and a lead, by its first touch) is counted under: its utm_source,
 * else the host of the site it came from (without "www."), else null: direct.
 */
export function visitSourceOf(visit: {
  utmSource?: string | null;
  referrerHost?: string | null;
}): string | null {
  const utm = visit.utmSource?.trim().toLowerCase();
  if (utm) return utm.slice(0, 100);
  const host = visit.referrerHost?.trim().toLowerCase();
  return host ? host.replace(/^www\./, "") : null;
}
