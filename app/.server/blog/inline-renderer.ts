import { runRenderTask } from "#app/.server/blog/post-html.ts";
import { createInlineRenderer } from "#app/.server/blog/post-renderer.ts";

/**
 * Renders in the calling thread: for the post command and for tests, never for the
 * server (whose main thread must not load the sanitiser; it uses the worker pool).
 */
export const inlineRenderer = createInlineRenderer(runRenderTask);
