// Writers link a post to the site's own pages and posts all the time (the next article, a
// service page, the booking page). While the caret is in a Markdown link's address, the
// editor suggests them, as Ghost's link search does: by what is typed there, or, while the
// address is still empty, by the link's words.

/** A page or post of the site a link may lead to. */
export type LinkTarget = { title: string; path: string };

/** The most suggestions shown at once. */
export const linkSuggestionsMax = 8;

/** Words of a link's text that say nothing about where it leads. */
const filler = new Set([
  "the",
  "and",
  "for",
  "our",
  "your",
  "you",
  "with",
  "how",
  "this",
  "that",
  "here",
  "more",
  "about",
  "read",
  "see",
  "piece",
  "post",
  "article",
]);

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * The targets to suggest for a link being written: `address` is what is typed between its
 * parentheses so far, `text` what is between its brackets. An address that leads off the
 * site (a scheme such as `https:` or `mailto:`, `//`, `www.`) or within the page (`#`) gets
 * none. A typed address keeps the targets whose title or path has a word starting with each
 * of its words ("/blog/hoo" finds "Writing Hooks That…"); an empty one ranks them by how
 * many of the link's words they share, or lists the first of them (as given: the newest
 * posts first) when none does.
 */
export function suggestLinks(
  targets: readonly LinkTarget[],
  { address, text }: { address: string; text: string },
): LinkTarget[] {
  const typed = address.trim();
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|#|www\.)/i.test(typed)) return [];
  const indexed = targets.map((target, order) => ({
    target,
    order,
    words: [...wordsOf(target.title), ...wordsOf(target.path)],
  }));
  const has = (words: string[], query: string) => words.some((word) => word.startsWith(query));
  if (typed) {
    // The path's own start says nothing: "/blog/" alone lists the posts.
    const query = wordsOf(typed).filter((word, index) => !(index === 0 && word === "blog"));
    const wantsPosts = /^\/?blog(?:\/|$)/i.test(typed);
    return indexed
      .filter(({ target }) => !wantsPosts || target.path.startsWith("/blog/"))
      .filter(({ words }) => query.every((word) => has(words, word)))
      .map(({ target, order, words }) => ({
        target,
        order,
        // A title starting with the first word typed comes first.
        first: query[0] !== undefined && wordsOf(target.title)[0]?.startsWith(query[0]) ? 0 : 1,
        words,
      }))
      .sort((a, b) => a.first - b.first || a.order - b.order)
      .slice(0, linkSuggestionsMax)
      .map(({ target }) => target);
  }
  const query = wordsOf(text).filter((word) => word.length >= 3 && !filler.has(word));
  const ranked = indexed
    .map((entry) => ({
      ...entry,
      shared: query.filter((word) => has(entry.words, word)).length,
    }))
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared || a.order - b.order);
  return (ranked.length > 0 ? ranked : indexed)
    .slice(0, linkSuggestionsMax)
    .map(({ target }) => target);
}
