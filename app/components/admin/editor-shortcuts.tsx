import { formattingActions } from "#app/components/admin/markdown-format.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";

/**
 * The post editor's keys, as a list under the editor (a writer looks for them there, as
 * in Ghost's or Google Docs' shortcut lists). The formatting keys come from the toolbar's own
 * actions, so the list cannot drift from what the keys do. Only once the scripts run: the
 * plain text box before them has none of these keys.
 */
export function EditorShortcuts() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const rows: { keys: string[]; label: string }[] = [
    ...formattingActions.flatMap((action) =>
      "shortcut" in action
        ? [{ keys: [`Ctrl+${action.shortcut.toUpperCase()}`], label: action.label }]
        : [],
    ),
    { keys: ["Ctrl+S"], label: "Save (a draft stays a draft; a live post changes at once)" },
    { keys: ["Ctrl+Z"], label: "Undo" },
    // CodeMirror's own: Ctrl+Y, and on a Mac ⌘⇧Z (⌘Y is not redo there).
    { keys: ["Ctrl+Y"], label: "Redo (⌘⇧Z on a Mac)" },
    {
      keys: ["Ctrl+Shift+V"],
      label: "Paste as plain text (Ctrl+V keeps a document's headings, bold, links and lists)",
    },
    {
      keys: ["Enter"],
      label: "In a list or quote, starts the next item; on an empty item, ends the list",
    },
    { keys: ["Esc"], label: "Leaves Focus on writing" },
    {
      keys: ["Tab"],
      label: "Leaves the text for the next field (Shift+Tab for the one before)",
    },
  ];
  return (
    <details className="text-sm text-ink-soft">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700">
        Keyboard shortcuts
      </summary>
      <p className="mt-1">On a Mac, ⌘ instead of Ctrl.</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="whitespace-nowrap">
              {row.keys.map((keys, index) => (
                <span key={keys}>
                  {index > 0 ? " or " : ""}
                  <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-ink">
                    {keys}
                  </kbd>
                </span>
              ))}
            </dt>
            <dd>{row.label}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
