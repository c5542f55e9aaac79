import { requireApp } from "#app/.server/context.ts";
import type { Route } from "./+types/media.images";

/**
 * An uploaded image's file. Its name never changes content (each upload gets a new id),
 * so browsers and proxies may keep it for a year.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { id, file } = params;
  const key = `images/${id}/${file}`;
  const found = /^[a-f0-9]{32}$/.test(id) ? await requireApp(context).media.get(key) : null;
  if (!found) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(found.body), {
    headers: {
      "Content-Type": found.contentType,
      "Content-Length": String(found.body.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
