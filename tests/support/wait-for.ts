type Falsy = false | 0 | "" | null | undefined;

/**
 * Polls `condition` until it returns a truthy value, and returns that value; past the
 * deadline it throws, naming what it waited for (and what `seen` reports at that moment).
 * Used instead of a fixed sleep: a test waits as long as the event takes, and fails, saying
 * so, when it never comes. An error thrown by `condition` fails at once.
 */
export async function waitFor<T>(
  condition: () => T | Promise<T>,
  options: {
    /** What is waited for, as the error says it: "the webhook entry to be due again". */
    what: string;
    timeoutMs?: number;
    intervalMs?: number;
    /** The state at the deadline, for the error: rows, a log, a count. */
    seen?: () => unknown;
  },
): Promise<Exclude<T, Falsy>> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value as Exclude<T, Falsy>;
    if (Date.now() > deadline) {
      const seen = options.seen ? await options.seen() : undefined;
      const shown = typeof seen === "string" ? seen : JSON.stringify(seen);
      throw new Error(
        `Waited ${timeoutMs} ms for ${options.what}, in vain${seen === undefined ? "" : `; last seen: ${shown}`}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50));
  }
}
