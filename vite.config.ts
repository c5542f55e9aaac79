import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { lucideImportsPerIcon } from "./scripts/vite-lucide-imports.ts";
import { portraits } from "./scripts/vite-portraits.ts";

type ModuleInfo = { importers: readonly string[] } | null;

/**
 * Which chunk a module of the browser build goes to. Every first view pays a request per
 * chunk, so what every page runs travels together:
 * - `react-dom`: React DOM's client and its scheduler, on their own. The page runs its
 *   chunks one task at a time (see deferred-hydration.ts); in the entry's chunk, React DOM's
 *   evaluation and the start of hydration made the longest task of a first view (about 40
 *   ms of a laptop's CPU, several times that on a phone); apart, each is a third shorter.
 * - `shared`: everything the root route (the layout of every page) imports, directly or not,
 *   and the components, helpers, icons and the metadata helper (app/content/seo.ts) that
 *   four public pages or more use (on its own, the metadata helper cost 18 pages a request);
 * - the back office's own modules never join a chunk a public page loads: they are left to
 *   the routes that use them.
 * - Vite's lazy-import helper joins `shared` too.
 * Anything else (a page's content, a component a few pages use) stays with those pages.
 */
function chunkFor(id: string, getModuleInfo: (id: string) => ModuleInfo): string | null {
  if (backOffice.test(id)) return null;
  if (reachableFromRoot(id, getModuleInfo)) return "shared";
  // Vite's helper for lazy imports: a few hundred bytes that every page with a lazy part
  // would otherwise fetch as a file of its own. (The bundler's runtime keeps a file of its
  // own whatever this says.)
  if (bundlerHelpers.test(id)) return "shared";
  // Icons (imported one by one: scripts/vite-lucide-imports.ts): every icon a public page
  // draws, in one file; the back office's own stay with it.
  if (/node_modules[\\/]lucide-react[\\/]/.test(id)) {
    return usedByRoutes(id, getModuleInfo) >= 1 ? "shared" : null;
  }
  if (/app[\\/](components|lib)[\\/]|app[\\/]content[\\/]seo\.ts/.test(id)) {
    return usedByRoutes(id, getModuleInfo) >= 4 ? "shared" : null;
  }
  return null;
}

const reactDomClient =
  /node_modules[\\/](react-dom[\\/](client\.js|cjs[\\/]react-dom-client\.)|scheduler[\\/])/;
const backOffice =
  /app[\\/](routes[\\/]admin|components[\\/]admin[\\/])|app[\\/]lib[\\/]back-office/;
const rootModule = /app[\\/]root\.tsx(\?|$)/;
const bundlerHelpers = /^\0?vite[\\/]preload-helper/;
const routeModule = /app[\\/]routes[\\/][^\\/]+\.tsx(\?|$)/;

const fromRoot = new Map<string, boolean>();
function reachableFromRoot(id: string, getModuleInfo: (id: string) => ModuleInfo): boolean {
  const known = fromRoot.get(id);
  if (known !== undefined) return known;
  fromRoot.set(id, false); // an import cycle answers "not through here"
  const found =
    rootModule.test(id) ||
    (getModuleInfo(id)?.importers ?? []).some(
      (importer) => !backOffice.test(importer) && reachableFromRoot(importer, getModuleInfo),
    );
  fromRoot.set(id, found);
  return found;
}

/** How many public routes import the module, directly or through other modules. */
function usedByRoutes(id: string, getModuleInfo: (id: string) => ModuleInfo): number {
  const routes = new Set<string>();
  const seen = new Set<string>();
  const walk = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    if (routeModule.test(module)) routes.add(module);
    else {
      for (const importer of getModuleInfo(module)?.importers ?? []) {
        if (!backOffice.test(importer)) walk(importer);
      }
    }
  };
  walk(id);
  return routes.size;
}

/**
 * Writes which source modules each browser chunk holds to `client/.vite/chunk-modules.json`
 * (a dot folder the server never serves), so tests can check what a public page loads.
 */
