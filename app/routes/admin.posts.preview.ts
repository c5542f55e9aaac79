import { data } from "react-router";
import { z } from "zod";
import { requireArea } from "#app/.server/auth/guard.ts";
import { renderPostText } from "#app/.server/blog/post-images.ts";
import { RenderRefusedError } from "#app/.server/blog/post-renderer.ts";
import { linksLeadingNowhere } from "#app/.server/blog/site-links.ts";
import { requireApp } from "#app/.server/context.ts";
import { parseForm } from "#app/.server/http/form-data.ts";
import type { Route } from "./+types/admin.posts.preview";

/**
 * The editor's live preview: the Markdown through the same renderer and sanitiser as a
 * save, so what the editor sees is what the site will show (and nothing typed runs), with
 * the links to the site's own pages that lead nowhere.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireArea(context, "posts");
  const app = requireApp(context);
  const { renderer, database } = app;
  // Too long a text is the renderer's to refuse, with its reason.
  const form = await parseForm(request, z.object({ markdown: z.string() }));
  if (!form.ok) return data({ html: "", removed: [], nowhere: [] }, { status: 400 });
  try {
    const rendered = await renderPostText(database.db, renderer, form.data.markdown);
    // The site's own pages it links to that do not exist, named under the preview.
    return { ...rendered, nowhere: await linksLeadingNowhere(app, rendered.html) };
  } catch (error) {
    if (!(error instanceof RenderRefusedError)) throw error;
    // Shown in the preview's place, as text.
    return data(
      { html: "", removed: [], nowhere: [], refused: error.message },
      { status: error.reason === "busy" ? 503 : 400 },
    );
  }
}

export function loader({ context }: Route.LoaderArgs) {
  requireArea(context, "posts");
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
