import { useEffect, useRef } from "react";
import { type MetaDescriptor, redirect, useNavigation } from "react-router";
import { resolvePage } from "#app/.server/blog/pagination.ts";
import { listPosts, recentPosts, relatedPosts } from "#app/.server/blog/posts.ts";
import { appContext } from "#app/.server/context.ts";
import { ArticlePreviewArt } from "#app/components/art/article-preview.tsx";
import { BlogSidebar } from "#app/components/blog/blog-sidebar.tsx";
import { Pagination } from "#app/components/blog/pagination.tsx";
import { PostCard } from "#app/components/blog/post-card.tsx";
import { PostListSkeleton } from "#app/components/blog/post-list-skeleton.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { blogCopy } from "#app/content/blog.ts";
import { seo } from "#app/content/seo.ts";
import { blogPagePath, POSTS_PER_PAGE, pageCount } from "#app/lib/blog.ts";
import { sharedPage } from "#app/lib/page-rendering.ts";
import { absoluteUrl, breadcrumbJsonLd, originFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/blog";

// Rendered per request (not prerendered): it merges the posts published in the database.
export async function loader({ request, context }: Route.LoaderArgs) {
  const posts = await listPosts(context.get(appContext));
  const totalPages = pageCount(posts.length);
  const requested = resolvePage(new URL(request.url), totalPages);
  if (requested.kind === "redirect") throw redirect(requested.to, requested.status);
  const { page } = requested;
  const onPage = posts.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE);
  return {
    page,
    totalPages,
    posts: onPage,
    recent: recentPosts(posts),
    related: relatedPosts(posts, onPage[0]),
  };
}

/** seo() gives every URL its path as canonical; a later page is its own canonical page. */
function withCanonical(tags: MetaDescriptor[], url: string): MetaDescriptor[] {
  return tags.map((tag) => {
    if ("tagName" in tag && tag.rel === "canonical") return { ...tag, href: url };
    if ("property" in tag && tag.property === "og:url") return { ...tag, content: url };
    return tag;
  });
}

export const handle = sharedPage(["page"]);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const origin = originFrom(matches);
  const page = loaderData?.page ?? 1;
  const total = loaderData?.totalPages ?? 1;
  const { meta } = blogCopy;
  const tags = seo(origin, {
    title: page > 1 ? meta.pageTitle(page) : meta.title,
    description: page > 1 ? meta.pageDescription(page, total) : meta.description,
    path: "/blog",
    keywords: meta.keywords,
  });
  return [
    ...(page > 1 ? withCanonical(tags, absoluteUrl(origin, blogPagePath(page))) : tags),
    breadcrumbJsonLd(origin, [
      { name: blogCopy.breadcrumb.home, path: "/" },
      { name: blogCopy.breadcrumb.blog, path: "/blog" },
    ]),
  ];
};

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { page, totalPages, posts, recent, related } = loaderData;
  const navigation = useNavigation();
  const loadingList = navigation.state === "loading" && navigation.location.pathname === "/blog";

  // After a page change the window is back at the top (ScrollRestoration); focus follows so
  // that keyboard and screen reader users continue from the new list, not the old button.
  const listHeading = useRef<HTMLHeadingElement>(null);
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    listHeading.current?.focus({ preventScroll: true });
  }, [page]);

  return (
    <>
      <PageHeader title={blogCopy.heading} lead={blogCopy.intro} art={<ArticlePreviewArt />} />
      <Container className="grid gap-12 pb-20 lg:grid-cols-3">
        <section aria-labelledby="blog-list-heading" className="lg:col-span-2">
          <h2 id="blog-list-heading" ref={listHeading} tabIndex={-1} className="sr-only">
            {blogCopy.listHeading(page, totalPages)}
          </h2>
          {loadingList ? (
            <PostListSkeleton count={POSTS_PER_PAGE} label={blogCopy.loading} />
          ) : (
            <ul className="grid gap-6 md:grid-cols-2">
              {posts.map((post, index) => (
                <li key={post.slug}>
                  <PostCard post={post} readMore={blogCopy.readMore} lazy={index >= 2} />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={page} total={totalPages} labels={blogCopy.pagination} />
        </section>
        <BlogSidebar copy={blogCopy.sidebar} recent={recent} related={related} />
      </Container>
    </>
  );
}
