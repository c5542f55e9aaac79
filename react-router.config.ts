import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressAssets } from "./app/.server/precompress.ts";
import { prerenderPaths } from "./app/routes-prerender.ts";

export default {
  ssr: true,
  // Separate build directories let several builds (e.g. parallel test runs) coexist.
  buildDirectory: process.env.BUILD_DIR || "build",
  // Every page without per-request data is rendered to HTML at build time;
  // the blog listing and database posts are rendered per request.
  prerender: { paths: prerenderPaths, concurrency: 4 },
  buildEnd({ reactRouterConfig }) {
    precompressAssets(path.join(reactRouterConfig.buildDirectory, "client", "assets"));
  },
} satisfies Config;