function chunkModules(): Plugin {
  return {
    name: "northstory:chunk-modules",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[output.fileName] = output.moduleIds.map((id) =>
          path.relative(process.cwd(), id).replaceAll("\\", "/"),
        );
      }
      this.emitFile({
        type: "asset",
        fileName: ".vite/chunk-modules.json",
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}

/**
 * Marks the chunks a public page runs as it hydrates with V8's compile hint
 * (`//# allFunctionsCalledOnLoad`, Chrome 136 and later; other engines read a comment). Without
 * it V8 compiles each function on the main thread the first time hydration calls it, in the
 * middle of the tasks a phone's visitor waits on; with it, the functions are compiled on a
 * background thread while the chunk downloads. Those chunks are what the browser entry and
 * the public routes import statically; the back office's chunks and the ones loaded on demand
 * keep V8's lazy default, since most of their functions never run on a page view.
 */
function compileHints(): Plugin {
  return {
    name: "northstory:compile-hints",
    applyToEnvironment: (environment) => environment.name === "client",
    // After minification, which drops comments: a chunk's name hashes its code without the
    // hint, which only a change in what imports the chunk can add or remove.
    generateBundle: {
      // After Vite has written its own preamble (the preload list) at the top of a chunk.
      order: "post",
      handler(_options, bundle) {
        const chunks: ChunkGraph = {};
        for (const output of Object.values(bundle)) {
          if (output.type === "chunk") chunks[output.fileName] = output;
        }
        for (const fileName of firstViewChunks(chunks)) {
          const chunk = bundle[fileName];
          if (chunk?.type === "chunk") chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

type ChunkGraph = Record<
  string,
  { fileName: string; isEntry: boolean; facadeModuleId: string | null; imports: string[] }
>;
function firstViewChunks(chunks: ChunkGraph): Set<string> {
  const found = new Set<string>();
  const visit = (fileName: string) => {
    if (found.has(fileName) || !chunks[fileName]) return;
    found.add(fileName);
    for (const imported of chunks[fileName].imports) visit(imported);
  };
  for (const chunk of Object.values(chunks)) {
    const publicEntry = chunk.isEntry && !backOffice.test(chunk.facadeModuleId ?? "");
    if (publicEntry) visit(chunk.fileName);
  }
  return found;
}

/**
 * Takes the brand faces' @font-face rules out of the stylesheet files (the public pages' and
 * the back office's). Every page declares them in its inline styles (the pruner keeps them
 * whole); a file is linked once the page has hydrated, for later pages, and declaring the
 * faces again there made the browser resolve every font of the page again and repaint it.
 */
function fontFacesInlineOnly(): Plugin {
  return {
    name: "northstory:font-faces-inline-only",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== "asset" || !/^assets\/(?:app|admin)-[\w-]+\.css$/.test(output.fileName))
          continue;
        output.source = String(output.source).replace(/@font-face\{[^}]*\}/g, "");
      }
    },
  };
}

/**
 * Gives the server build an entry for each worker thread, loaded by file name: the render
 * pool's (server/render-worker.js, app/.server/blog/post-renderer.ts) and the events
 * thread's (server/events-worker.js, app/.server/analytics/events-listener.ts). After React
 * Router's plugin, which names the one entry it expects (index.js) for every entry.
 */
function renderWorkerEntry(): Plugin {
  return {
    name: "northstory:render-worker",
    enforce: "post",
    configEnvironment(name) {
      if (name !== "ssr") return;
      return {
        build: {
          rolldownOptions: {
            input: {
              index: "virtual:react-router/server-build",
              "render-worker": "app/.server/blog/render-worker.ts",
              "events-worker": "app/.server/analytics/events-worker.ts",
            },
            output: {
              entryFileNames: (chunk: { name: string }) =>
                chunk.name.endsWith("-worker") ? `${chunk.name}.js` : "index.js",
            },
          },
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    portraits(),
    lucideImportsPerIcon(),
    fontFacesInlineOnly(),
    chunkModules(),
    compileHints(),
    renderWorkerEntry(),
  ],
  build: { assetsInlineLimit: 0 },
  // Bundled into the server build rather than loaded from node_modules at start. Drizzle:
  // Node reads the package's 180 KB package.json again for each of the ~450 files it loads,
  // which took a second of every start. Lucide: its index loads every one of its 1,500
  // icons (a sixth of a second of every start); bundled, the server carries the ones drawn.
  ssr: { noExternal: ["drizzle-orm", "lucide-react"] },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: (id, ctx) => chunkFor(id, (module) => ctx.getModuleInfo(module)),
                  debugName: "shared and per-route chunks",
                  priority: 2,
                },
                // After the group above has taken what `shared` holds (React among it), so
                // this one keeps React DOM's client and the scheduler only.
                { name: "react-dom-client", test: reactDomClient, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
