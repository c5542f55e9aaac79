import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names and resolves Tailwind conflicts so the later class wins
 * (`cn("py-3", "py-2")` is `"py-2"`): a caller's className overrides a primitive's
 * default without `!important`.
 */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
