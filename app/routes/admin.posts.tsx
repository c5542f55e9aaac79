import { ChevronDown } from "lucide-react";
import { Form, href, Link } from "react-router";
import { postStats } from "#app/.server/analytics/report.ts";
import { requireArea } from "#app/.server/auth/guard.ts";
import { listPostRowsForEditors, postStatus } from "#app/.server/blog/post-store.ts";
import { latestSignOffs } from "#app/.server/blog/sign-off.ts";
import { staticPosts } from "#app/.server/blog/static-posts.ts";
import { requireApp } from "#app/.server/context.ts";
import { AdminPage, Panel } from "#app/components/admin/ui.tsx";
import { ButtonLink } from "#app/components/button-link.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/components/ui/cn.ts";
import { Field, Input, Select } from "#app/components/ui/field.tsx";
import { postPath } from "#app/lib/blog.ts";
import { formatDate, formatMoment } from "#app/lib/format-date.ts";
import { type PostStatus, postStatuses, postStatusLabels } from "#app/lib/posts.ts";
import { zoneOf } from "#app/lib/time-zone.ts";
import type { Route } from "./+types/admin.posts";

/** The list's filter, from the address: words to find, and a status. */
function postFilter(params: URLSearchParams) {
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const asked = params.get("status") ?? "";
  const status = (postStatuses as readonly string[]).includes(asked) ? (asked as PostStatus) : "";
  return { q, status };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = requireArea(context, "posts");
  const zone = zoneOf(user);
  const db = requireApp(context).database.db;
  const [rows, stats] = await Promise.all([listPostRowsForEditors(db), postStats(db, 30)]);
  const signOffs = await latestSignOffs(
    db,
    rows.map((row) => row.id),
  );
  const statsOf = (slug: string) => stats.get(postPath(slug)) ?? { views: 0, leads: 0 };
  const now = new Date();
  const filter = postFilter(new URL(request.url).searchParams);
  const words = filter.q.toLowerCase().split(/\s+/).filter(Boolean);
  const all = rows.map((row) => ({ row, status: postStatus(row, now) }));
  const shown = all.filter(
    ({ row, status }) =>
      (!filter.status || status === filter.status) &&
      words.every((word) =>
        [row.title, row.slug, row.author, ...(row.tags ?? [])].some((text) =>
          text.toLowerCase().includes(word),
        ),
      ),
  );
  return {
    filter,
    total: all.length,
    counts: Object.fromEntries(
      postStatuses.map((status) => [status, all.filter((post) => post.status === status).length]),
    ) as Record<PostStatus, number>,
    posts: shown.map(({ row, status }) => {
      return {
        id: row.id,
        title: row.title,
        slug: row.slug,
        status,
        author: row.author,
        tags: row.tags,
        date: formatDate(row.date),
        publishAt: row.publishAt ? formatMoment(row.publishAt, zone) : null,
        updatedAt: formatMoment(row.updatedAt, zone),
        // A preview link is out (a live post's leads to its address, so it is not said).
        shared: Boolean(row.previewToken) && status !== "published",
        // What the link's reader said last, until the post is live.
        signOff: status === "published" ? null : (signOffs.get(row.id) ?? null),
        ...statsOf(row.slug),
      };
    }),
    articles: staticPosts.map((post) => ({
      title: post.title,
      slug: post.slug,
      path: postPath(post.slug),
      date: formatDate(post.date),
      ...statsOf(post.slug),
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
  const { posts, articles, filter, total, counts } = loaderData;
  const filtered = Boolean(filter.q || filter.status);
  return (
    <AdminPage
      title="Posts"
      lead="Write, schedule and publish blog posts. Articles kept in the site's code are listed below them."
      actions={<ButtonLink to={href("/admin/posts/:id", { id: "new" })}>New post</ButtonLink>}
    >
      <Panel title="Written here" id="posts-heading">
        {total > 0 ? (
          <Form
            method="get"
            role="search"
            aria-label="Find posts"
            key={`${filter.q}|${filter.status}`}
            className="mb-5 grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end"
          >
            <Field id="posts-q" label="Search">
              {(control) => (
                <Input
                  {...control}
                  name="q"
                  type="search"
                  placeholder="Title, slug, author or tag"
                  maxLength={100}
                  defaultValue={filter.q}
                />
              )}
            </Field>
            <Field id="posts-status" label="Status">
              {(control) => (
                <Select {...control} name="status" defaultValue={filter.status}>
                  <option value="">{`Any status (${total})`}</option>
                  {postStatuses.map((status) => (
                    <option key={status} value={status}>
                      {`${postStatusLabels[status]} (${counts[status]})`}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit">Find</Button>
              {filtered ? (
                <Link
                  to={href("/admin/posts")}
                  className="min-h-11 py-2.5 font-semibold text-brand-700 underline"
                >
                  Clear
                </Link>
              ) : null}
            </div>
          </Form>
        ) : null}
        {total === 0 ? (
          <p>No posts yet. Start one with New post.</p>
        ) : posts.length === 0 ? (
          <p role="status">No posts match. Try other words or another status.</p>
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
                  {post.shared ? (
                    <Link
                      to={href("/admin/posts/:id/share", { id: String(post.id) })}
                      className="rounded-full bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900 underline-offset-2 hover:underline"
                    >
                      Preview link shared
                    </Link>
                  ) : null}
                  {post.signOff ? (
                    <Link
                      to={href("/admin/posts/:id/share", { id: String(post.id) })}
                      className={cn(
                        "rounded-full px-2 py-0.5 text-sm font-semibold underline-offset-2 hover:underline",
                        post.signOff.verdict === "approved"
                          ? "bg-green-100 text-green-900"
                          : "bg-red-100 text-red-900",
                      )}
                    >
                      {`${post.signOff.verdict === "approved" ? "Approved" : "Changes asked"} by ${post.signOff.name}`}
                      {post.signOff.editedSince ? " · edited since" : ""}
                    </Link>
                  ) : null}
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
                {post.status === "published" ? (
                  <Reach views={post.views} leads={post.leads} />
                ) : null}
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
        <details className="group mt-4">
          <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-brand-700">
            {`Show the ${articles.length} articles`}
            <ChevronDown aria-hidden="true" className="size-5 group-open:rotate-180" />
          </summary>
          <ul className="mt-2 divide-y divide-slate-200 border-y border-slate-200">
            {articles.map((article) => (
              <li
                key={article.slug}
                className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3"
              >
                <a href={article.path} className="font-semibold text-brand-700 underline">
                  {article.title}
                </a>
                <span className="text-sm text-ink-soft">
                  /blog/{article.slug} · {article.date}
                </span>
                <Reach views={article.views} leads={article.leads} />
              </li>
            ))}
          </ul>
        </details>
      </Panel>
    </AdminPage>
  );
}

/** What a post brought in the last 30 days (the analytics report has the rest). */
function Reach({ views, leads }: { views: number; leads: number }) {
  const plural = (count: number, one: string) =>
    `${count.toLocaleString("en-US")} ${count === 1 ? one : `${one}s`}`;
  return (
    <p className="w-full text-sm text-ink-soft">
      {`${plural(views, "view")} · ${plural(leads, "lead")} in 30 days`}
    </p>
  );
}
