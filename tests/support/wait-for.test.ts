import { expect, test } from "vitest";
import { waitFor } from "./wait-for.ts";

test("waiting returns the first truthy value the condition gives", async () => {
  let calls = 0;
  const value = await waitFor(async () => (++calls >= 3 ? { calls } : null), {
    what: "the third call",
    intervalMs: 1,
  });
  expect(value).toEqual({ calls: 3 });
});

test("a condition that never holds fails at the deadline, saying what was awaited and seen", async () => {
  const started = Date.now();
  await expect(
    waitFor(() => false, {
      what: "the email to arrive",
      timeoutMs: 100,
      intervalMs: 10,
      seen: () => ({ emails: 0 }),
    }),
  ).rejects.toThrow('Waited 100 ms for the email to arrive, in vain; last seen: {"emails":0}');
  expect(Date.now() - started).toBeGreaterThanOrEqual(100);
});

test("an error in the condition fails at once", async () => {
  await expect(
    waitFor(
      () => {
        throw new Error("broken");
      },
      { what: "anything", timeoutMs: 60_000 },
    ),
  ).rejects.toThrow("broken");
});
