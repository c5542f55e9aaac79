import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { testBuildRoot } from "../support/build.ts";

// What the browser build sends to a visitor, read from the built release: which chunks each
// route loads (React Router's manifest) and which source modules each chunk holds (written
// by the build, see vite.config.ts).
const client = path.resolve(testBuildRoot, "current", "client");
const chunkModules: Record<string, string[]> = JSON.parse(
  readFileSync(path.join(client, ".vite", "chunk-modules.json"), "utf8"),
);
const manifestFile = readdirSync(path.join(client, "assets")).find((name) =>
  /^manifest-[\w-]+\.js$/.test(name),
);
type RouteAssets = { id: string; parentId?: string; module: string; imports?: string[] };
const manifest: {
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteAssets>;
} = JSON.parse(
  readFileSync(path.join(client, "assets", manifestFile ?? ""), "utf8").replace(
    /^window\.__reactRouterManifest=|;?\s*$/g,
    "",
  ),
);

/** Every chunk a first view of the route loads: the entry, the route and its parents. */
function chunksOf(routeId: string): Set<string> {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let route = manifest.routes[routeId]; route; route = manifest.routes[route.parentId ?? ""]) {
    for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
  }
  return files;
}

const backOfficeModule = /^app\/(routes\/admin|components\/admin\/|lib\/back-office)/;
const publicRoutes = Object.keys(manifest.routes).filter(
  (id) => id !== "root" && !id.startsWith("routes/admin"),
);

test("the build lists its routes and the modules of every chunk", () => {
  expect(publicRoutes.length).toBeGreaterThan(20);
  const home = [...chunksOf("routes/home")].flatMap((file) => chunkModules[file.slice(1)] ?? []);
  expect(home).toContain("app/routes/home.tsx");
  expect(home).toContain("app/root.tsx");
});

test("React DOM's client and its scheduler are a chunk of their own, which only the entry imports", () => {
  // Run apart from the entry, whose own code starts hydration: two shorter tasks, not one.
  const file = Object.keys(chunkModules).find((name) =>
    /^assets\/react-dom-client-[\w-]+\.js$/.test(name),
  );
  const modules = chunkModules[file ?? ""] ?? [];
  expect(modules.some((module) => module.includes("react-dom/cjs/react-dom-client"))).toBe(true);
  expect(modules.some((module) => module.includes("node_modules/scheduler/"))).toBe(true);
  expect(modules.every((module) => /node_modules\/(react-dom|scheduler)\//.test(module))).toBe(
    true,
  );
  expect(manifest.entry.imports).toContain(`/${file}`);
  // No chunk of a first view but the entry imports it, so no other chunk's evaluation runs
  // it along (a chunk loaded later, such as the contact page's toasts, may).
  const firstView = new Set(publicRoutes.flatMap((routeId) => [...chunksOf(routeId)]));
  const importers = [...firstView].filter((chunk) =>
    readFileSync(path.join(client, chunk), "utf8").includes(`"./${path.basename(file ?? "")}"`),
  );
  expect(importers).toEqual([manifest.entry.module]);
  const entry = chunkModules[manifest.entry.module.slice(1)] ?? [];
  expect(entry.filter((module) => /node_modules\/(react-dom|scheduler)\//.test(module))).toEqual(
    [],
  );
});

test.each(publicRoutes)("%s loads none of the back office's modules", (routeId) => {
  const loaded = [...chunksOf(routeId)].flatMap((file) => {
    const modules = chunkModules[file.slice(1)];
    expect(modules, file).toBeDefined();
    return modules ?? [];
  });
  expect(loaded.filter((module) => backOfficeModule.test(module))).toEqual([]);
});

// V8 compiles a chunk that starts with this comment on a background thread as it downloads,
// instead of function by function on the main thread while the page hydrates.
const compileHint = "//# allFunctionsCalledOnLoad\n";
const startsWithHint = (file: string) =>
  readFileSync(path.join(client, file), "utf8").startsWith(compileHint);

test.each(publicRoutes)("%s: every chunk of its first view is compiled ahead", (routeId) => {
  const unhinted = [...chunksOf(routeId)].filter((file) => !startsWithHint(file));
  expect(unhinted).toEqual([]);
});

test("the back office's own chunks keep V8's lazy default", () => {
  const backOfficeOnly = Object.entries(chunkModules)
    .filter(([, modules]) => modules.some((module) => backOfficeModule.test(module)))
    .map(([file]) => `/${file}`);
  expect(backOfficeOnly.length).toBeGreaterThan(3);
  expect(backOfficeOnly.filter(startsWithHint)).toEqual([]);
});

test("the server's own thread loads neither the sanitiser nor jsdom; the render worker's entry does", () => {
  // Loading jsdom cost every start about a second of CPU, for a server that may render no
  // post at all; the render pool's worker loads it when a post is first rendered.
  const server = path.resolve(testBuildRoot, "current", "server");
  const importsOf = (file: string) =>
    [...readFileSync(path.join(server, file), "utf8").matchAll(/from "([^"]+)"/g)].map(
      (match) => match[1],
    );
  expect(importsOf("index.js")).not.toContain("jsdom");
  expect(importsOf("index.js")).not.toContain("dompurify");
  expect(importsOf("render-worker.js")).toEqual(expect.arrayContaining(["jsdom", "dompurify"]));
});
