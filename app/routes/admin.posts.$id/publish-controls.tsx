import type { ReactNode } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import type { Route } from "./+types/route";

type Post = Route.ComponentProps["loaderData"]["post"];

/**
 * The editor's buttons for where the post stands: save (a draft or a published post),
 * publish now, unpublish, and schedule at a moment in the writer's time zone. All send the same form, each
 * with its own `intent`. Under them, `problem`: why the last save was refused, or `done`:
 * what the last one did, said where the writer pressed the button (the page's notice, which
 * assistive technology announces, is at the top of a long form).
 */
export function PublishControls({
  post,
  busy,
  publishAtError,
  problem,
  done,
  timeZone,
}: {
  post: Post;
  /** The writer's time zone, which the schedule is entered in. */
  timeZone: string;
  busy: boolean;
  publishAtError: string | undefined;
  problem: ReactNode;
  done?: string;
}) {
  const status = post?.status;
  return (
    <>
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-5">
        <Button id="save-post" type="submit" name="intent" value="save" disabled={busy}>
          {status === undefined || status === "draft" ? "Save draft" : "Save"}
        </Button>
        {status !== "published" ? (
          <Button type="submit" name="intent" value="publish" variant="outline" disabled={busy}>
            Publish now
          </Button>
        ) : null}
        {status === "published" ? (
          <Button
            type="submit"
            name="intent"
            value="unpublish"
            variant="danger"
            size="small"
            disabled={busy}
          >
            Unpublish
          </Button>
        ) : null}
        {status === "scheduled" ? (
          // It never went live: it goes back to being a draft, not "unpublished".
          <Button
            type="submit"
            name="intent"
            value="cancel-schedule"
            variant="danger"
            size="small"
            disabled={busy}
          >
            Cancel schedule
          </Button>
        ) : null}
      </div>
      {done && !problem ? (
        <p id="post-done" className="mt-3 text-sm font-semibold text-green-800">
          {done}
        </p>
      ) : null}
      {/* Rendered by the server too; announced when it changes. */}
      <div aria-live="polite" className="text-sm font-semibold text-red-800">
        {problem ? <div className="mt-3">{problem}</div> : null}
      </div>
      {status !== "published" ? (
        <div className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-5">
          <Field
            id="post-publish-at"
            label={`Publish at (${timeZone})`}
            hint={`Date and time in ${timeZone}, your time zone (change it in Your account). The post goes live by itself then.`}
            error={publishAtError}
          >
            {(control) => (
              <Input
                {...control}
                name="publishAt"
                type="datetime-local"
                step={1}
                defaultValue={status === "scheduled" ? post?.publishAtInput : ""}
              />
            )}
          </Field>
          <Button
            type="submit"
            name="intent"
            value="schedule"
            variant="outline"
            size="small"
            disabled={busy}
          >
            {status === "scheduled" ? "Reschedule" : "Schedule"}
          </Button>
        </div>
      ) : null}
    </>
  );
}
