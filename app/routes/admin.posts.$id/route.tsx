import type { Route } from "./+types/route";
import { loadPostEditor, postEditorAction } from "./editor.server.ts";
import { PostEditor } from "./post-editor.tsx";

// The post editor (/admin/posts/:id, "new" for a new post). The server side is in
// editor.server.ts; the page in post-editor.tsx, with its autosave (use-autosave.ts), the
// question before leaving with unsaved changes (leave-guard.tsx) and revisions
// (revisions.tsx).

export const loader = (args: Route.LoaderArgs) => loadPostEditor(args);

export const action = (args: Route.ActionArgs) => postEditorAction(args);

export default function PostEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  // A new post, another post or a restored revision starts a fresh editor.
  return (
    <PostEditor
      key={`${loaderData.post?.id ?? "new"}:${loaderData.restored ?? ""}`}
      data={loaderData}
      outcome={actionData}
    />
  );
}
