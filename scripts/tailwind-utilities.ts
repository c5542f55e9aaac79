// The Tailwind utilities the site really uses: what Tailwind finds in the sources app/admin.css
// scans (every source: the back office's stylesheet has the public pages' classes and its
// own, and cn() merges both), kept only where Tailwind generates CSS for it (the sources
// also hold ordinary words).
import { readFileSync } from "node:fs";
import path from "node:path";
import { __unstable__loadDesignSystem, compile } from "@tailwindcss/node";
import { Scanner } from "@tailwindcss/oxide";

const root = path.resolve(import.meta.dirname, "..");

export async function usedUtilities(): Promise<string[]> {
  const base = path.join(root, "app");
  const css = readFileSync(path.join(base, "admin.css"), "utf8");
  const compiler = await compile(css, { base, onDependency() {} });
  const sources = [
    ...(compiler.root === "none"
      ? []
      : compiler.root === null
        ? [{ base, pattern: "**/*", negated: false }]
        : [{ ...compiler.root, negated: false }]),
    ...compiler.sources,
  ];
  const candidates = new Scanner({ sources }).scan();
  const design = await __unstable__loadDesignSystem(css, { base });
  const generated = design.candidatesToCss(candidates);
  return candidates.filter((_candidate, index) => generated[index]).sort();
}
