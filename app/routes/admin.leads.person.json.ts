import { z } from "zod";
import { requireArea } from "#app/.server/auth/guard.ts";
import { requireApp } from "#app/.server/context.ts";
import { parseForm } from "#app/.server/http/form-data.ts";
import { exportPerson } from "#app/.server/leads/privacy.ts";
import type { Route } from "./+types/admin.leads.person.json";

/** Whose data to export: the address as stored (any text; no match exports nothing). */
const personForm = z.object({ email: z.string().trim().min(1).max(254) });

/**
 * Only a post exports: the export writes to each lead's history, and a GET would be
 * sent with the session cookie (SameSite=Lax) by any site's link. Posts go through the
 * site's cross-site check like every other form.
 */
export function loader({ context }: Route.LoaderArgs) {
  requireArea(context, "leads");
  return new Response("Export with the button on a lead's page (a POST with the address).", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}

/**
 * Everything stored about one address (the form's `email`), as a JSON download: the
 * answer to an access request. Each lead's history records who exported it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = requireArea(context, "leads");
  const app = requireApp(context);
  const form = await parseForm(request, personForm);
  if (!form.ok) {
    return new Response("Say whose data to export: email=name@company.com", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const person = await exportPerson(app.database.db, form.data.email, {
    actor: { id: user.id, name: user.name, email: user.email },
  });
  app.log.info("person exported", { userId: user.id, leads: person.leads.length });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(person, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="northstory-person-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
