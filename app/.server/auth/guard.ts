import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { clearSessionCookie, readSessionToken, sessionCookie } from "#app/.server/auth/cookie.ts";
import { type Area, canUse } from "#app/.server/auth/roles.ts";
import { readSession, type SignedIn } from "#app/.server/auth/sessions.ts";
import { requireApp } from "#app/.server/context.ts";

type Context = Readonly<RouterContextProvider>;

/** The signed-in person for this request (set by the back office's outer middleware). */
export const signedInContext = createContext<SignedIn | null>(null);

/** What every back-office response says, whoever asks and whatever the answer. */
export const backOfficeHeaders = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
} as const;

/**
 * The response `next` answers (or throws: a redirect, a 404), with `edit` applied to a copy
 * of its headers (React Router's may be immutable): the one way a middleware marks every
 * answer of its routes, errors included.
 */
export async function answerWithHeaders(
  next: () => Promise<unknown>,
  edit: (headers: Headers) => void,
): Promise<Response> {
  let response: Response;
  try {
    response = (await next()) as Response;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  const headers = new Headers(response.headers);
  edit(headers);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * Outermost back-office middleware: reads the session, renews its cookie when the visit
 * extended it, clears a dead cookie, and marks every response private and unindexed,
 * including redirects, errors and `.data` answers.
 */
export const backOffice: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const app = requireApp(context);
  const token = readSessionToken(request);
  const signedIn = token ? await readSession(app.database.db, token) : null;
  context.set(signedInContext, signedIn);
  return answerWithHeaders(next, (headers) => {
    for (const [name, value] of Object.entries(backOfficeHeaders)) headers.set(name, value);
    if (signedIn?.renewed && token && !headers.has("Set-Cookie")) {
      headers.append("Set-Cookie", sessionCookie(request, token, signedIn.session.expiresAt));
    } else if (token && !signedIn && !headers.has("Set-Cookie")) {
      headers.append("Set-Cookie", clearSessionCookie(request));
    }
  });
};

/** Where a signed-out visitor is sent, remembering the page they asked for. */
export function signInRedirectPath(request: Request): string {
  const url = new URL(request.url);
  const path =
    url.pathname.replace(/\.data$/, "") +
    url.search.replace(/([?&])_routes=[^&]*&?/, "$1").replace(/[?&]$/, "");
  const next = safeNextPath(path);
  return next && next !== "/admin"
    ? `/admin/sign-in?next=${encodeURIComponent(next)}`
    : "/admin/sign-in";
}

/**
 * A back-office path to return to after signing in, or null: anything that could leave
 * the back office (another site, `//host`, `/\host`, a scheme) is refused.
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 500) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(value, "http://back-office.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://back-office.invalid") return null;
  if (url.pathname !== "/admin" && !url.pathname.startsWith("/admin/")) return null;
  if (url.pathname.startsWith("/admin/sign-in")) return null;
  return url.pathname + url.search;
}

/** The person signed in, or a redirect to the sign-in page. */
export function requireSignedIn(request: Request, context: Context): SignedIn {
  const signedIn = context.get(signedInContext);
  if (!signedIn) throw redirect(signInRedirectPath(request));
  return signedIn;
}

/** Middleware for the pages behind sign-in. */
export const signedInOnly: MiddlewareFunction<Response> = ({ request, context }, next) => {
  requireSignedIn(request, context);
  return next();
};

/**
 * For the loaders and actions of one area: the person, if their role may use it; a 403
 * otherwise. Called by each loader and action rather than in middleware so the refusal
 * renders inside the back office's own error page (an error thrown by middleware skips
 * every loader, the back office's layout included).
 */
export function requireArea(context: Context, area: Area): SignedIn {
  const signedIn = currentUser(context);
  if (!canUse(signedIn.user.role, area)) {
    throw data({ area }, { status: 403, headers: backOfficeHeaders });
  }
  return signedIn;
}

/** For loaders and actions: the person, already checked by the route's middleware. */
export function currentUser(context: Context): SignedIn {
  const signedIn = context.get(signedInContext);
  if (!signedIn) throw data(null, { status: 401 });
  return signedIn;
}
