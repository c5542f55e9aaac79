import { KeyRound } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Form, href, redirect, useNavigation } from "react-router";
import { safeNextPath, signedInContext } from "#app/.server/auth/guard.ts";
import { emailSignInLink } from "#app/.server/auth/sign-in-mail.ts";
import { findUserByEmail } from "#app/.server/auth/users.ts";
import { requireApp, requireRequestInfo } from "#app/.server/context.ts";
import { acceptForm, parseForm, refuseForm } from "#app/.server/http/form-data.ts";
import { takeRateLimit } from "#app/.server/rate-limit.ts";
import { AdminPage, Notice } from "#app/components/admin/ui.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { SIGN_IN_LINK_MINUTES } from "#app/lib/back-office.ts";
import type { Route } from "./+types/admin.sign-in";
import { signInForm } from "./admin.sign-in.server.ts";

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

export async function action({ request, context }: Route.ActionArgs) {
  const app = requireApp(context);
  const info = requireRequestInfo(context);
  const form = await parseForm(request, signInForm);
  if (!form.ok) {
    return refuseForm<"email">(form.fields.email ?? "Enter your email address.", form);
  }
  const { email, next } = form.data;
  const db = app.database.db;
  for (const limit of [
    { bucket: "sign-in:client", key: info.clientKey, limit: PER_CLIENT },
    { bucket: "sign-in:address", key: email, limit: PER_ADDRESS },
  ]) {
    const answer = await takeRateLimit(db, { ...limit, windowSeconds: WINDOW_SECONDS });
    if (!answer.ok) {
      const minutes = Math.ceil(answer.retryAfterSeconds / 60);
      return refuseForm(
        `Too many sign-in requests. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        {
          values: { email },
          status: 429,
          headers: { "Retry-After": String(answer.retryAfterSeconds) },
        },
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
      next: safeNextPath(next),
    });
  } else {
    app.log.info("sign-in requested for an unknown or disabled address");
  }
  return acceptForm(`If ${email} belongs to someone on the team, a sign-in link is on its way.`);
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [canUsePasskeys, setCanUsePasskeys] = useState(false);
  useEffect(() => {
    setCanUsePasskeys(typeof window.PublicKeyCredential === "function");
  }, []);
  const error = actionData?.fields?.email;
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
              {actionData.message} It works once, for {SIGN_IN_LINK_MINUTES} minutes.
            </p>
          </Notice>
        ) : null}
        {actionData && !actionData.ok && !error ? (
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
              <Input
                {...control}
                name="email"
                type="email"
                autoComplete="username webauthn"
                required
                maxLength={254}
                defaultValue={actionData?.values?.email}
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
