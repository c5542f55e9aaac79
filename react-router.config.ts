import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/routes-prerender.ts";

export default {
  ssr: true,
  // Separate build directories let several builds (e.g. parallel test runs) coexist.
  buildDirectory: process.env.BUILD_DIR || "build",
  // Every page without per-request data is rendered to HTML at build time;
  // the blog listing and database posts are rendered per request.
  prerender: { paths: prerenderPaths, concurrency: 4 },
} satisfies Config;
