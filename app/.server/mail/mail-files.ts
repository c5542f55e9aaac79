import { readdir, unlink } from "node:fs/promises";
import path from "node:path";

// createMailSender names the file of a lead's email `<ISO time>-contact-<lead id>.eml`, and of
// a reply to it `<ISO time>-reply-<outbox id>-<lead id>.eml`: either ends with the lead's id.
// Another email's (a morning list of leads) is `<ISO time>-notice-<outbox id>.eml`.
// It writes each under its partial name first (below) and renames it once whole.
const uuidLength = 36;
const suffix = ".eml";
const partialPrefix = ".";
const partialSuffix = ".partial";

/** The hidden name an email's file has while it is being written. */
export function partialMailFile(name: string): string {
  return `${partialPrefix}${name}${partialSuffix}`;
}

/**
 * Deletes the .eml copies of these leads' emails under `dataDir/mail` (written when no SMTP
 * server is configured) and returns how many were deleted. A file another server copy
 * deleted first is not counted, so two copies erasing together count each file once.
 */
export async function deleteMailFiles(
  dataDir: string,
  leadIds: Iterable<string>,
  /** Outbox ids of other emails to delete too (the morning lists naming these leads). */
  noticeIds: Iterable<number> = [],
): Promise<number> {
  const ids = new Set(leadIds);
  const notices = new Set([...noticeIds].map(String));
  if (ids.size === 0 && notices.size === 0) return 0;
  const dir = path.join(dataDir, "mail");
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let deleted = 0;
  for (const found of names) {
    // A partial file left by a copy stopped mid-write holds the email too.
    const name =
      found.startsWith(partialPrefix) && found.endsWith(partialSuffix)
        ? found.slice(partialPrefix.length, -partialSuffix.length)
        : found;
    if (!name.endsWith(suffix)) continue;
    const idStart = name.length - suffix.length - uuidLength;
    const lead =
      name[idStart - 1] === "-" && ids.has(name.slice(idStart, -suffix.length).toLowerCase());
    const notice = /-notice-(\d+)\.eml$/.exec(name)?.[1];
    if (!lead && !(notice && notices.has(notice))) continue;
    try {
      await unlink(path.join(dir, found));
      deleted++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return deleted;
}
