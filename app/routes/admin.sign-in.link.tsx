import { Form, href, Link } from "react-router";
import { safeNextPath } from "#app/.server/auth/guard.ts";
import { redirectSignedIn, signIn } from "#app/.server/auth/sign-in.ts";
import {
  checkSignInToken,
  consumeSignInToken,
  type LinkCheck,
} from "#app/.server/auth/sign-in-links.ts";
import { requireApp } from "#app/.server/context.ts";
import { parseForm, refuseForm } from "#app/.server/http/form-data.ts";
import { AdminPage, Notice } from "#app/components/admin/ui.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { Route } from "./+types/admin.sign-in.link";
import { signInLinkForm } from "./admin.sign-in.server.ts";

const problems: Record<Exclude<LinkCheck, { ok: true }>["reason"], string> = {
  invalid:
    "This sign-in link is not valid. Copy the whole link from the email, or ask for a new one.",
  used: "This sign-in link has already been used. Each link works once: ask for a new one.",
  expired: "This sign-in link has expired. Links work for 15 minutes: ask for a new one.",
  disabled: "This account can no longer sign in. Ask an admin of your team.",
};

/**
 * Opening the link only shows a button: the sign-in happens when the person presses it.
 * Mail scanners that open every link in an email would otherwise use it up first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token") ?? "";
  const check = await checkSignInToken(requireApp(context).database.db, token);
  return check.ok
    ? { ok: true as const, email: check.user.email, token, next: safeNextPath(params.get("next")) }
    : { ok: false as const, problem: problems[check.reason] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = requireApp(context).database.db;
  const form = await parseForm(request, signInLinkForm);
  const sent = form.ok ? form.data : { token: "", next: undefined };
  const check = await consumeSignInToken(db, sent.token);
  if (!check.ok) return refuseForm(problems[check.reason]);
  const cookie = await signIn(db, request, check.user, "link");
  return redirectSignedIn(safeNextPath(sent.next) ?? href("/admin"), cookie);
}

export default function SignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const problem = actionData?.message ?? (loaderData.ok ? null : loaderData.problem);
  return (
    <AdminPage title="Sign in">
      <div className="max-w-lg space-y-6">
        {problem ? (
          <>
            <Notice tone="error">{problem}</Notice>
            <p>
              <Link to={href("/admin/sign-in")} className="font-semibold text-brand-700 underline">
                Ask for a new sign-in link
              </Link>
            </p>
          </>
        ) : loaderData.ok ? (
          <Form
            method="post"
            className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6"
          >
            <p>
              Continue as <strong>{loaderData.email}</strong>.
            </p>
            <input type="hidden" name="token" value={loaderData.token} />
            {loaderData.next ? <input type="hidden" name="next" value={loaderData.next} /> : null}
            <Button type="submit">Sign in</Button>
          </Form>
        ) : null}
      </div>
    </AdminPage>
  );
}
