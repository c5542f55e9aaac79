import { data, href, isRouteErrorResponse, Link, redirect } from "react-router";
import {
  findMovedPost,
  findPost,
  listPosts,
  PostsUnavailableError,
  recentPosts,
  relatedPosts,
} from "#app/.server/blog/posts.ts";
import { appContext } from "#app/.server/context.ts";
import { htmlForData } from "#app/.server/pages/document-only.ts";
import { PostArticle } from "#app/components/blog/post-article.tsx";
import { NotFound } from "#app/components/not-found.tsx";
import { blogCopy } from "#app/content/blog.ts";
import { seo } from "#app/content/seo.ts";
import { site } from "#app/content/site.ts";
import { postPath } from "#app/lib/blog.ts";
import { useReportBrowserError } from "#app/lib/browser-errors.ts";
import { useDocumentOnlyHtml } from "#app/lib/document-only.tsx";
import { sharedPage } from "#app/lib/page-rendering.ts";
import { withScrollingTables } from "#app/lib/post-tables.ts";
import { absoluteUrl, breadcrumbJsonLd, jsonLd, originFrom } from "#app/lib/seo.ts";
import { socialImagePath } from "#app/lib/social-image-path.ts";
import type { Route } from "./+types/blog.$slug";

// Static articles and database posts alike are rendered on demand and kept a few seconds
// (handle below), so a post published in the database needs no rebuild.
export async function loader({ params, context }: Route.LoaderArgs) {
  const deps = context.get(appContext);
  let post: Awaited<ReturnType<typeof findPost>>;
  try {
    post = await findPost(params.slug, deps);
  } catch (error) {
    // A database outage is temporary: 503 tells crawlers to come back, not to drop the page.
    if (error instanceof PostsUnavailableError) {
      throw data(null, { status: 503, headers: { "Retry-After": "30" } });
    }
    throw error;
  }
  if (!post) {
    // An address the post had before its slug changed leads to where it is now.
    const moved = await findMovedPost(params.slug, deps);
    if (moved) throw redirect(postPath(moved), 301);
    throw data(null, { status: 404 });
  }
  const all = await listPosts(deps);
  // A document carries the body once, as markup; only client-side navigations get it as data.
  const { html, ...summary } = post;
  return {
    post: summary,
    html: htmlForData(context, POST_BODY_ID, withScrollingTables(html)),
    recent: recentPosts(all, post),
    related: relatedPosts(all, post),
  };
}

// Carries Retry-After of a thrown 503 onto the page's response.
export const headers: Route.HeadersFunction = ({ errorHeaders, loaderHeaders }) =>
  errorHeaders ?? loaderHeaders;

export const handle = sharedPage();

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  const origin = originFrom(matches);
  if (!loaderData) {
    const missing = !error || (isRouteErrorResponse(error) && error.status === 404);
    const title = missing ? "Page not found" : blogCopy.unavailable.title;
    return [{ title: `${title} | ${site.name}` }, { name: "robots", content: "noindex" }];
  }
  const { post } = loaderData;
  const path = postPath(post.slug);
  const { breadcrumb } = blogCopy;
  return [
    ...seo(origin, {
      title: post.seo?.title ?? post.title,
      description: post.seo?.description ?? post.excerpt,
      path,
      keywords: post.tags,
      type: "article",
      publishedTime: post.date,
    }),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      "@id": `${absoluteUrl(origin, path)}#article`,
      headline: post.title,
      description: post.excerpt,
      url: absoluteUrl(origin, path),
      mainEntityOfPage: absoluteUrl(origin, path),
      datePublished: post.date,
      dateModified: post.updatedAt,
      inLanguage: "en-US",
      keywords: post.tags.join(", "),
      image: absoluteUrl(origin, socialImagePath(path)),
      author: { "@type": "Organization", name: post.author, url: absoluteUrl(origin, "/about") },
      publisher: {
        "@type": "Organization",
        "@id": absoluteUrl(origin, "/#organization"),
        name: site.name,
        url: absoluteUrl(origin, "/"),
        logo: { "@type": "ImageObject", url: absoluteUrl(origin, "/favicon.svg") },
      },
    }),
    breadcrumbJsonLd(origin, [
      { name: breadcrumb.home, path: "/" },
      { name: breadcrumb.blog, path: "/blog" },
      { name: post.title, path },
    ]),
  ];
};

const POST_BODY_ID = "post-body";

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, recent, related } = loaderData;
  const html = useDocumentOnlyHtml(POST_BODY_ID, loaderData.html);
  return (
    <PostArticle post={post} html={html} bodyId={POST_BODY_ID} recent={recent} related={related} />
  );
}

// Here rather than only in root so that this route's meta (title, noindex) goes with it.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useReportBrowserError(error);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="font-display text-4xl font-bold">{blogCopy.unavailable.title}</h1>
      <p className="mt-4 text-lg text-ink-soft">{blogCopy.unavailable.body}</p>
      <Link to={href("/blog")} className="mt-8 inline-block font-semibold text-brand-700 underline">
        {blogCopy.backToBlog}
      </Link>
    </section>
  );
}
