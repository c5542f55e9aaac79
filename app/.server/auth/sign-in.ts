import { redirect } from "react-router";
import { readSessionToken, sessionCookie } from "#app/.server/auth/cookie.ts";
import { createSession, endSession } from "#app/.server/auth/sessions.ts";
import type { User } from "#app/.server/auth/users.ts";
import type { Db } from "#app/.server/db/client.ts";

/**
 * Starts a fresh session for this person and returns its cookie. Any session the browser
 * already had ends here: a new sign-in always gets a new token (no session fixation).
 */
export async function signIn(
  db: Db,
  request: Request,
  user: User,
  method: "link" | "passkey",
): Promise<string> {
  await endSession(db, readSessionToken(request));
  const { token, expiresAt } = await createSession(db, {
    userId: user.id,
    userAgent: request.headers.get("User-Agent") ?? "",
    method,
  });
  return sessionCookie(request, token, expiresAt);
}

export function redirectSignedIn(to: string, cookie: string) {
  return redirect(to, { headers: { "Set-Cookie": cookie } });
}
