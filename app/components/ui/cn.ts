import { type ClassValue, clsx } from "clsx";
import { createTailwindMerge } from "tailwind-merge";
import { mergeConfig } from "#app/components/ui/merge-config.ts";

// tailwind-merge with only the class groups the site uses (generated, see merge-config.ts):
// the same merges as its default configuration, at a fraction of the script.
const merge = createTailwindMerge(() => mergeConfig);

// The merger builds its class map on its first call, a few milliseconds on a phone. Every
// page calls it while it hydrates, inside one of React's rendering tasks, where those
// milliseconds add to a long task; built here, they stay in the task that loads this module.
merge("");

/**
 * Joins class names and resolves Tailwind conflicts so the later class wins
 * (`cn("py-3", "py-2")` is `"py-2"`): a caller's className overrides a primitive's
 * default without `!important`.
 */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
