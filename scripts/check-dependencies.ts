// npm run lint:deps (part of npm run lint): the module boundaries of
// docs/decisions/029-module-boundaries.md. One cruise of app/ and scripts/ with
// dependency-cruiser checks the rules of .dependency-cruiser.cjs, and this script adds the
// one rule dependency-cruiser cannot express: no cycle between the folders directly under
// app/.server/. Exits non-zero when any rule is broken.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cruise, format, type ICruiseResult } from "dependency-cruiser";
import extractBabelConfig from "dependency-cruiser/config-utl/extract-babel-config";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));

const options = await extractDepcruiseOptions("./.dependency-cruiser.cjs");
const babelFile = options.babelConfig?.fileName;
const babelConfig = babelFile ? await extractBabelConfig(babelFile) : {};
if (Object.keys(babelConfig).length === 0) {
  // Without Babel, dependency-cruiser cannot read a .ts file and would find no dependency.
  console.error(`lint:deps: @babel/core could not load ${babelFile}; nothing was checked.`);
  process.exit(2);
}

// Globs, not folders: in a folder, dependency-cruiser only gathers the extensions it can
// parse without Babel, which leaves out every .ts and .tsx file. `**` skips folders whose
// name starts with a dot, so app/.server is named on its own.
const sources = ["app/**/*.{ts,tsx}", "app/.server/**/*.ts", "scripts/**/*.{ts,js,cjs}"];
const { output } = await cruise(sources, options, {}, { babelConfig });
const result = output as ICruiseResult;
const report = await format(result, { outputType: "err" });

/** The folder directly under app/.server/ a module is in, if any. */
const serverFolder = (modulePath: string) => /^app\/\.server\/([^/]+)\//.exec(modulePath)?.[1];

// Folder → folder it imports → the imports that make it so ("a.ts → b.ts").
const imports = new Map<string, Map<string, string[]>>();
for (const module of result.modules) {
  const from = serverFolder(module.source);
  if (!from) continue;
  for (const dependency of module.dependencies) {
    const to = serverFolder(dependency.resolved);
    if (!to || to === from) continue;
    const targets = imports.get(from) ?? new Map<string, string[]>();
    imports.set(from, targets);
    targets.set(to, [...(targets.get(to) ?? []), `${module.source} → ${dependency.resolved}`]);
  }
}

/** Groups of folders that reach each other (Tarjan's strongly connected components). */
function folderCycles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder) ?? 0);
    stack.push(folder);
    for (const next of imports.get(folder)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(folder, Math.min(low.get(folder) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      group.push(member);
      if (member === folder) break;
    }
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const folder of [...imports.keys()].sort()) if (!index.has(folder)) visit(folder);
  return cycles;
}

const cycles = folderCycles();
const lines = cycles.map((group) => {
  const within = group.flatMap((from) =>
    [...(imports.get(from) ?? [])]
      .filter(([to]) => group.includes(to))
      .flatMap(([, made]) => made.map((line) => `      ${line}`)),
  );
  return [
    `  error server-folder-cycle: ${group.map((folder) => `app/.server/${folder}`).join(" ⇄ ")}`,
    ...within,
  ].join("\n");
});

// Without a violation dependency-cruiser says "no dependency violations found": true of
// its own rules, misleading beside a folder cycle.
if (report.exitCode > 0 || cycles.length === 0) process.stdout.write(String(report.output));
if (cycles.length > 0) {
  console.log(`\n${lines.join("\n\n")}\n`);
  console.log(
    `✘ ${cycles.length} cycle(s) between the folders of app/.server/: one direction must go ` +
      "(move what the other folder needs into the folder that needs it, or into one both use).\n",
  );
}
// Tables with one owning folder: SQL on them (raw or through Drizzle's table object)
// anywhere else goes through the owner's functions. The schema defines them; tests, the
// database copy (which copies every table) and this check may name them.
const tableOwners: Record<string, { folder: string; names: RegExp }> = {
  mail_outbox: { folder: "app/.server/mail/", names: /\bmail_outbox\b|\bmailOutbox\b/ },
};
const mayTouchEveryTable = (path: string) =>
  ["app/.server/db/schema.ts", "app/.server/db/copy.ts", "scripts/check-dependencies.ts"].includes(
    path,
  ) || /\.test\.tsx?$/.test(path);
const trespasses = result.modules
  .map((module) => module.source)
  .filter((path) => /^(app|scripts)\//.test(path) && !mayTouchEveryTable(path))
  .flatMap((path) => {
    const text = readFileSync(path, "utf8");
    return Object.entries(tableOwners)
      .filter(([, owner]) => !path.startsWith(owner.folder) && owner.names.test(text))
      .map(
        ([table, owner]) =>
          `  error table-owner: ${path} uses ${table}, which only ${owner.folder} may`,
      );
  });
if (trespasses.length > 0) {
  console.log(`\n${trespasses.join("\n")}\n`);
  console.log(
    `✘ ${trespasses.length} module(s) touch a table another folder owns: call the owner's functions (app/.server/mail/deliveries.ts for the outbox).\n`,
  );
}
process.exit(report.exitCode + cycles.length + trespasses.length);
