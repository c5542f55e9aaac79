import { KeyRound } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { data, Form, href, redirect, useNavigation } from "react-router";
import { safeNextPath, signedInContext } from "#app/.server/auth/guard.ts";
import { emailSignInLink } from "#app/.server/auth/sign-in-mail.ts";
import { emailSchema, findUserByEmail } from "#app/.server/auth/users.ts";
import { requireApp, requireRequestInfo } from "#app/.server/context.ts";
import { readFormData } from "#app/.server/http/form-data.ts";
import { takeRateLimit } from "#app/.server/rate-limit.ts";
import { AdminPage, Field, Notice } from "#app/components/admin/ui.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { fieldClass } from "#app/components/ui/field.ts";
import { SIGN_IN_LINK_MINUTES } from "#app/lib/back-office.ts";
import type { Route } from "./+types/admin.sign-in";

// The passkey ceremony's browser code loads only when someone can use it.
const PasskeySignIn = lazy(() => import("#app/components/admin/passkey-sign-in.tsx"));

/** Sign-in requests allowed per address and per network address in a quarter hour. */
const PER_ADDRESS = 5;
const PER_CLIENT = 20;
const WINDOW_SECONDS = 15 * 60;

// A refusal's Retry-After goes with the page that says "wait".
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const next = safeNextPath(params.get("next"));
  if (context.get(signedInContext)) throw redirect(next ?? href("/admin"));
  const signedOut = params.get("signed-out");
  return { next, signedOut: signedOut === "everywhere" ? "everywhere" : signedOut ? "here" : null };
}

type ActionResult =
  | { ok: true; email: string }
  | { ok: false; field?: "email"; message: string; email?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const app = requireApp(context);
  const info = requireRequestInfo(context);
  const form = await readFormData(request);
  const raw = form.get("email");
  const parsed = emailSchema.safeParse(typeof raw === "string" ? raw : "");
  if (!parsed.success) {
    return data<ActionResult>(
      {
        ok: false,
        field: "email",
        message: parsed.error.issues[0]?.message ?? "Enter your email address.",
        email: typeof raw === "string" ? raw.slice(0, 254) : "",
      },
      { status: 400 },
    );
  }
  const email = parsed.data;
  const db = app.database.db;
  for (const limit of [
    { bucket: "sign-in:client", key: info.clientKey, limit: PER_CLIENT },
    { bucket: "sign-in:address", key: email, limit: PER_ADDRESS },
  ]) {
    const answer = await takeRateLimit(db, { ...limit, windowSeconds: WINDOW_SECONDS });
    if (!answer.ok) {
      const minutes = Math.ceil(answer.retryAfterSeconds / 60);
      return data<ActionResult>(
        {
          ok: false,
          message: `Too many sign-in requests. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
          email,
        },
        { status: 429, headers: { "Retry-After": String(answer.retryAfterSeconds) } },
      );
    }
  }
  // The answer is the same whether or not the address belongs to someone on the team.
  const user = await findUserByEmail(db, email);
  if (user && !user.disabledAt) {
    await emailSignInLink(app, {
      user,
      origin: info.origin,
      kind: "sign-in",
      next: safeNextPath(form.get("next")),
    });
  } else {
    app.log.info("sign-in requested for an unknown or disabled address");
  }
  return data<ActionResult>({ ok: true, email });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [canUsePasskeys, setCanUsePasskeys] = useState(false);
  useEffect(() => {
    setCanUsePasskeys(typeof window.PublicKeyCredential === "function");
  }, []);
  const error = actionData && !actionData.ok && actionData.field ? actionData.message : undefined;
  return (
    <AdminPage
      title="Sign in"
      lead="The back office is for the Northstory team. There are no passwords: we email you a link, or you use a passkey you added."
    >
      <div className="max-w-lg space-y-6">
        {loaderData.signedOut && !actionData ? (
          <Notice tone="info">
            {loaderData.signedOut === "everywhere"
              ? "You are signed out on every device."
              : "You are signed out."}
          </Notice>
        ) : null}
        {actionData?.ok ? (
          <Notice tone="success">
            <p className="font-semibold">Check your email</p>
            <p className="mt-1">
              If {actionData.email} belongs to someone on the team, a sign-in link is on its way. It
              works once, for {SIGN_IN_LINK_MINUTES} minutes.
            </p>
          </Notice>
        ) : null}
        {actionData && !actionData.ok && !actionData.field ? (
          <Notice tone="error">{actionData.message}</Notice>
        ) : null}
        <Form
          method="post"
          className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6"
          noValidate
        >
          {loaderData.next ? <input type="hidden" name="next" value={loaderData.next} /> : null}
          <Field id="sign-in-email" label="Email address" error={error}>
            {(control) => (
              <input
                {...control}
                name="email"
                type="email"
                autoComplete="username webauthn"
                required
                maxLength={254}
                defaultValue={actionData && !actionData.ok ? actionData.email : undefined}
                className={fieldClass}
              />
            )}
          </Field>
          <Button type="submit" disabled={sending}>
            {sending ? "Sending…" : "Email me a sign-in link"}
          </Button>
        </Form>
        {canUsePasskeys ? (
          <div className="rounded-2xl border border-slate-200 bg-white p-6">
            <h2 className="flex items-center gap-2 font-display text-xl font-bold">
              <KeyRound aria-hidden="true" className="size-5" /> Passkey
            </h2>
            <p className="mt-2 text-ink-soft">
              Added a passkey on this device or your phone? Sign in with it, no email needed.
            </p>
            <Suspense fallback={<p className="mt-4">Loading…</p>}>
              <PasskeySignIn next={loaderData.next} />
            </Suspense>
          </div>
        ) : null}
      </div>
    </AdminPage>
  );
}
