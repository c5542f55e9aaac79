import { href, redirect } from "react-router";
import { clearSessionCookie, readSessionToken } from "#app/.server/auth/cookie.ts";
import { endSession } from "#app/.server/auth/sessions.ts";
import { requireApp } from "#app/.server/context.ts";
import type { Route } from "./+types/admin.sign-out";

/** Signing out is a post (a link or a prefetch must never sign anyone out). */
export async function action({ request, context }: Route.ActionArgs) {
  await endSession(requireApp(context).database.db, readSessionToken(request));
  return redirect(`${href("/admin/sign-in")}?signed-out=1`, {
    headers: { "Set-Cookie": clearSessionCookie(request) },
  });
}

export function loader() {
  return redirect(href("/admin"));
}
