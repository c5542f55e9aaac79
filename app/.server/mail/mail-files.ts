import { readdir, unlink } from "node:fs/promises";
import path from "node:path";

// createMailSender names the file of a lead's email `<ISO time>-contact-<lead id>.eml`, and of
// a reply to it `<ISO time>-reply-<outbox id>-<lead id>.eml`: either ends with the lead's id.
const uuidLength = 36;
const suffix = ".eml";

/**
 * Deletes the .eml copies of these leads' emails under `dataDir/mail` (written when no SMTP
 * server is configured) and returns how many were deleted. A file another server copy
 * deleted first is not counted, so two copies erasing together count each file once.
 */
export async function deleteMailFiles(dataDir: string, leadIds: Iterable<string>): Promise<number> {
  const ids = new Set(leadIds);
  if (ids.size === 0) return 0;
  const dir = path.join(dataDir, "mail");
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let deleted = 0;
  for (const name of names) {
    if (!name.endsWith(suffix)) continue;
    const idStart = name.length - suffix.length - uuidLength;
    if (name[idStart - 1] !== "-") continue;
    if (!ids.has(name.slice(idStart, -suffix.length).toLowerCase())) continue;
    try {
      await unlink(path.join(dir, name));
      deleted++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return deleted;
}
