import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressAssets } from "./app/.server/precompress.ts";

export default {
  ssr: true,
  // scripts/build.ts builds each release into its own new directory (build/releases/…);
  // nothing is prerendered here: the server renders its static pages when it starts, with
  // the SITE_URL it runs with, so one build serves every environment.
  buildDirectory: process.env.NORTHSTORY_RELEASE_DIR || "build/unreleased",
  // One chunk per route: splitting the contact page's client action into its own chunks
  // only added requests to a first view that loads them all anyway.
  splitRouteModules: false,
  buildEnd({ reactRouterConfig }) {
    precompressAssets(path.join(reactRouterConfig.buildDirectory, "client", "assets"));
  },
} satisfies Config;
