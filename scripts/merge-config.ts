// `npm run generate:merge-config`: writes app/components/ui/merge-config.ts, the part of
// tailwind-merge's default configuration that the site's utilities belong to.
//
// Why: tailwind-merge's default configuration knows every Tailwind utility and weighs about
// 7 KB compressed in the script every page loads; the class groups this site uses are a small
// part of it. The generated configuration keeps those groups exactly as tailwind-merge defines
// them, so merging gives the same result for every class the site uses; a unit test
// (app/components/ui/cn.test.ts) checks that and fails when a new utility needs a group the
// file lacks: run this command again.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { getDefaultConfig, validators } from "tailwind-merge";
import { createClassGroupUtils, createParseClassName } from "tailwind-merge/unstable-do-not-import";
import { usedUtilities } from "./tailwind-utilities.ts";

type Definition =
  | string
  | ((value: string) => boolean)
  | { readonly [key: string]: readonly Definition[] };

const root = path.resolve(import.meta.dirname, "..");
const target = path.join(root, "app/components/ui/merge-config.ts");

const full = getDefaultConfig();
const parse = createParseClassName(full);
const fullGroups = full.classGroups as unknown as Record<string, readonly Definition[]>;

/** The class group a configuration puts a utility in, as tailwind-merge looks it up. */
function groupOf(getClassGroupId: (name: string) => string | undefined, utility: string) {
  const { baseClassName, maybePostfixModifierPosition } = parse(utility);
  return (
    getClassGroupId(baseClassName) ??
    (maybePostfixModifierPosition === undefined
      ? undefined
      : getClassGroupId(baseClassName.slice(0, maybePostfixModifierPosition)))
  );
}

const fullUtils = createClassGroupUtils(full);
const utilitiesOf = new Map<string, string[]>();
for (const utility of await usedUtilities()) {
  const group = groupOf(fullUtils.getClassGroupId, utility);
  if (group && fullGroups[group])
    utilitiesOf.set(group, [...(utilitiesOf.get(group) ?? []), utility]);
}
// In tailwind-merge's own order: where two groups could claim a class, the first one wins.
const groups = Object.keys(fullGroups).filter((group) => utilitiesOf.has(group));
const used = new Set(groups);

/**
 * A group's definitions without the values none of the site's utilities needs (a group
 * lists every display value, every alignment…): each value is kept when a utility of the
 * group is recognised by that value alone.
 */
function prune(group: string, definitions: readonly Definition[]): Definition[] {
  const needed = (definition: Definition) => {
    const { getClassGroupId } = createClassGroupUtils({
      ...full,
      classGroups: { [group]: [definition] },
    } as never);
    return (utilitiesOf.get(group) ?? []).some(
      (utility) => groupOf(getClassGroupId, utility) === group,
    );
  };
  const walk = (list: readonly Definition[], wrap: (d: Definition) => Definition): Definition[] =>
    list.flatMap((definition): Definition[] => {
      if (typeof definition !== "object") return needed(wrap(definition)) ? [definition] : [];
      const kept = Object.entries(definition)
        .map(([key, values]) => [key, walk(values, (d) => wrap({ [key]: [d] }))] as const)
        .filter(([, values]) => values.length > 0);
      return kept.length > 0 ? [Object.fromEntries(kept)] : [];
    });
  return walk(definitions, (definition) => definition);
}

const validatorNames = new Map<unknown, string>(
  Object.entries(validators).map(([name, validator]) => [validator, name]),
);
const themeKeys = new Set<string>();

/** The constant the generated file names a theme getter by: "font-weight" → themeFontWeight. */
function themeName(key: string): string {
  return `theme${key.replace(/(^|-)(\w)/g, (_match, _dash, letter: string) => letter.toUpperCase())}`;
}

/** The theme key a getter made by fromTheme() reads. */
function themeKeyOf(getter: (theme: Record<string, unknown>) => unknown): string {
  let key = "";
  getter(
    new Proxy(
      {},
      {
        get(_target, property) {
          key = String(property);
          return [];
        },
      },
    ),
  );
  return key;
}

function write(definition: Definition): string {
  if (typeof definition === "string") return JSON.stringify(definition);
  if (typeof definition === "function") {
    if ("isThemeGetter" in definition) {
      const key = themeKeyOf(definition as never);
      themeKeys.add(key);
      return themeName(key);
    }
    const name = validatorNames.get(definition);
    if (!name) throw new Error(`unknown validator in tailwind-merge's configuration`);
    return `v.${name}`;
  }
  return `{ ${Object.entries(definition)
    .map(([key, values]) => `${JSON.stringify(key)}: [${values.map(write).join(", ")}]`)
    .join(", ")} }`;
}

const classGroups = groups.map(
  (group) =>
    `    ${JSON.stringify(group)}: [${prune(group, fullGroups[group] ?? [])
      .map(write)
      .join(", ")}],`,
);
const fullTheme = full.theme as unknown as Record<string, readonly Definition[]>;
const writtenTheme = new Map<string, string>();
for (let grew = true; grew; ) {
  grew = false;
  for (const key of [...themeKeys].sort()) {
    if (writtenTheme.has(key)) continue;
    writtenTheme.set(key, `[${(fullTheme[key] ?? []).map(write).join(", ")}]`);
    grew = true;
  }
}
const keep = (ids: readonly string[] | undefined) => (ids ?? []).filter((id) => used.has(id));
const relation = (map: { readonly [group: string]: readonly string[] | undefined }) =>
  groups
    .map((group) => [group, keep(map[group])] as const)
    .filter(([, ids]) => ids.length > 0)
    .map(([group, ids]) => `    ${JSON.stringify(group)}: ${JSON.stringify(ids)},`);

const source = `// Generated by \`npm run generate:merge-config\` (scripts/merge-config.ts): tailwind-merge's
// default configuration, reduced to the class groups (and their values) the site's utilities need. Do not
// edit; run the command again when a test says a utility needs a group this file lacks.
import { fromTheme, validators as v } from "tailwind-merge";

${[...writtenTheme.keys()]
  .sort()
  .map((key) => `const ${themeName(key)} = fromTheme(${JSON.stringify(key)});`)
  .join("\n")}

export const mergeConfig = {
  cacheSize: ${full.cacheSize},
  theme: {
${[...writtenTheme.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([key, value]) => `    ${JSON.stringify(key)}: ${value},`)
  .join("\n")}
  },
  classGroups: {
${classGroups.join("\n")}
  },
  conflictingClassGroups: {
${relation(full.conflictingClassGroups).join("\n")}
  },
  conflictingClassGroupModifiers: {
${relation(full.conflictingClassGroupModifiers).join("\n")}
  },
  orderSensitiveModifiers: ${JSON.stringify(full.orderSensitiveModifiers)},
  postfixLookupClassGroups: ${JSON.stringify(keep(full.postfixLookupClassGroups))},
};
`;
writeFileSync(target, source);
spawnSync(path.join(root, "node_modules/.bin/biome"), ["check", "--write", target], {
  stdio: "inherit",
});
console.log(
  `${path.relative(root, target)}: ${groups.length} of ${Object.keys(fullGroups).length} class groups`,
);
