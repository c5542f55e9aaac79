import { requireArea } from "#app/.server/auth/guard.ts";
import { requireApp } from "#app/.server/context.ts";
import { exportPerson } from "#app/.server/leads/privacy.ts";
import type { Route } from "./+types/admin.leads.person.json";

/**
 * Everything stored about one address (`?email=`), as a JSON download: the answer to an
 * access request. Each message's history records who exported it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireArea(context, "leads");
  const app = requireApp(context);
  const email = (new URL(request.url).searchParams.get("email") ?? "").trim();
  if (!email || email.length > 254) {
    return new Response("Say whose data to export: ?email=name@company.com", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const person = await exportPerson(app.database.db, email, {
    actor: { id: user.id, name: user.name, email: user.email },
  });
  app.log.info("person exported", { userId: user.id, messages: person.messages.length });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(person, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="northstory-person-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
