import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * The emails a server without SMTP_URL has written under `dataDir/mail`, as an operator
 * listing the folder sees them: whole .eml files (one being written has a hidden name).
 */
export function writtenEmails(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, "mail"))
      .filter((name) => name.endsWith(".eml") && !name.startsWith("."))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}
