import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * The events thread's CPU priority (a nice value; the copy's other threads keep theirs,
 * usually 0). On a busy machine the pages go first: an event can wait some milliseconds in
 * the socket's queue, no one waits for its answer, while a visitor waits for every page. At
 * 10, a thread that competes with the pages for a core gets about a tenth of it; an idle core
 * it has whole.
 */
export const EVENTS_THREAD_NICE = 10;

/**
 * Lowers the calling thread's priority alone. Linux gives every thread its own nice value,
 * set by its id, which the thread reads from /proc/thread-self; elsewhere the thread keeps
 * the copy's priority (false).
 */
export function lowerThisThreadsPriority(nice: number): boolean {
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(threadId) || threadId <= 0) return false;
    setPriority(threadId, nice);
    return true;
  } catch {
    return false;
  }
}
