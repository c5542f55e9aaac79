// The render pool's worker (post-renderer.ts): one task at a time, off the server's main
// thread. Built into the release as server/render-worker.js (see vite.config.ts); run from
// this file by Node's type stripping in development.
export { runRenderTask as default } from "#app/.server/blog/post-html.ts";
