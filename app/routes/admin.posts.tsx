import { href, Link } from "react-router";
import { requireArea } from "#app/.server/auth/guard.ts";
import { listPostRowsForEditors, postStatus } from "#app/.server/blog/post-store.ts";
import { staticPosts } from "#app/.server/blog/static-posts.ts";
import { requireApp } from "#app/.server/context.ts";
import { AdminPage, Panel } from "#app/components/admin/ui.tsx";
import { ButtonLink } from "#app/components/button-link.tsx";
import { postPath } from "#app/lib/blog.ts";
import { formatDate, formatMoment } from "#app/lib/format-date.ts";
import { type PostStatus, postStatusLabels } from "#app/lib/posts.ts";
import type { Route } from "./+types/admin.posts";

export async function loader({ context }: Route.LoaderArgs) {
  requireArea(context, "posts");
  const rows = await listPostRowsForEditors(requireApp(context).database.db);
  const now = new Date();
  return {
    posts: rows.map((row) => {
      const status: PostStatus = postStatus(row, now);
      return {
        id: row.id,
        title: row.title,
        slug: row.slug,
        status,
        author: row.author,
        tags: row.tags,
        date: formatDate(row.date),
        publishAt: row.publishAt ? formatMoment(row.publishAt) : null,
        updatedAt: formatMoment(row.updatedAt),
      };
    }),
    articles: staticPosts.map((post) => ({
      title: post.title,
      slug: post.slug,
      path: postPath(post.slug),
      date: formatDate(post.date),
    })),
  };
}

const statusClass: Record<PostStatus, string> = {
  draft: "bg-slate-200 text-slate-900",
  scheduled: "bg-amber-100 text-amber-950",
  published: "bg-green-100 text-green-900",
  unpublished: "bg-red-100 text-red-900",
};

export default function Posts({ loaderData }: Route.ComponentProps) {
  const { posts, articles } = loaderData;
  return (
    <AdminPage
      title="Posts"
      lead="Write, schedule and publish blog posts. Articles kept in the site's code are listed below them."
      actions={<ButtonLink to={href("/admin/posts/:id", { id: "new" })}>New post</ButtonLink>}
    >
      <Panel title="Database posts" id="posts-heading">
        {posts.length === 0 ? (
          <p>No posts yet. Start one with New post.</p>
        ) : (
          <ul className="divide-y divide-slate-200 border-y border-slate-200">
            {posts.map((post) => (
              <li key={post.id} className="grid gap-1 py-4">
                <p className="flex flex-wrap items-center gap-2">
                  <Link
                    to={href("/admin/posts/:id", { id: String(post.id) })}
                    className="font-semibold text-brand-700 underline"
                  >
                    {post.title}
                  </Link>
                  <span
                    className={`rounded-full px-2 py-0.5 text-sm font-semibold ${statusClass[post.status]}`}
                  >
                    {postStatusLabels[post.status]}
                  </span>
                </p>
                <p className="text-sm text-ink-soft">
                  /blog/{post.slug} · {post.author}
                  {post.tags.length > 0 ? ` · ${post.tags.join(", ")}` : ""}
                </p>
                <p className="text-sm text-ink-soft">
                  {post.status === "scheduled"
                    ? `Goes live ${post.publishAt}`
                    : post.status === "published"
                      ? `Dated ${post.date}`
                      : null}
                  {post.status === "scheduled" || post.status === "published" ? " · " : ""}
                  Last saved {post.updatedAt}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Articles in the site's code" id="articles-heading">
        <p className="text-sm text-ink-soft">
          These are Markdown files in the repository (content/blog), changed with a deploy; they
          cannot be edited here. Their slugs are taken.
        </p>
        <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
          {articles.map((article) => (
            <li key={article.slug} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3">
              <a href={article.path} className="font-semibold text-brand-700 underline">
                {article.title}
              </a>
              <span className="text-sm text-ink-soft">
                /blog/{article.slug} · {article.date}
              </span>
            </li>
          ))}
        </ul>
      </Panel>
    </AdminPage>
  );
}
