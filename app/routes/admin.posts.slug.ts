import { requireArea } from "#app/.server/auth/guard.ts";
import { slugProblem } from "#app/.server/blog/editor.ts";
import { requireApp } from "#app/.server/context.ts";
import { slugPattern } from "#app/lib/blog.ts";
import { cleanSlug } from "#app/lib/posts.ts";
import type { Route } from "./+types/admin.posts.slug";

/** The editor asks, while the slug is typed, whether another post or article has it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireArea(context, "posts");
  const url = new URL(request.url);
  // Checked as it will be saved (the server cleans a slug as the editor does).
  const slug = cleanSlug(url.searchParams.get("slug") ?? "");
  const id = Number(url.searchParams.get("id"));
  if (!slugPattern.test(slug)) return { slug, problem: null };
  const problem = await slugProblem(
    requireApp(context).database.db,
    slug,
    Number.isSafeInteger(id) && id > 0 ? id : null,
  );
  return { slug, problem };
}
