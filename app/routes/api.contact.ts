import { handleContactSubmission } from "#app/.server/contact/handle.ts";
import { appContext, requestContext } from "#app/.server/context.ts";
import type { Route } from "./+types/api.contact";

/** JSON endpoint the contact form posts to when JavaScript runs. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const info = context.get(requestContext);
  if (!app || !info) return Response.json({ ok: false }, { status: 503 });
  const { status, body, headers } = await handleContactSubmission(request, app, info.clientIp);
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
