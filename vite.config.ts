import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { loadEnv } from "./app/.server/env.ts";

// Canonical URLs, feeds and previews are baked into prerendered pages, so SITE_URL is
// fixed at build time; `npm start` rebuilds when it changes.
const env = loadEnv();

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: { __SITE_URL__: JSON.stringify(env.SITE_URL) },
  build: { assetsInlineLimit: 0 },
});
