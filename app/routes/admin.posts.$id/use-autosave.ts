import { type RefObject, useEffect } from "react";
import { useFetcher } from "react-router";
import type { FormAnswer } from "#app/lib/form-answer.ts";

/** How long a draft waits after its last change before it saves itself. */
export const AUTOSAVE_MS = 10_000;

/**
 * Saves `form` (as the "autosave" intent, without leaving the page) AUTOSAVE_MS after the
 * last change, while `enabled` (a draft with unsaved changes, nothing else being sent).
 * `onSaving` is told the edit count the save carries, so that typing during a save still
 * counts as unsaved. Returns the fetcher, whose answer says when it saved.
 */
export function useAutosave(options: {
  form: RefObject<HTMLFormElement | null>;
  enabled: boolean;
  edits: number;
  onSaving: (edits: number) => void;
}) {
  const autosaver = useFetcher<FormAnswer>();
  const { form, enabled, edits, onSaving } = options;
  const idle = autosaver.state === "idle";
  // biome-ignore lint/correctness/useExhaustiveDependencies: onSaving and the fetcher change every render; edits restarts the wait
  useEffect(() => {
    if (!enabled || !idle) return;
    const timer = setTimeout(() => {
      if (!form.current) return;
      const body = new FormData(form.current);
      body.set("intent", "autosave");
      onSaving(edits);
      autosaver.submit(body, { method: "post" });
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [enabled, idle, edits]);
  return autosaver;
}
