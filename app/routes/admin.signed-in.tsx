import { Outlet } from "react-router";
import { signedInOnly } from "#app/.server/auth/guard.ts";
import type { Route } from "./+types/admin.signed-in";

/** Every page below needs a session; a signed-out visitor goes to the sign-in page. */
export const middleware: Route.MiddlewareFunction[] = [signedInOnly];

export default function SignedIn() {
  return <Outlet />;
}
