import type { ReactNode } from "react";
import { cn } from "#app/components/ui/cn.ts";

/**
 * A back-office table of figures (analytics, the team's numbers): its caption for screen
 * readers, the figures right-aligned with their digits lined up, scrolling sideways in its
 * own box (by keyboard too) when wider than a phone.
 */
export function FiguresTable({
  caption,
  head,
  rows,
  figures,
  empty,
  wrapFirst = false,
}: {
  caption: string;
  head: string[];
  /** How many of the last columns hold figures (right-aligned, digits lined up). */
  figures: number;
  /** The first column (an address) wraps, so that the figures stay in view on a phone. */
  wrapFirst?: boolean;
  rows: ReactNode[][];
  empty?: string;
}) {
  if (rows.length === 0 && empty) return <p className="text-ink-soft">{empty}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, by keyboard too
    <section className="overflow-x-auto" tabIndex={0} aria-label={caption}>
      <table className={cn("w-full text-left text-sm", !wrapFirst && "min-w-max")}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {head.map((cell, index) => (
              <th
                key={cell}
                scope="col"
                className={cn(
                  "py-2 pr-4 font-semibold",
                  index >= head.length - figures && "text-right",
                )}
              >
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-b border-slate-100">
              {row.map((cell, index) => (
                <td
                  key={index}
                  className={cn(
                    "py-2 pr-4",
                    index >= head.length - figures && "text-right tabular-nums",
                    wrapFirst && index === 0 && "[overflow-wrap:anywhere]",
                  )}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
