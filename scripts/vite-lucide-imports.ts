// Rewrites `import { Check, X } from "lucide-react"` in the app's own modules into one import
// per icon file (`lucide-react/icons/check`), for the browser build.
//
// Through the package's index, every icon the app uses anywhere has the index as its only
// importer, so the build could not tell an icon of the back office's editor from one on every
// page: vite.config.ts's chunking counted each as used by every page that imports any icon, and
// the editor's icons travelled in the chunk every public page loads. Imported one by one, each
// icon's importers are the modules that draw it, and it goes where they go.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";

const require = createRequire(import.meta.url);

/** Each name the package exports an icon under (`Check`, `CheckIcon`, `LucideCheck`) → its file. */
export function lucideIconFiles(): Map<string, string> {
  const index = readFileSync(require.resolve("lucide-react/dist/esm/lucide-react.mjs"), "utf8");
  const files = new Map<string, string>();
  for (const [, names = "", file = ""] of index.matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g,
  )) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) if (name) files.set(name, file);
  }
  return files;
}

const importFromIndex = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;

/** The module's source with its icon imports split per file; `undefined` if it has none. */
export function splitLucideImports(code: string, files: Map<string, string>): string | undefined {
  if (!code.includes("lucide-react")) return undefined;
  let changed = false;
  const result = code.replace(importFromIndex, (statement, list: string) => {
    const types: string[] = [];
    const icons: string[] = [];
    for (const raw of list.split(",")) {
      const specifier = raw.trim();
      if (!specifier) continue;
      if (specifier.startsWith("type ")) {
        types.push(specifier.slice(5).trim());
        continue;
      }
      const [imported = "", local = imported] = specifier.split(/\s+as\s+/);
      const file = files.get(imported);
      if (!file) return statement; // not an icon (a helper, a type): left as it was
      icons.push(`import ${local} from "lucide-react/icons/${file}";`);
    }
    changed = true;
    // On as many lines as the statement took, so that later lines keep their numbers.
    return [
      ...(types.length > 0 ? [`import type { ${types.join(", ")} } from "lucide-react";`] : []),
      ...icons,
    ]
      .join(" ")
      .concat("\n".repeat(statement.split("\n").length - 1));
  });
  return changed ? result : undefined;
}

export function lucideImportsPerIcon(): Plugin {
  let files: Map<string, string> | undefined;
  return {
    name: "northstory:lucide-imports-per-icon",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    transform(code, id) {
      const file = id.split("?")[0] ?? "";
      if (!/[\\/]app[\\/].*\.tsx?$/.test(file) || file.includes("node_modules")) return undefined;
      files ??= lucideIconFiles();
      const split = splitLucideImports(code, files);
      return split === undefined ? undefined : { code: split, map: null };
    },
  };
}
