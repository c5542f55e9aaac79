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
