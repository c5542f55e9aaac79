import type { TextDiff } from "#app/lib/text-diff.ts";

/**
 * A line-by-line comparison: removed lines struck through on red, added lines on green,
 * each also said in words (for screen readers and without colour), unchanged runs counted.
 */
export function TextDiffView({ diff, label }: { diff: TextDiff; label: string }) {
  if (diff.added === 0 && diff.removed === 0) {
    return <p className="text-sm text-ink-soft">The text is the same.</p>;
  }
  const lines = (count: number) => (count === 1 ? "1 line" : `${count} lines`);
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm text-ink-soft">
        {label}: {lines(diff.added)} added, {lines(diff.removed)} removed.
      </figcaption>
      <ol className="overflow-x-auto rounded-lg border border-slate-300 font-mono text-sm leading-6">
        {diff.lines.map((line, index) => (
          // The lines have no identity beyond their place in the comparison.
          <li key={index} className={lineClass[line.kind]}>
            {line.kind === "skipped" ? (
              `… ${lines(line.count)} unchanged …`
            ) : line.kind === "added" ? (
              <ins className="no-underline">
                <span className="sr-only">Added: </span>
                <span aria-hidden="true">+ </span>
                {line.text}
              </ins>
            ) : line.kind === "removed" ? (
              <del>
                <span className="sr-only">Removed: </span>
                <span aria-hidden="true">− </span>
                {line.text}
              </del>
            ) : (
              <>
                <span aria-hidden="true">{"  "}</span>
                {line.text}
              </>
            )}
          </li>
        ))}
      </ol>
    </figure>
  );
}

const lineClass = {
  same: "whitespace-pre-wrap px-3 text-ink-soft",
  added: "whitespace-pre-wrap bg-green-50 px-3 text-green-900",
  removed: "whitespace-pre-wrap bg-red-50 px-3 text-red-900",
  skipped: "bg-slate-50 px-3 py-1 text-center font-sans text-ink-soft",
} as const;
