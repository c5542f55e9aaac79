import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { data } from "react-router";
import { currentUser, signedInOnly } from "#app/.server/auth/guard.ts";
import {
  passkeyNameSchema,
  passkeyRegistrationOptions,
  registerPasskey,
} from "#app/.server/auth/passkeys.ts";
import { requireApp, requireRequestInfo } from "#app/.server/context.ts";
import type { Route } from "./+types/admin.account.passkeys";

export const middleware: Route.MiddlewareFunction[] = [signedInOnly];

/**
 * Adding a passkey, in two JSON posts: `{ step: "options" }`, then
 * `{ step: "verify", response, name }` with what the browser created.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = requireApp(context);
  const { origin } = requireRequestInfo(context);
  const { user } = currentUser(context);
  const db = app.database.db;
  const body = (await request.json().catch(() => null)) as {
    step?: unknown;
    response?: unknown;
    name?: unknown;
  } | null;
  if (body?.step === "options") {
    return data({ ok: true, options: await passkeyRegistrationOptions(db, user, origin) });
  }
  if (body?.step === "verify" && body.response && typeof body.response === "object") {
    const name = passkeyNameSchema.safeParse(body.name);
    if (!name.success) {
      return data({ ok: false, message: name.error.issues[0]?.message }, { status: 400 });
    }
    try {
      const passkey = await registerPasskey(db, user, origin, {
        response: body.response as RegistrationResponseJSON,
        name: name.data,
      });
      app.log.info("passkey added", { userId: user.id });
      return data({ ok: true, id: passkey.id });
    } catch (error) {
      app.log.info("passkey refused", { userId: user.id, error });
      return data(
        { ok: false, message: "The passkey could not be added. Please try again." },
        { status: 400 },
      );
    }
  }
  return data({ ok: false, message: "The request was not understood." }, { status: 400 });
}
