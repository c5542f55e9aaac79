import { createServer } from "node:net";
import { expect, test } from "vitest";
import { freePort } from "./server.ts";

test("ports for test servers are distinct, outside the system's own range, and free", async () => {
  const ports: number[] = [];
  for (let i = 0; i < 40; i++) ports.push(await freePort());
  expect(new Set(ports).size).toBe(ports.length);
  for (const port of ports) {
    expect(port).toBeGreaterThanOrEqual(20_000);
    // Linux hands out 32768 and up to listen(0) and outgoing connections.
    expect(port).toBeLessThan(32_768);
  }
  // Each one can really be listened on, as a server started next would.
  for (const port of ports.slice(0, 5)) {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "0.0.0.0", resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  }
});
