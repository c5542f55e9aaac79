import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { data } from "react-router";
import { safeNextPath } from "#app/.server/auth/guard.ts";
import { passkeySignInOptions, verifyPasskeySignIn } from "#app/.server/auth/passkeys.ts";
import { signIn } from "#app/.server/auth/sign-in.ts";
import { requireApp, requireRequestInfo } from "#app/.server/context.ts";
import { takeRateLimit } from "#app/.server/rate-limit.ts";
import type { Route } from "./+types/admin.sign-in.passkey";

/**
 * Signing in with a passkey, in two JSON posts: `{ step: "options" }` gets a challenge,
 * `{ step: "verify", response, next }` answers it and, when it checks out, sets the
 * session cookie and says where to go.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = requireApp(context);
  const info = requireRequestInfo(context);
  const db = app.database.db;
  const limit = await takeRateLimit(db, {
    bucket: "sign-in:passkey",
    key: info.clientKey,
    limit: 30,
    windowSeconds: 15 * 60,
  });
  if (!limit.ok) {
    return data(
      { ok: false, message: "Too many sign-in attempts. Please wait a few minutes." },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const body = (await request.json().catch(() => null)) as {
    step?: unknown;
    response?: unknown;
    next?: unknown;
  } | null;
  if (body?.step === "options") {
    return data({ ok: true, options: await passkeySignInOptions(db, info.origin) });
  }
  if (body?.step === "verify" && body.response && typeof body.response === "object") {
    const user = await verifyPasskeySignIn(
      db,
      info.origin,
      body.response as AuthenticationResponseJSON,
    ).catch((error: unknown) => {
      app.log.info("passkey sign-in refused", { error });
      return null;
    });
    if (user) {
      const cookie = await signIn(db, request, user, "passkey");
      return data(
        { ok: true, to: safeNextPath(body.next) ?? "/admin" },
        { headers: { "Set-Cookie": cookie } },
      );
    }
    return data(
      {
        ok: false,
        message:
          "That passkey did not sign you in. It may have been removed, or belong to another site. Use an email link instead.",
      },
      { status: 401 },
    );
  }
  return data({ ok: false, message: "The request was not understood." }, { status: 400 });
}
