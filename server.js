// Serves the site: `npm run serve` (the current build, no build step) or, with --dev, the
// development server with Vite. `npm start` builds when needed and then runs this.
// All server code lives in the React Router server build so that it shares one copy of
// every module (database, caches) with the routes.
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
// Settings from a local .env file; variables already set in the environment win.
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
const dev = process.argv.includes("--dev");
// In development Vite loads the app's modules with the "development" export condition; the
// Express adapter, loaded by Node, must get the same copy of React Router, or their objects
// do not match (every page answered 500).
if (dev && !process.execArgv.includes("--conditions=development")) {
  console.error("Start the development server with `npm run dev`.");
  process.exit(1);
}
// React and Express choose their fast paths from this; it must be set before they load.
// (Vite sets it for the development server, with the module conditions to match.)
if (!dev) process.env.NODE_ENV ??= "production";
const buildRoot = path.resolve(root, process.env.BUILD_DIR || "build");

let options;
if (dev) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  const getBuild = () => viteServer.ssrLoadModule("virtual:react-router/server-build");
  const { startServer } = await viteServer.ssrLoadModule("/app/.server/server.ts");
  options = { startServer, mode: "development", getBuild, viteMiddleware: viteServer.middlewares };
} else {
  const current = path.join(buildRoot, "current");
  if (!existsSync(path.join(current, "server", "index.js"))) {
    console.error(
      `There is no build in ${buildRoot}. Run \`npm run build\` first, or \`npm start\`, which builds when needed.`,
    );
    process.exit(1);
  }
  // The release itself, not the link: a later build switches `current` without touching it.
  const releaseDir = realpathSync(current);
  const build = await import(pathToFileURL(path.join(releaseDir, "server", "index.js")).href);
  options = {
    startServer: build.entry.module.startServer,
    mode: "production",
    getBuild: async () => build,
    releaseDir,
    buildRoot,
  };
}

let running;
try {
  const { startServer, ...rest } = options;
  running = await startServer({ root, ...rest });
} catch (error) {
  if (["ConfigError", "DatabaseBusyError", "DatabaseUnavailableError"].includes(error?.name)) {
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
