// Dates are calendar days ("2025-04-15"), not instants: formatting in UTC keeps the day
// the same for every visitor and for the server that renders the page.
//
// No Intl formatter is created when this module loads: the first one costs a phone several
// milliseconds (the locale's data), and the public pages' shared chunk imports this module
// on every page, dates or not. A calendar day needs only its month's name.

const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2025-04-15" → "15 Apr": a day on a chart's axis. */
export function formatShortDay(isoDate: string): string {
  const day = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) throw new RangeError(`Not a calendar day: ${isoDate}`);
  return `${day.getUTCDate()} ${months[day.getUTCMonth()]?.slice(0, 3)}`;
}

/** "2025-04-15" → "April 15, 2025". */
export function formatDate(isoDate: string): string {
  const day = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) throw new RangeError(`Not a calendar day: ${isoDate}`);
  return `${months[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}

// Moments in the back office ("received", "last sign-in") are shown in the reader's time
// zone (UTC for anyone who has not chosen one), its name said, so that the server's page
// and the browser's agree.
const moments = new Map<string, Intl.DateTimeFormat>();

/** An instant → "24 Nov 2026, 14:05 UTC" (or "…, 15:05 CET" in Berlin); null → "never". */
export function formatMoment(value: Date | string | null | undefined, timeZone = "UTC"): string {
  if (value === null || value === undefined) return "never";
  let moment = moments.get(timeZone);
  if (!moment) {
    moment = new Intl.DateTimeFormat("en-GB", {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    });
    moments.set(timeZone, moment);
  }
  return moment.format(new Date(value));
}

const shortMonths = months.map((month) => month.slice(0, 3));

/**
 * A calendar day as a list says it, seen from `today` (both "YYYY-MM-DD"): "today",
 * "tomorrow", "yesterday", "Dec 2" this year, "Jan 5, 2027" another year.
 */
export function nearDay(isoDate: string, today: string): string {
  const day = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  const now = new Date(`${today.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || Number.isNaN(now.getTime())) {
    throw new RangeError(`Not a calendar day: ${isoDate} / ${today}`);
  }
  const days = Math.round((day.getTime() - now.getTime()) / 86_400_000);
  if (days === 0) return "today";
  if (days === 1) return "tomorrow";
  if (days === -1) return "yesterday";
  const short = `${shortMonths[day.getUTCMonth()]} ${day.getUTCDate()}`;
  return day.getUTCFullYear() === now.getUTCFullYear()
    ? short
    : `${short}, ${day.getUTCFullYear()}`;
}

/** "42 min", "3 h 10 min", "2 days 4 h": how long the team takes to answer. */
export function formatDuration(minutes: number): string {
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 24) return whole % 60 ? `${hours} h ${whole % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const dayText = days === 1 ? "1 day" : `${days} days`;
  return rest ? `${dayText} ${rest} h` : dayText;
}
