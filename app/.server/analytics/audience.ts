import { createHash } from "node:crypto";
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";
import type { EventRow, Visit } from "#app/.server/analytics/event-receiver.ts";

// Whether an event counts and whose it is, as far as that can be told without the database:
// on the copy's main thread (collect.ts) and on the events thread (events-worker.ts), which
// gets the day's salt from the main thread and hands over events ready to be written.

/** An instant's UTC day, YYYY-MM-DD: the day of its salt and of its daily sums. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * A visitor's hash for one day, as Plausible counts unique visitors: the first 16 characters
 * of SHA-256 over the day's secret salt, the address, the User-Agent and the site's host.
 */
export function visitorHash(salt: string, visit: Visit, site: string): string {
  return createHash("sha256")
    .update(`${salt}\n${visit.address}\n${visit.userAgent}\n${site}`)
    .digest("base64url")
    .slice(0, 16);
}

/**
 * Says whether a visit is not counted on its browser alone: no User-Agent, or one `isbot`
 * recognises. The same few browsers ask again and again, and recognising a bot is a long
 * regular expression, so answers are kept for the last 5,000 User-Agents.
 */
export function createBotCheck(): (visit: Visit) => boolean {
  const bots = new LRUCache<string, boolean>({ max: 5_000 });
  return ({ userAgent }) => {
    if (!userAgent) return true;
    let bot = bots.get(userAgent);
    if (bot === undefined) {
      bot = isbot(userAgent);
      bots.set(userAgent, bot);
    }
    return bot;
  };
}

/**
 * The visit carries a session cookie: it may be someone of the team, signed in, which only
 * the database can tell (collect.ts). Without one it is the audience.
 */
export const mayBeTeam = (visit: Visit) => visit.cookie?.includes("northstory_session") ?? false;

/**
 * Events ready to be written, as the members of a JSON array (`json`, without its brackets)
 * and how many (`count`): made where they are taken, the events thread included, so that
 * the main thread only joins them into its batches (collect.ts).
 */
export type EventsJson = { json: string; count: number };

export function eventsJson(rows: EventRow[]): EventsJson {
  return { json: JSON.stringify(rows).slice(1, -1), count: rows.length };
}
