// Dates are calendar days ("2025-04-15"), not instants: formatting in UTC keeps the day
// the same for every visitor and for the server that renders the page.
const longDate = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** "2025-04-15" → "April 15, 2025". */
export function formatDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

// Moments in the back office ("received", "last sign-in") are shown in UTC, said so, so the
// server's page and the browser's agree and the team reads one clock.
const moment = new Intl.DateTimeFormat("en-GB", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/** An instant → "24 Nov 2026, 14:05 UTC"; null → "never". */
export function formatMoment(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return "never";
  return `${moment.format(new Date(value))} UTC`;
}
