import { data } from "react-router";
import { z } from "zod";
import { requireArea } from "#app/.server/auth/guard.ts";
import { renderPostText } from "#app/.server/blog/post-images.ts";
import { RenderRefusedError } from "#app/.server/blog/post-renderer.ts";
import { requireApp } from "#app/.server/context.ts";
import { parseForm } from "#app/.server/http/form-data.ts";
import type { Route } from "./+types/admin.posts.preview";

/**
 * The editor's live preview: the Markdown through the same renderer and sanitiser as a
 * save, so what the editor sees is what the site will show (and nothing typed runs).
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireArea(context, "posts");
  const { renderer, database } = requireApp(context);
  // Too long a text is the renderer's to refuse, with its reason.
  const form = await parseForm(request, z.object({ markdown: z.string() }));
  if (!form.ok) return data({ html: "", removed: [] }, { status: 400 });
  try {
    return await renderPostText(database.db, renderer, form.data.markdown);
  } catch (error) {
    if (!(error instanceof RenderRefusedError)) throw error;
    // Shown in the preview's place, as text.
    return data(
      { html: "", removed: [], refused: error.message },
      { status: error.reason === "busy" ? 503 : 400 },
    );
  }
}

export function loader({ context }: Route.LoaderArgs) {
  requireArea(context, "posts");
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
