import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { safeNextPath } from "#app/.server/auth/guard.ts";
import { hashToken, isWellFormedToken, newToken } from "#app/.server/auth/tokens.ts";
import type { User } from "#app/.server/auth/users.ts";
import type { Db } from "#app/.server/db/client.ts";
import { signInTokens, users } from "#app/.server/db/schema.ts";

import { SIGN_IN_LINK_MINUTES } from "#app/lib/back-office.ts";

export { SIGN_IN_LINK_MINUTES };

export const SIGN_IN_LINK_PATH = "/admin/sign-in/link";

export type SignInLink = { url: string; expiresAt: Date };

/**
 * A new single-use link for this person; only the token's hash is stored. `next`, the
 * back-office page they asked for, rides in the link (checked again where it is read).
 */
export async function createSignInLink(
  db: Db,
  options: { userId: string; origin: string; minutes?: number; next?: string | null },
): Promise<SignInLink> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + (options.minutes ?? SIGN_IN_LINK_MINUTES) * 60_000);
  await db
    .insert(signInTokens)
    .values({ userId: options.userId, tokenHash: hashToken(token), expiresAt });
  const url = new URL(SIGN_IN_LINK_PATH, options.origin);
  url.searchParams.set("token", token);
  const next = safeNextPath(options.next);
  if (next) url.searchParams.set("next", next);
  return { url: url.href, expiresAt };
}

export type LinkCheck =
  | { ok: true; user: User }
  | { ok: false; reason: "invalid" | "used" | "expired" | "disabled" };

/** Whether a link would still sign someone in, without using it (the confirm page). */
export async function checkSignInToken(db: Db, token: unknown): Promise<LinkCheck> {
  if (!isWellFormedToken(token)) return { ok: false, reason: "invalid" };
  const [row] = await db
    .select({ usedAt: signInTokens.usedAt, expiresAt: signInTokens.expiresAt, user: users })
    .from(signInTokens)
    .innerJoin(users, eq(users.id, signInTokens.userId))
    .where(eq(signInTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { ok: false, reason: "invalid" };
  // Before "used": disabling someone spends their links, and the page should say why.
  if (row.user.disabledAt) return { ok: false, reason: "disabled" };
  if (row.usedAt) return { ok: false, reason: "used" };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: "expired" };
  return { ok: true, user: row.user };
}

/**
 * Uses a link: one conditional update, so of two requests racing with the same token
 * (two tabs, two server copies) exactly one wins.
 */
export async function consumeSignInToken(db: Db, token: unknown): Promise<LinkCheck> {
  const check = await checkSignInToken(db, token);
  if (!check.ok) return check;
  const used = await db
    .update(signInTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(signInTokens.tokenHash, hashToken(token as string)),
        isNull(signInTokens.usedAt),
        gt(signInTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: signInTokens.id });
  if (used.length === 0) return { ok: false, reason: "used" };
  return check;
}

/** Links used or expired more than a day ago are kept no longer. */
export async function pruneSignInTokens(db: Db): Promise<void> {
  await db
    .delete(signInTokens)
    .where(
      or(
        lt(signInTokens.expiresAt, sql`now() - interval '1 day'`),
        lt(signInTokens.usedAt, sql`now() - interval '1 day'`),
      ),
    );
}

/** When each person's latest link that still works expires (people who have one only). */
export async function openLinkExpiries(db: Db): Promise<Map<string, Date>> {
  const rows = await db
    .select({ userId: signInTokens.userId, expiresAt: sql<Date>`max(${signInTokens.expiresAt})` })
    .from(signInTokens)
    .where(and(isNull(signInTokens.usedAt), gt(signInTokens.expiresAt, sql`now()`)))
    .groupBy(signInTokens.userId);
  return new Map(rows.map((row) => [row.userId, new Date(row.expiresAt)]));
}
