import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { removeTemporaryDirectories, temporaryDirectory } from "./temporary-directory.ts";

// A full test run used to leave about 1.5 GB of embedded databases in /tmp.

test("a temporary directory is new and empty, and goes with everything in it", () => {
  const first = temporaryDirectory("helper");
  const second = temporaryDirectory("helper");
  expect(first).not.toBe(second);
  expect(path.dirname(first)).toBe(tmpdir());
  expect(path.basename(first)).toMatch(/^northstory-helper-/);
  expect(readdirSync(first)).toEqual([]);
  mkdirSync(path.join(first, "pglite", "base"), { recursive: true });
  writeFileSync(path.join(first, "pglite", "base", "1"), "data");

  removeTemporaryDirectories();

  expect(existsSync(first)).toBe(false);
  expect(existsSync(second)).toBe(false);
});

test("a directory whose embedded database is still open is kept until the process ends", () => {
  const open = temporaryDirectory("open");
  const closed = temporaryDirectory("closed");
  // What the database's lock looks like while it is held (refreshed every 2 s), and after
  // a process holding it was killed a minute ago.
  mkdirSync(path.join(open, "pglite.lock"));
  mkdirSync(path.join(closed, "pglite.lock"));
  const minuteAgo = new Date(Date.now() - 60_000);
  utimesSync(path.join(closed, "pglite.lock"), minuteAgo, minuteAgo);

  removeTemporaryDirectories({ keepOpenDatabases: true });
  expect(existsSync(open)).toBe(true);
  expect(existsSync(closed)).toBe(false);

  removeTemporaryDirectories();
  expect(existsSync(open)).toBe(false);
});

test("a process that ends without cleaning up still leaves nothing behind", () => {
  const helper = path.join(import.meta.dirname, "temporary-directory.ts");
  const child = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { temporaryDirectory } from ${JSON.stringify(helper)};
       import { writeFileSync } from "node:fs";
       const dir = temporaryDirectory("exit");
       writeFileSync(dir + "/file", "x");
       console.log(dir);
       process.exit(3);`,
    ],
    { encoding: "utf8" },
  );
  expect(child.status).toBe(3);
  const dir = child.stdout.trim();
  expect(path.basename(dir)).toMatch(/^northstory-exit-/);
  expect(existsSync(dir)).toBe(false);
});
