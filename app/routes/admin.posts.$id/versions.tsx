import { Panel } from "#app/components/admin/ui.tsx";
import type { TheirVersion } from "./editor.server.ts";

/**
 * After a save refused because someone else saved first: their version and the writer's
 * unsaved one, side by side from 1024 px (one under the other on a phone), to copy from.
 */
export function Versions({
  theirs,
  title,
  markdown,
}: {
  theirs: TheirVersion;
  title: string;
  markdown: string;
}) {
  const column = (id: string, heading: string, versionTitle: string, text: string) => (
    <div className="min-w-0 space-y-2">
      <h3 id={`${id}-heading`} className="font-display text-lg font-bold text-ink">
        {heading}
      </h3>
      <p className="font-semibold [overflow-wrap:anywhere]">{versionTitle}</p>
      <label htmlFor={id} className="sr-only">
        {`${heading}: text`}
      </label>
      <textarea
        id={id}
        readOnly
        rows={14}
        value={text}
        className="w-full rounded-lg border border-slate-300 bg-slate-50 p-3 font-mono text-sm"
      />
    </div>
  );
  return (
    <Panel title="Their version and yours" id="versions-heading">
      <div className="grid gap-6 lg:grid-cols-2">
        {column(
          "their-version",
          `Saved by ${theirs.savedBy} at ${theirs.savedAt} (version ${theirs.version})`,
          theirs.title,
          theirs.markdown,
        )}
        {column("your-version", "Yours, not saved", title, markdown)}
      </div>
    </Panel>
  );
}
