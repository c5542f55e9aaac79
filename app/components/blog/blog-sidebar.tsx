import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CoverPicture } from "#app/components/blog/cover-picture.tsx";
import { ButtonLink } from "#app/components/button-link.tsx";
import { Card } from "#app/components/ui/card.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";
import { type PostLink, postPath } from "#app/lib/blog.ts";

type PromoCard = { title: string; body: string; cta: string; to: string };

export type SidebarCopy = {
  label: string;
  call: PromoCard;
  about: PromoCard;
  recent: string;
  related: string;
};

function PostLinks({ id, title, posts }: { id: string; title: string; posts: PostLink[] }) {
  if (posts.length === 0) return null;
  return (
    <Card as="section" aria-labelledby={id} shadow="none">
      <SectionHeading id={id} size="xs">
        {title}
      </SectionHeading>
      <ul className="mt-4 space-y-1">
        {posts.map((post) => (
          <li key={post.slug}>
            <Link
              to={postPath(post.slug)}
              className="flex items-center gap-3 rounded-md py-2 leading-snug font-medium text-brand-700 hover:text-brand-800 hover:underline"
            >
              {post.cover ? (
                // The title says where the link goes; the picture repeats it.
                <span className="w-16 shrink-0 overflow-hidden rounded-md">
                  <CoverPicture
                    image={post.cover}
                    alt=""
                    sizes="4rem"
                    lazy
                    className="aspect-square object-cover"
                  />
                </span>
              ) : null}
              <span>{post.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Book A Call, About, Recent and Related Posts; on large screens only (smaller screens show the list alone). */
export function BlogSidebar({
  copy,
  recent,
  related,
}: {
  copy: SidebarCopy;
  recent: PostLink[];
  related: PostLink[];
}) {
  return (
    <aside aria-label={copy.label} className="hidden space-y-8 lg:block">
      <section
        aria-labelledby="sidebar-call-heading"
        className="rounded-2xl bg-brand-800 p-6 text-white"
      >
        <SectionHeading id="sidebar-call-heading" size="xs">
          {copy.call.title}
        </SectionHeading>
        <p className="mt-3 leading-relaxed text-brand-50">{copy.call.body}</p>
        <ButtonLink to={copy.call.to} variant="accent" className="mt-5 w-full">
          {copy.call.cta}
        </ButtonLink>
      </section>
      <section aria-labelledby="sidebar-about-heading" className="rounded-2xl bg-sand p-6">
        <SectionHeading id="sidebar-about-heading" size="xs">
          {copy.about.title}
        </SectionHeading>
        <p className="mt-3 leading-relaxed text-ink-soft">{copy.about.body}</p>
        <Link
          to={copy.about.to}
          className="mt-4 inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          {copy.about.cta}
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </section>
      <PostLinks id="sidebar-recent-heading" title={copy.recent} posts={recent} />
      <PostLinks id="sidebar-related-heading" title={copy.related} posts={related} />
    </aside>
  );
}
