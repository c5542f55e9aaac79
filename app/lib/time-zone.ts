// Each person in the back office reads and enters times in their own time zone (an IANA
// name such as "Europe/Berlin"); the database keeps UTC. UTC is the zone of anyone who has
// not chosen one.

export const defaultTimeZone = "UTC";

/** Whether the runtime knows this IANA time zone name. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The runtime's own name for a zone: "Etc/UTC", "GMT" and "Zulu" are all "UTC". */
export function canonicalTimeZone(zone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
}

/** Every zone a person may choose, UTC first. */
export function timeZoneNames(): string[] {
  return [defaultTimeZone, ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of `moment` in `timeZone`. */
function wallClock(moment: Date, timeZone: string) {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(moment)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far `timeZone`'s clock is ahead of UTC at `moment`, in milliseconds. */
function offsetAt(moment: Date, timeZone: string): number {
  const wall = wallClock(moment, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(moment.getTime() / 1000) * 1000;
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** The calendar day ("2026-11-27") it is at `moment` in `timeZone`. */
export function dayIn(moment: Date, timeZone: string): string {
  const wall = wallClock(moment, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** The hour (0-23) on the clock of `timeZone` at `moment`. */
export function hourIn(moment: Date, timeZone: string): number {
  return wallClock(moment, timeZone).hour;
}

/** A moment as a datetime-local input's value ("2026-11-27T15:05:00") in `timeZone`. */
export function toZonedInputValue(moment: Date, timeZone: string): string {
  const wall = wallClock(moment, timeZone);
  return `${dayIn(moment, timeZone)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}

/**
 * A datetime-local input's value read as a wall-clock time in `timeZone`, or null when it
 * is not such a value. A time skipped by a clock change (02:30 on a spring-forward night)
 * is read as the same wall time after the change; a repeated one as its first occurrence.
 */
export function parseZonedMoment(value: unknown, timeZone: string): Date | null {
  if (typeof value !== "string") return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?$/.test(value)) return null;
  const asUtc = new Date(`${value}Z`);
  // "2026-02-30" would roll over into March: not a day the calendar has.
  if (Number.isNaN(asUtc.getTime()) || asUtc.toISOString().slice(0, 10) !== value.slice(0, 10)) {
    return null;
  }
  // The zone's offsets half a day before and after: the same, except around a clock change.
  const halfDay = 12 * 3_600_000;
  const before = offsetAt(new Date(asUtc.getTime() - halfDay), timeZone);
  const after = offsetAt(new Date(asUtc.getTime() + halfDay), timeZone);
  const wanted = toZonedInputValue(asUtc, "UTC").slice(0, 16);
  const matching = [before, after]
    .map((offset) => new Date(asUtc.getTime() - offset))
    .filter((moment) => toZonedInputValue(moment, timeZone).slice(0, 16) === wanted)
    .sort((a, b) => a.getTime() - b.getTime());
  // Both: the repeated hour, its first occurrence. Neither: a skipped time, read with the
  // offset from before the change (02:30 becomes 03:30).
  return matching[0] ?? new Date(asUtc.getTime() - before);
}

/** The zone a person reads times in: theirs when it is a known zone, else UTC. */
export function zoneOf(person: { timeZone: string | null }): string {
  return person.timeZone && isTimeZone(person.timeZone) ? person.timeZone : defaultTimeZone;
}
