import { readdirSync } from "node:fs";
import path from "node:path";

const blogDir = path.resolve(import.meta.dirname, "../../content/blog");

/** How many static articles content/blog ships: counted, so adding one breaks no test. */
export function staticArticleCount(): number {
  return readdirSync(blogDir).filter((name) => name.endsWith(".md")).length;
}
