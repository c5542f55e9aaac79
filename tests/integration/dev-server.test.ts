import { spawn } from "node:child_process";
import net from "node:net";
import { networkInterfaces } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { freePort } from "../support/server.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** Whether something accepts TCP connections on host:port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

test("npm run dev serves the site with hot reload, on this machine only", async () => {
  const port = await freePort();
  const { NODE_ENV: _testRunner, HOST: _host, ...inherited } = process.env;
  // As `npm run dev` starts it (package.json).
  const child = spawn(
    process.execPath,
    ["--conditions=development", path.join(root, "server.js"), "--dev"],
    {
      cwd: root,
      env: {
        ...inherited,
        PORT: String(port),
        DATA_DIR: temporaryDirectory("dev"),
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  try {
    const deadline = Date.now() + 60_000;
    let home: Response | undefined;
    while (!home) {
      if (child.exitCode !== null) throw new Error(`The dev server exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`The dev server did not answer:\n${output}`);
      home = await fetch(`http://localhost:${port}/`).catch(() => undefined);
      if (!home) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("Make Marketing That People Want");
    // React Router's hot-reload runtime is part of the page.
    expect(html).toContain("inject-hmr-runtime");
    expect(output).toContain('"nodeEnv":"development"');
    expect(output).toContain('"host":"localhost"');

    // Not reachable from the network: every non-loopback address of this machine refuses.
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((address) => address && !address.internal && address.family === "IPv4")
      .map((address) => address?.address ?? "");
    for (const address of external) expect(await accepts(address, port), address).toBe(false);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}, 90_000);
