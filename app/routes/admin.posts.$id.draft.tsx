import { data, href, Link } from "react-router";
import { backOffice, requireArea, signedInOnly } from "#app/.server/auth/guard.ts";
import { findPostRow, postStatus } from "#app/.server/blog/post-store.ts";
import { savedPostArticle } from "#app/.server/blog/posts.ts";
import { requireApp } from "#app/.server/context.ts";
import { PostArticle } from "#app/components/blog/post-article.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { site } from "#app/content/site.ts";
import { postPath } from "#app/lib/blog.ts";
import { formatMoment } from "#app/lib/format-date.ts";
import { zoneOf } from "#app/lib/time-zone.ts";
import type { Route } from "./+types/admin.posts.$id.draft";

// A saved post, whatever its state, shown as readers will see it once it is live: the
// public page's layout, header and footer, for signed-in staff who may edit posts only
// (private, never cached, never indexed, like the rest of the back office).

export const middleware: Route.MiddlewareFunction[] = [backOffice, signedInOnly];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { user } = requireArea(context, "posts");
  const app = requireApp(context);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0 || String(id) !== params.id) {
    throw data(null, { status: 404 });
  }
  const row = await findPostRow(app.database.db, id);
  if (!row) throw data(null, { status: 404 });
  const article = await savedPostArticle(app, row);
  const status = postStatus(row);
  return {
    id,
    status,
    goesLive: row.publishAt ? formatMoment(row.publishAt, zoneOf(user)) : null,
    article,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Draft view: ${loaderData?.article.post.title ?? "post"} | ${site.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function DraftView({ loaderData }: Route.ComponentProps) {
  const { id, status, goesLive } = loaderData;
  const { post } = loaderData.article;
  const editor = href("/admin/posts/:id", { id: String(id) });
  return (
    <>
      <aside aria-label="Draft view" className="border-b border-amber-300 bg-amber-50">
        <Container className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3 text-sm text-amber-950">
          <p>
            <strong>
              {status === "published"
                ? "Live."
                : status === "scheduled"
                  ? `Scheduled: goes live ${goesLive}.`
                  : "Not published."}
            </strong>{" "}
            {status === "published" ? (
              <>
                {"Readers see it at "}
                <a href={postPath(post.slug)} className="font-semibold underline">
                  {postPath(post.slug)}
                </a>
                .
              </>
            ) : (
              `This is how readers will see it at ${postPath(post.slug)}; only signed-in staff can open this page.`
            )}
          </p>
          <Link to={editor} className="inline-flex min-h-11 items-center font-semibold underline">
            Back to the editor
          </Link>
        </Container>
      </aside>
      <PostArticle {...loaderData.article} bodyId="post-body" />
    </>
  );
}
