import { spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";
import { openDatabase } from "#app/.server/db/client.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const holder = path.resolve(import.meta.dirname, "../support/hold-embedded-database.ts");

function race(dataDir: string, startAt: number): Promise<string> {
  return new Promise((resolve) => {
    let out = "";
    const child = spawn(process.execPath, [holder, dataDir, String(startAt)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("exit", () => resolve(out.trim()));
  });
}

test("processes racing to open one embedded database: exactly one gets it, the others are told it is busy", async () => {
  const dataDir = temporaryDirectory("lock");
  const startAt = Date.now() + 1_500;
  const results = await Promise.all(Array.from({ length: 4 }, () => race(dataDir, startAt)));
  expect(results.filter((result) => result === "opened")).toHaveLength(1);
  expect(results.filter((result) => result === "busy")).toHaveLength(3);
  // Released on close: the directory can be opened again, with its data intact.
  const again = openDatabase({ dataDir });
  await again.migrate();
  expect((await again.migrationStatus()).applied).toBeGreaterThan(0);
  await again.close();
}, 120_000);
