import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { BlogSidebar } from "#app/components/blog/blog-sidebar.tsx";
import { Breadcrumb } from "#app/components/blog/breadcrumb.tsx";
import { CoverPicture } from "#app/components/blog/cover-picture.tsx";
import { PostMeta } from "#app/components/blog/post-meta.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { blogCopy } from "#app/content/blog.ts";
import type { Post, PostLink } from "#app/lib/blog.ts";

// The body column: two thirds of the container from lg (max-w-6xl), the screen below.
const COVER_SIZES = "(min-width: 1024px) 44rem, 100vw";

/**
 * A post's page below the site header: title, excerpt, date, read time and author, the
 * cover, the text (HTML already made safe by the server), and the sidebar. The post page
 * and the back office's draft view show the same.
 */
export function PostArticle({
  post,
  html,
  bodyId,
  recent,
  related,
  afterBody,
}: {
  post: Omit<Post, "html">;
  html: string;
  bodyId: string;
  recent: PostLink[];
  related: PostLink[];
  afterBody?: ReactNode;
}) {
  const { breadcrumb } = blogCopy;
  return (
    <article>
      <header className="bg-gradient-to-b from-brand-50 to-white">
        <Container className="pt-6 pb-12 sm:pb-14">
          <Breadcrumb
            label={breadcrumb.label}
            items={[
              { name: breadcrumb.home, to: href("/") },
              { name: breadcrumb.blog, to: href("/blog") },
              { name: post.title },
            ]}
          />
          <h1 className="mt-4 max-w-4xl font-display text-4xl leading-tight font-bold tracking-tight sm:text-5xl">
            {post.title}
          </h1>
          {post.excerptDerived ? null : (
            <p className="mt-5 max-w-3xl text-lg leading-relaxed text-ink-soft sm:text-xl">
              {post.excerpt}
            </p>
          )}
          <PostMeta
            date={post.date}
            readTime={post.readTime}
            author={post.author}
            className="mt-6"
          />
        </Container>
      </header>
      <Container className="grid gap-12 pb-20 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {post.cover ? (
            <CoverPicture image={post.cover} sizes={COVER_SIZES} className="mb-10 rounded-2xl" />
          ) : null}
          <div
            id={bodyId}
            className="prose prose-lg max-w-none prose-headings:font-display prose-a:text-brand-700 hover:prose-a:text-brand-800"
            // Static articles are our own Markdown; database HTML was sanitised on the server
            // against the allowlist in docs/blog.md (app/.server/sanitize.ts).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side, see above
            dangerouslySetInnerHTML={{ __html: html }}
          />
          {afterBody ?? (
            <Link
              to={href("/blog")}
              className="mt-12 inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 hover:text-brand-800 hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              {blogCopy.backToBlog}
            </Link>
          )}
        </div>
        <BlogSidebar copy={blogCopy.sidebar} recent={recent} related={related} />
      </Container>
    </article>
  );
}
