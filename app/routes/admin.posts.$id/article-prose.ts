// Same classes as the article body on the public post page (routes/blog.$slug.tsx), so the
// editor's preview and a revision look like the page; kept as a copy so that the public
// bundle does not change.
export const articleProseClass =
  "prose prose-lg max-w-none prose-headings:font-display prose-a:text-brand-700 hover:prose-a:text-brand-800";
