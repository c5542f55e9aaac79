import { randomBytes } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Db } from "#app/.server/db/client.ts";
import { analyticsSalts } from "#app/.server/db/schema.ts";

// Unique visitors as Plausible counts them, without anything stored in the browser: a hash
// of a secret salt for the day, the visitor's address and browser, and the site
// (audience.ts: visitorHash). The salt is made by whichever copy needs it first (the others
// read it), and deleted the day after: no hash can be linked to another day's, or worked
// back to an address.

/** Each day's salt, read (or made) once per day by this copy. */
export function createDailySalts(db: Db) {
  let current: { day: string; salt: Promise<string> } | null = null;

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
    /** The salt of `day` (YYYY-MM-DD, UTC); a failed read is tried again next time. */
    of(day: string): Promise<string> {
      if (current?.day !== day) {
        const salt = saltFor(day);
        current = { day, salt };
        salt.catch(() => {
          if (current?.day === day) current = null;
        });
      }
      return current.salt;
    },
  };
}
