import { data } from "react-router";
import { requireArea } from "#app/.server/auth/guard.ts";
import { renderPostHtml } from "#app/.server/blog/post-store.ts";
import { readFormData } from "#app/.server/http/form-data.ts";
import type { Route } from "./+types/admin.posts.preview";

const MAX_PREVIEW = 200_000;

/**
 * The editor's live preview: the Markdown through the same renderer and sanitiser as a
 * save, so what the editor sees is what the site will show (and nothing typed runs).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireArea(context, "posts");
  const form = await readFormData(request);
  const markdown = form.get("markdown");
  if (typeof markdown !== "string" || markdown.length > MAX_PREVIEW) {
    return data({ html: "", removed: false }, { status: 400 });
  }
  return renderPostHtml(markdown);
}

export function loader({ context }: Route.LoaderArgs) {
  requireArea(context, "posts");
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
