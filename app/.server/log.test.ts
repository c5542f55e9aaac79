import { expect, test } from "vitest";
import { createLogger } from "#app/.server/log.ts";

function capture(level: Parameters<typeof createLogger>[0] = "info") {
  const lines: string[] = [];
  const log = createLogger(level, (line) => lines.push(line));
  return {
    log,
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    lines,
  };
}

test("a line is one JSON object with time, level name, message and the fields", () => {
  const { log, entries, lines } = capture();
  log.info("server listening", { url: "http://localhost:3000", port: 3000 });
  expect(lines).toHaveLength(1);
  expect(lines[0]).not.toContain("\n");
  const [entry] = entries();
  expect(entry).toMatchObject({ level: "info", msg: "server listening", port: 3000 });
  expect(new Date(String(entry?.time)).toISOString()).toBe(entry?.time);
});

test("below the level nothing is written; silent writes nothing at all", () => {
  const warnOnly = capture("warn");
  warnOnly.log.info("request");
  warnOnly.log.warn("outbox entry will be retried");
  expect(warnOnly.entries().map((entry) => entry.msg)).toEqual(["outbox entry will be retried"]);
  const silent = capture("silent");
  silent.log.error("request failed", { error: new Error("boom") });
  expect(silent.lines).toEqual([]);
});

test("an error is written with its stack and its causes, each with a stack", () => {
  const { log, entries } = capture();
  const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
    code: "ECONNREFUSED",
    detail: "Key (email)=(ada@example.com) already exists.",
  });
  log.error("request failed", { error: new Error("could not load posts", { cause: refused }) });
  const error = entries()[0]?.error as Record<string, unknown>;
  expect(error.type).toBe("Error");
  expect(error.message).toBe("could not load posts");
  expect(error.stack).toMatch(/could not load posts\n\s+at /);
  expect(error.stack).toContain("log.test.ts");
  const cause = error.cause as Record<string, unknown>;
  expect(cause).toMatchObject({
    message: "connect ECONNREFUSED 127.0.0.1:5432",
    code: "ECONNREFUSED",
  });
  expect(cause.stack).toMatch(/ECONNREFUSED[^\n]*\n\s+at /);
  // A driver's details can hold the row it refused: they stay out of the log.
  expect(JSON.stringify(error)).not.toContain("ada@example.com");
});

test("values that refer to themselves, and errors that cause each other, never break a line", () => {
  const { log, entries } = capture();
  const loop: Record<string, unknown> = { name: "loop" };
  loop.self = loop;
  const first = new Error("first");
  const second = new Error("second", { cause: first });
  (first as Error & { cause?: unknown }).cause = second;
  expect(() => log.warn("odd values", { loop, error: second })).not.toThrow();
  const entry = entries()[0] ?? {};
  expect(entry.loop).toEqual({ name: "loop", self: "[Circular]" });
  expect((entry.error as { cause: { message: string } }).cause.message).toBe("first");
});

test("an AggregateError lists what it gathered", () => {
  const { log, entries } = capture();
  log.error("outbox run failed", {
    error: new AggregateError([new Error("smtp down"), new Error("slack down")], "two failed"),
  });
  const error = entries()[0]?.error as { errors: { message: string }[] };
  expect(error.errors.map((each) => each.message)).toEqual(["smtp down", "slack down"]);
});
