import { diffLines } from "diff";

/** One line of a comparison, or a run of unchanged lines left out. */
export type DiffLine =
  | { kind: "same" | "added" | "removed"; text: string }
  | { kind: "skipped"; count: number };

export type TextDiff = { lines: DiffLine[]; added: number; removed: number };

function linesOf(value: string): string[] {
  const lines = value.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/**
 * What changed from `before` to `after`, line by line, with `context` unchanged lines kept
 * around each change and longer unchanged runs left out (counted).
 */
export function diffText(before: string, after: string, context = 2): TextDiff {
  const all: { kind: "same" | "added" | "removed"; text: string }[] = [];
  let added = 0;
  let removed = 0;
  for (const part of diffLines(before.replace(/\r\n?/g, "\n"), after.replace(/\r\n?/g, "\n"))) {
    const kind = part.added ? "added" : part.removed ? "removed" : "same";
    for (const text of linesOf(part.value)) {
      all.push({ kind, text });
      if (kind === "added") added += 1;
      if (kind === "removed") removed += 1;
    }
  }
  const lines: DiffLine[] = [];
  let index = 0;
  while (index < all.length) {
    const line = all[index];
    if (line?.kind !== "same") {
      if (line) lines.push(line);
      index += 1;
      continue;
    }
    let end = index;
    while (all[end]?.kind === "same") end += 1;
    const keepBefore = index === 0 ? 0 : context;
    const keepAfter = end === all.length ? 0 : context;
    const run = all.slice(index, end);
    if (run.length > keepBefore + keepAfter + 1) {
      lines.push(...run.slice(0, keepBefore));
      lines.push({ kind: "skipped", count: run.length - keepBefore - keepAfter });
      lines.push(...run.slice(run.length - keepAfter));
    } else {
      lines.push(...run);
    }
    index = end;
  }
  return { lines, added, removed };
}
