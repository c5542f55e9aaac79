/**
 * The tags field's suggestions for the tag being typed (the text after the last comma): the
 * known tags not already chosen, each written after what is typed before it, so that a
 * browser's list of suggestions (a datalist matches the whole field) completes that tag and
 * keeps the others.
 */
export function tagSuggestions(typed: string, known: readonly string[]): string[] {
  const cut = typed.lastIndexOf(",") + 1;
  const current = typed.slice(cut);
  const head = typed.slice(0, cut) + current.slice(0, current.length - current.trimStart().length);
  const chosen = new Set(
    typed
      .slice(0, cut)
      .split(",")
      .map((tag) => tag.trim().toLowerCase()),
  );
  return known.filter((tag) => !chosen.has(tag)).map((tag) => head + tag);
}
