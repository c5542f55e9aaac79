import { MAX_NESTING_DEPTH, nestingDepth } from "#app/.server/blog/nesting.ts";
import { renderMarkdown } from "#app/.server/content/render-markdown.ts";
import { sanitizeHtmlReport } from "#app/.server/sanitize.ts";

// A post's Markdown to the HTML the site shows, in the thread that runs it: the render
// worker (render-worker.ts) for the server, the post command's own process for the command.
// Loads jsdom (through the sanitiser): the server's main thread never imports this module.

export type RenderedPost = {
  html: string;
  /** What the sanitiser took out ("<script>", "onclick on <a>"); empty when nothing. */
  removed: string[];
};

/** What a task answers instead of HTML when the text is refused before rendering. */
export type RenderTaskRefusal = { refused: "too-deep" };

/** Markdown → HTML through the site's one renderer, then the sanitiser. */
export function renderPostHtml(markdown: string): RenderedPost {
  const rendered = renderMarkdown(markdown).html;
  return sanitizeHtmlReport(rendered);
}

/** HTML from elsewhere (a row an SQL client wrote) → what the sanitiser keeps of it. */
export function sanitizePostHtml(html: string): RenderedPost {
  return sanitizeHtmlReport(html);
}

/** One task of the render pool (post-renderer.ts), in whichever thread runs it. */
export function runRenderTask(task: {
  kind: "markdown" | "html" | "ready";
  text: string;
}): RenderedPost | RenderTaskRefusal {
  if (task.kind === "ready") return { html: "", removed: [] };
  if (task.kind === "html") return sanitizePostHtml(task.text);
  if (nestingDepth(task.text) > MAX_NESTING_DEPTH) return { refused: "too-deep" };
  return renderPostHtml(task.text);
}
