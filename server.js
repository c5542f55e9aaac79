// Starts the production server (or, with --dev, the development server with Vite).
// All server code lives in the React Router server build so that it shares one copy
// of every module (database, caches) with the routes.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
// Settings from a local .env file; variables already set in the environment win.
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
const dev = process.argv.includes("--dev");
const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");

let startServer;
let getBuild;
let devMiddleware;
if (dev) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  devMiddleware = viteServer.middlewares;
  ({ startServer } = await viteServer.ssrLoadModule("/app/.server/server.ts"));
  getBuild = () => viteServer.ssrLoadModule("virtual:react-router/server-build");
} else {
  const build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
  ({ startServer } = build.entry.module);
  getBuild = async () => build;
}

let running;
try {
  running = await startServer({ root, buildDir, getBuild, devMiddleware });
} catch (error) {
  if (error?.name === "ConfigError") {
    console.error(error.message);
  } else {
    console.error("The server could not start:", error?.message ?? error);
  }
  process.exit(1);
}

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    running.shutdown(signal).then(
      () => process.exit(0),
      (error) => {
        console.error("Shutdown failed:", error?.message ?? error);
        process.exit(1);
      },
    );
  });
}
