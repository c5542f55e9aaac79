import { createHash, randomBytes } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { analyticsSalts } from "#app/.server/db/schema.ts";

// Unique visitors as Plausible counts them, without anything stored in the browser: a hash
// of a secret salt for the day, the visitor's address and browser, and the site. The salt is
// made by whichever copy needs it first (the others read it), and deleted the day after: no
// hash can be linked to another day's, or worked back to an address.

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export function createVisitorHasher(db: Db, site: string) {
  // The day's salt, and the day's bounds (milliseconds): most events fall inside them.
  let current: { day: string; from: number; until: number; salt: Promise<string> } | null = null;

  async function saltFor(day: string): Promise<string> {
    await db
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString("base64url") })
      .onConflictDoNothing();
    // Salts before yesterday are gone (yesterday's stays while late events arrive).
    await db.delete(analyticsSalts).where(lt(analyticsSalts.day, sql`${day}::date - 1`));
    const [row] = await db
      .select({ salt: analyticsSalts.salt })
      .from(analyticsSalts)
      .where(sql`${analyticsSalts.day} = ${day}`);
    if (!row) throw new Error(`No analytics salt for ${day}`);
    return row.salt;
  }

  return {
    /** The day's hash of this visitor (16 characters). */
    async visitor(address: string, userAgent: string, at = new Date()): Promise<string> {
      const time = at.getTime();
      if (!current || time < current.from || time >= current.until) {
        const day = utcDay(at);
        const from = Date.parse(day);
        const salt = saltFor(day);
        current = { day, from, until: from + 86_400_000, salt };
        salt.catch(() => {
          if (current?.day === day) current = null;
        });
      }
      const salt = await current.salt;
      return createHash("sha256")
        .update(`${salt}\n${address}\n${userAgent}\n${site}`)
        .digest("base64url")
        .slice(0, 16);
    },
  };
}
