import { useState } from "react";
import { keepPageWhenSignedOut, stayWhenSignedOut } from "#app/lib/form-answer.ts";
import type { Route } from "./+types/route";
import { loadPostEditor, postEditorAction } from "./editor.server.ts";
import { PostEditor } from "./post-editor.tsx";

// The post editor (/admin/posts/:id, "new" for a new post). The server side is in
// editor.server.ts; the page in post-editor.tsx, with its autosave (use-autosave.ts), the
// question before leaving with unsaved changes (components/admin/leave-guard.tsx) and revisions
// (revisions.tsx).

export const loader = (args: Route.LoaderArgs) => loadPostEditor(args);

export const action = (args: Route.ActionArgs) => postEditorAction(args);

// A save or autosave that finds the session ended would follow the server to the sign-in
// page, and the text typed since the last save would go with the editor. It stays instead,
// and says how to go on.
export const clientAction = (args: Route.ClientActionArgs) => stayWhenSignedOut(args);

export const shouldRevalidate = keepPageWhenSignedOut;

export default function PostEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  // Focus on writing outlives the fresh editor below: a new post's first save, which moves
  // to its own address, keeps the writer in it.
  const focus = useState(false);
  // A new post, another post or a restored revision starts a fresh editor.
  return (
    <PostEditor
      key={`${loaderData.post?.id ?? "new"}:${loaderData.restored ?? ""}`}
      data={loaderData}
      outcome={actionData}
      focus={focus}
    />
  );
}
