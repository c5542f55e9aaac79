import { Form, href, Link } from "react-router";
import { CoverThumbnail } from "#app/components/admin/cover-image.tsx";
import { Panel } from "#app/components/admin/ui.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import type { ImageRef } from "#app/lib/images.ts";
import { withScrollingTables } from "#app/lib/post-tables.ts";
import { AUTOSAVE_MERGE_MINUTES, type PostStatus } from "#app/lib/posts.ts";
import type { Route } from "./+types/route";
import { articleProseClass, nestHeadings } from "./article-prose.ts";
import { TextDiffView } from "./text-diff.tsx";

type LoaderData = Route.ComponentProps["loaderData"];

/** Where the post stood after a save, as its revision says it. */
const revisionStatus: Record<PostStatus, string> = {
  draft: "draft",
  scheduled: "scheduled",
  published: "published",
  unpublished: "unpublished",
};

/**
 * A saved post's versions: each can be viewed (its text as the page would
 * show it, and its cover) and restored, which saves it again as a new version.
 */
export function RevisionsPanel({
  post,
  revisions,
  revision,
  onSubmit,
}: {
  post: NonNullable<LoaderData["post"]>;
  revisions: LoaderData["revisions"];
  revision: LoaderData["revision"];
  onSubmit: () => void;
}) {
  return (
    <Panel title="Revisions" id="revisions-heading">
      {revision ? (
        <section
          aria-labelledby="revision-heading"
          className="mb-6 rounded-lg border border-slate-300 p-4"
        >
          <h3 id="revision-heading" className="font-display text-lg font-bold">
            Version {revision.version}: {revision.title}
          </h3>
          <p className="text-sm text-ink-soft">Saved {revision.savedAt}</p>
          {revision.diff ? (
            <div className="mt-4">
              <TextDiffView
                diff={revision.diff}
                label={`From version ${revision.version} to the current text${revision.titleChanged ? " (the title changed too)" : ""}`}
              />
            </div>
          ) : null}
          <RevisionCover cover={revision.cover} />
          <article
            aria-label={`Version ${revision.version}`}
            className={`mt-4 ${articleProseClass}`}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by the server
            dangerouslySetInnerHTML={{
              __html: withScrollingTables(nestHeadings(revision.html, 3)),
            }}
          />
          <p className="mt-4 text-sm text-ink-soft">
            {`Restoring brings back this version's title, excerpt, text and cover as a new version (the current one stays in this list). The address, author, tags and search settings stay as they are now.${post.status === "published" ? " The live post changes at once." : ""}`}
          </p>
          <Form method="post" className="mt-2 flex flex-wrap gap-3" onSubmit={onSubmit}>
            <input type="hidden" name="version" value={post.version} />
            <input type="hidden" name="revision" value={revision.version} />
            <Button type="submit" name="intent" value="restore" variant="outline" size="small">
              Restore version {revision.version}
            </Button>
            <Link
              to={href("/admin/posts/:id", { id: String(post.id) })}
              className={buttonVariants({ variant: "outline", size: "small" })}
            >
              Close
            </Link>
          </Form>
        </section>
      ) : null}
      <p className="mb-3 text-sm text-ink-soft">
        Every save is kept, newest first; autosaves less than {AUTOSAVE_MERGE_MINUTES} minutes apart
        count as one.
      </p>
      <ol className="divide-y divide-slate-200 border-y border-slate-200">
        {revisions.map((entry) => (
          <li
            key={entry.version}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
          >
            <span>
              <span className="font-semibold">Version {entry.version}</span>
              <span className="text-sm text-ink-soft">
                {" "}
                · {entry.savedAt} ·{" "}
                {entry.autosave ? `autosaved for ${entry.savedBy}` : entry.savedBy}
                {entry.status ? ` · ${revisionStatus[entry.status]}` : ""}
                {entry.version === post.version ? " · current" : ""}
              </span>
            </span>
            <Link
              to={`?revision=${entry.version}`}
              preventScrollReset
              className="font-semibold text-brand-700 underline"
            >
              View<span className="sr-only"> version {entry.version}</span>
            </Link>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

/** The cover a revision was saved with, which restoring it brings back. */
function RevisionCover({ cover }: { cover: (ImageRef & { alt: string }) | null }) {
  if (!cover) return <p className="mt-4 text-sm text-ink-soft">No cover image.</p>;
  return (
    <figure className="mt-4">
      <CoverThumbnail image={cover} alt={cover.alt} />
      <figcaption className="mt-2 text-sm text-ink-soft">
        Cover image; its alt text: “{cover.alt}”
      </figcaption>
    </figure>
  );
}
