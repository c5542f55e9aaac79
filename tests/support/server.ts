import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { testBuildDir } from "./build.ts";
import { migratedDataDirectory } from "./database-template.ts";

const root = path.resolve(import.meta.dirname, "../..");

// A port for a server a test is about to start. Not one the system picks (listen on 0):
// those come from the range it also hands to every other listen(0) and every outgoing
// connection, so the port could be taken again, by another test file's server or a
// loopback receiver, before ours has started, and its health check would then pass on the
// wrong server. These come from a block of 1,000 below that range (32768 up) for each
// parallel worker (Vitest's pool id, Playwright's parallel index), from a random start,
// each checked free before it is handed out, and not handed out again by this process
// until the other 999 have been. Lanes that run side by side (scripts/test.js) start their
// workers' blocks apart with TEST_PORT_BLOCKS_FROM.
const blockStart =
  20_000 +
  ((Number(process.env.TEST_PORT_BLOCKS_FROM ?? 0) +
    Number(process.env.VITEST_POOL_ID ?? process.env.TEST_PARALLEL_INDEX ?? 0)) %
    12) *
    1_000;
let nextOffset = Math.floor(Math.random() * 1_000);

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "0.0.0.0", () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 1_000; tries++) {
    const port = blockStart + (nextOffset++ % 1_000);
    if (await isFree(port)) return port;
  }
  throw new Error(`No free port between ${blockStart} and ${blockStart + 999}`);
}

export type SpawnedServer = {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /**
   * The output once every request answered so far has been logged: a request sent now, and
   * its log line waited for (lines are written in order). Needs LOG_LEVEL info or debug.
   */
  loggedOutput(): Promise<string>;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * Starts the built production server (`node server.js`) as an operator would, on a free
 * port with its own data directory (a migrated embedded database) unless `env` says
 * otherwise, and waits for /healthz.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<SpawnedServer> {
  const port = Number(env.PORT ?? (await freePort()));
  const dataDir = env.DATA_DIR ?? (await migratedDataDirectory("test"));
  let log = "";
  // As an operator starts it: not with the test runner's NODE_ENV=test.
  const { NODE_ENV: _testRunner, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(root, "server.js")], {
    cwd: root,
    env: {
      ...inherited,
      LOG_LEVEL: "warn",
      BUILD_DIR: testBuildDir,
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    log += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  // Generous: a loaded CI machine compiles the embedded database slowly.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${log}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server did not become healthy:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => log,
    async loggedOutput() {
      const id = (await fetch(`${url}/healthz`)).headers.get("x-request-id");
      if (!id) throw new Error("The server sent no X-Request-Id");
      const until = Date.now() + 10_000;
      while (!log.includes(id)) {
        if (Date.now() > until) {
          throw new Error(`The request ${id} was not logged within 10 s (is LOG_LEVEL info?)`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return log;
    },
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}
