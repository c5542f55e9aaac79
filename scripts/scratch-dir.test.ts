import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";

// The test commands' temporary folder is gone when they end, normally or stopped.
const parent = mkdtempSync(path.join(tmpdir(), "northstory-scratch-test-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

const script = (then: string) =>
  [
    `import { writeFileSync, mkdirSync } from "node:fs";`,
    `import { scratchDir } from ${JSON.stringify(path.resolve(import.meta.dirname, "scratch-dir.js"))};`,
    `const dir = scratchDir("run");`,
    `mkdirSync(dir + "/pglite"); writeFileSync(dir + "/pglite/data", "x");`,
    `console.log(dir);`,
    then,
  ].join("\n");

test("a run that ends leaves no temporary folder behind", () => {
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script("")], {
    env: { ...process.env, TMPDIR: parent },
    encoding: "utf8",
  });
  const dir = result.stdout.trim();
  expect(dir.startsWith(parent)).toBe(true);
  expect(existsSync(dir)).toBe(false);
});

test("a run stopped with SIGTERM also removes it, and says it was stopped", async () => {
  const child = spawn(
    process.execPath,
    ["--input-type=module", "-e", script("setInterval(() => {}, 1000);")],
    { env: { ...process.env, TMPDIR: parent } },
  );
  const dir = await new Promise<string>((resolve) =>
    child.stdout.once("data", (chunk) => resolve(String(chunk).trim())),
  );
  expect(existsSync(path.join(dir, "pglite", "data"))).toBe(true);
  child.kill("SIGTERM");
  const code = await new Promise((resolve) => child.once("exit", resolve));
  expect(code).toBe(143);
  expect(existsSync(dir)).toBe(false);
});
