import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { hashToken, isWellFormedToken, newToken } from "#app/.server/auth/tokens.ts";
import type { User } from "#app/.server/auth/users.ts";
import type { Db } from "#app/.server/db/client.ts";
import { sessions, signInTokens, users } from "#app/.server/db/schema.ts";

/** A session ends after this long without a visit... */
export const SESSION_IDLE_DAYS = 7;
/** ...and in any case this long after signing in. */
export const SESSION_MAX_DAYS = 30;
/** A visit extends the session at most this often (one write per hour, not per request). */
const TOUCH_EVERY_MS = 60 * 60_000;

const DAY_MS = 24 * 60 * 60_000;

export type Session = typeof sessions.$inferSelect;
export type SignedIn = {
  user: User;
  session: Session /** Set when this visit extended it. */;
  renewed: boolean;
};

/** Starts a session; the returned token goes in the cookie and nowhere else. */
export async function createSession(
  db: Db,
  options: { userId: string; userAgent: string; method: "link" | "passkey" },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_IDLE_DAYS * DAY_MS);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId: options.userId,
    expiresAt,
    userAgent: options.userAgent.slice(0, 300),
    method: options.method,
  });
  await db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, options.userId));
  return { token, expiresAt };
}

/**
 * The person behind a session cookie, or null (no such session, expired, or the person
 * was disabled). Rolling expiry: a visit pushes the end out again, up to the maximum age.
 */
export async function readSession(db: Db, token: string | undefined): Promise<SignedIn | null> {
  if (!isWellFormedToken(token)) return null;
  const id = hashToken(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row || row.user.disabledAt) return null;
  const now = Date.now();
  const hardEnd = row.session.createdAt.getTime() + SESSION_MAX_DAYS * DAY_MS;
  if (hardEnd <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now - row.session.lastSeenAt.getTime() < TOUCH_EVERY_MS) {
    return { ...row, renewed: false };
  }
  const expiresAt = new Date(Math.min(now + SESSION_IDLE_DAYS * DAY_MS, hardEnd));
  await db.update(sessions).set({ lastSeenAt: sql`now()`, expiresAt }).where(eq(sessions.id, id));
  return { user: row.user, session: { ...row.session, expiresAt }, renewed: true };
}

export async function endSession(db: Db, token: string | undefined): Promise<void> {
  if (!isWellFormedToken(token)) return;
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/**
 * "Sign out everywhere": every session of this person, or all but the current one; signing
 * out everywhere also spends their sign-in links not used yet (one lying in a mailbox would
 * sign in again).
 */
export async function endUserSessions(
  db: Db,
  userId: string,
  options: { except?: string } = {},
): Promise<number> {
  if (!options.except) {
    await db
      .update(signInTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(signInTokens.userId, userId), isNull(signInTokens.usedAt)));
  }
  const ended = await db
    .delete(sessions)
    .where(
      options.except
        ? and(eq(sessions.userId, userId), ne(sessions.id, options.except))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

export async function listUserSessions(db: Db, userId: string): Promise<Session[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt));
}

export async function pruneSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}
