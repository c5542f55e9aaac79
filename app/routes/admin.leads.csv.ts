import { requireArea } from "#app/.server/auth/guard.ts";
import { requireApp } from "#app/.server/context.ts";
import { refuseCrossSiteDownload } from "#app/.server/http/cross-site.ts";
import { leadsCsv } from "#app/.server/leads/csv.ts";
import { scopeFor } from "#app/.server/leads/inbox.ts";
import { parseLeadFilter } from "#app/lib/leads.ts";
import { zoneOf } from "#app/lib/time-zone.ts";
import type { Route } from "./+types/admin.leads.csv";

/** Every lead the inbox's filter (`?q=&status=&delivery=&view=`) matches, all pages, as CSV. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireArea(context, "leads");
  const zone = zoneOf(user);
  refuseCrossSiteDownload(request);
  const app = requireApp(context);
  const { q, status, delivery, view } = parseLeadFilter(new URL(request.url).searchParams);
  const chunks = leadsCsv(app.database.db, { q, status, delivery, view }, scopeFor(user.id, zone));
  // The first batch is read before answering, so a database failure is a plain 500 rather
  // than a download cut short after a 200.
  let next = await chunks.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value));
      next = await chunks.next();
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  // Who exported, not what: the search may hold a name or an address.
  app.log.info("leads exported", {
    userId: user.id,
    filtered: Boolean(q || status || delivery || view),
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="northstory-leads-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
