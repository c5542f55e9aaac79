import { parseCookie, stringifySetCookie } from "cookie";
import { SESSION_IDLE_DAYS } from "#app/.server/auth/sessions.ts";

/**
 * The session cookie. Over HTTPS it carries the `__Host-` prefix, which browsers only
 * accept with Secure, Path=/ and no Domain: no subdomain or plain-HTTP page can set it.
 */
const SECURE_NAME = "__Host-northstory_session";
const PLAIN_NAME = "northstory_session";

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export function readSessionToken(request: Request): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  const cookies = parseCookie(header);
  return isHttps(request) ? cookies[SECURE_NAME] : cookies[PLAIN_NAME];
}

export function sessionCookie(request: Request, token: string, expiresAt: Date): string {
  const secure = isHttps(request);
  return stringifySetCookie({
    name: secure ? SECURE_NAME : PLAIN_NAME,
    value: token,
    path: "/",
    httpOnly: true,
    secure,
    sameSite: "lax",
    expires: expiresAt,
    maxAge: Math.max(
      0,
      Math.min(SESSION_IDLE_DAYS * 86_400, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
    ),
  });
}

export function clearSessionCookie(request: Request): string {
  const secure = isHttps(request);
  return stringifySetCookie({
    name: secure ? SECURE_NAME : PLAIN_NAME,
    value: "",
    path: "/",
    httpOnly: true,
    secure,
    sameSite: "lax",
    maxAge: 0,
  });
}
