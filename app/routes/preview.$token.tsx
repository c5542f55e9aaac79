import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { answerWithHeaders } from "#app/.server/auth/guard.ts";
import { postStatus } from "#app/.server/blog/post-store.ts";
import { savedPostArticle } from "#app/.server/blog/posts.ts";
import { findPreviewedPost } from "#app/.server/blog/preview-links.ts";
import { requireApp } from "#app/.server/context.ts";
import { PostArticle } from "#app/components/blog/post-article.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { site } from "#app/content/site.ts";
import { postPath } from "#app/lib/blog.ts";
import { formatMoment } from "#app/lib/format-date.ts";
import type { Route } from "./+types/preview.$token";

// A post shared before it is published (app/.server/blog/preview-links.ts): its saved version
// in the public page's frame, for whoever has the link, without signing in. Never cached,
// never indexed, and no address of it is passed on to the sites its links lead to.

const previewHeaders = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

/** Every answer of the page, a 404 or a redirect included, carries the headers above. */
export const middleware: Route.MiddlewareFunction[] = [
  (_args, next) =>
    answerWithHeaders(next, (headers) => {
      for (const [name, value] of Object.entries(previewHeaders)) headers.set(name, value);
    }),
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = requireApp(context);
  const row = await findPreviewedPost(app.database.db, params.token);
  if (!row) throw data(null, { status: 404 });
  const status = postStatus(row);
  // Live: the link leads to the post's own address.
  if (status === "published") throw redirect(postPath(row.slug));
  const article = await savedPostArticle(app, row);
  return {
    goesLive: status === "scheduled" && row.publishAt ? formatMoment(row.publishAt) : null,
    article,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `Preview: ${loaderData.article.post.title} | ${site.name}`
      : `Preview not found | ${site.name}`,
  },
  { name: "robots", content: "noindex, nofollow" },
];

export default function PostPreview({ loaderData }: Route.ComponentProps) {
  const { goesLive } = loaderData;
  return (
    <>
      <aside aria-label="Preview" className="border-b border-amber-300 bg-amber-50">
        <Container className="py-3 text-sm text-amber-950">
          <p>
            <strong>
              {goesLive
                ? `A preview: this post goes live ${goesLive}.`
                : "A preview: this post is not published yet."}
            </strong>{" "}
            {`${site.name} shared it with you to read before it is. Please do not pass the link on.`}
          </p>
        </Container>
      </aside>
      <PostArticle {...loaderData.article} bodyId="post-body" />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Anything but a link that opens nothing is the site's error page's to say.
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <Container className="py-16">
      <h1 className="font-display text-3xl font-bold text-ink">This preview link does not work</h1>
      <p className="mt-4 max-w-prose text-ink-soft">
        It was turned off, replaced by a newer link, or mistyped. Ask the person who sent it for the
        current one.
      </p>
    </Container>
  );
}
