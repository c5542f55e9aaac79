import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { temporaryDirectory } from "./temporary-directory.ts";

const root = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.once("error", reject);
  });
}

export type SpawnedServer = {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/**
 * Starts the built production server (`node server.js`) as an operator would, on a free
 * port with its own data directory unless `env` says otherwise, and waits for /healthz.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<SpawnedServer> {
  const port = Number(env.PORT ?? (await freePort()));
  const dataDir = env.DATA_DIR ?? temporaryDirectory("test");
  let log = "";
  // As an operator starts it: not with the test runner's NODE_ENV=test.
  const { NODE_ENV: _testRunner, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(root, "server.js")], {
    cwd: root,
    env: {
      ...inherited,
      LOG_LEVEL: "warn",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
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
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}
