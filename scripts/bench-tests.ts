// `npm run bench:tests`: where the test suite's time goes. Runs `node scripts/test.js` with
// the lanes and arguments given (all four by default), and meanwhile reads Linux's /proc
// every quarter of a second; at the end it says how long the run took, how much of the
// machine's CPU it kept busy, and the CPU seconds each kind of process used (the built
// servers, the Vitest workers, Chromium's renderers, browser and GPU processes, Playwright,
// Postgres, nginx, Java, the build, the CLIs), with how many there were.
//
// The suite's lanes are bound by CPU on a small machine: a kind that takes much is where
// a shorter run has to come from (fewer server starts, lighter browser journeys), and a low
// share of the machine says the lanes wait on timers and could run side by side.
//
//   npm run bench:tests                        # every lane, as `npm test` runs them
//   npm run bench:tests -- integration         # one lane
//   npm run bench:tests -- e2e -- tests/e2e/contact.spec.ts
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readProcStat } from "../tests/support/proc-stat.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const POLL_MS = 250;

/** What kind of process a command line is, in the terms of the test suite. */
export function kindOf(command: string): string {
  const chromium = /chrom|\/proc\/self\/exe/.test(command);
  if (chromium) {
    const type = /--type=([a-z-]+)/.exec(command)?.[1];
    if (!type) return "Chromium: browser";
    const utility = /--utility-sub-type=([\w.]+)/.exec(command)?.[1];
    return `Chromium: ${type}${utility ? ` (${utility.replace(/\.mojom\./, " ")})` : ""}`;
  }
  if (/(^|\/)server\.js\b/.test(command)) return "built server (server.js)";
  if (/vitest/.test(command)) return "Vitest";
  if (/playwright/.test(command)) return "Playwright";
  if (/(^|\/)postgres\b/.test(command)) return "Postgres";
  if (/nginx/.test(command)) return "nginx";
  if (/java|vnu/.test(command)) return "Java (Nu Html Checker)";
  if (/scripts\/build\.ts|vite|rolldown/.test(command)) return "build";
  if (/scripts\/(test|bench-tests)\.(js|ts)/.test(command)) return "the runner";
  if (/scripts\/[\w-]+\.ts/.test(command)) return "CLIs (scripts/*.ts)";
  if (/tests\/support\/[\w-]+\.ts/.test(command)) return "test helpers (tests/support/*.ts)";
  return "other";
}

type Seen = { kind: string; from: number; to: number };

function commandOf(pid: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
  } catch {
    return undefined;
  }
}

const seen = new Map<string, Seen>();
const ownPid = String(process.pid);
/** Reads every process's CPU time; `counting` from the first sight of one that began after us. */
function poll(counting: boolean) {
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid) || pid === ownPid) continue;
    const stat = readProcStat(`/proc/${pid}/stat`);
    if (!stat) continue;
    const known = seen.get(pid);
    if (known) {
      known.to = stat.seconds;
      continue;
    }
    const command = commandOf(pid);
    if (command === undefined || command === "") continue; // kernel threads, or just ended
    // A process already running when we began counts from now; one that began since, whole.
    seen.set(pid, { kind: kindOf(command), from: counting ? 0 : stat.seconds, to: stat.seconds });
  }
}

/** The machine's busy and total CPU time so far, in clock ticks, from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "")
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle and iowait
  return { busy: total - idle, total };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  poll(false);
  const machineBefore = machineTicks();
  const started = performance.now();
  const timer = setInterval(() => poll(true), POLL_MS);
  const child = spawn(
    process.execPath,
    [path.join(root, "scripts/test.js"), ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  const code: number = await new Promise((resolve) => child.on("close", (c) => resolve(c ?? 1)));
  clearInterval(timer);
  poll(true);
  const seconds = (performance.now() - started) / 1000;
  const machineAfter = machineTicks();
  const busy =
    (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total);

  const byKind = new Map<string, { seconds: number; count: number }>();
  for (const { kind, from, to } of seen.values()) {
    const used = to - from;
    if (used <= 0) continue;
    const row = byKind.get(kind) ?? { seconds: 0, count: 0 };
    row.seconds += used;
    row.count += 1;
    byKind.set(kind, row);
  }
  const total = [...byKind.values()].reduce((sum, row) => sum + row.seconds, 0);
  const cores = availableParallelism();
  console.log(
    `\nbench:tests: ${seconds.toFixed(0)} s; the machine's ${cores} cores ${(busy * 100).toFixed(0)}% busy; ` +
      `${total.toFixed(0)} CPU seconds in processes seen (polled every ${POLL_MS} ms: one shorter than that may be missed)`,
  );
  for (const [kind, row] of [...byKind].toSorted((a, b) => b[1].seconds - a[1].seconds)) {
    if (row.seconds < 0.5) continue;
    console.log(
      `  ${row.seconds.toFixed(1).padStart(7)} s  ${String(row.count).padStart(4)}×  ${kind}` +
        `  (${((row.seconds / total) * 100).toFixed(0)}%)`,
    );
  }
  process.exit(code);
}
