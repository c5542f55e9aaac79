import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { postJson } from "#app/.server/leads/channels/http.ts";

const servers: ReturnType<typeof createServer>[] = [];

async function serve(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("posting to a receiver", () => {
  test("a redirect is a failure and is not followed", async () => {
    let followed = false;
    const elsewhere = await serve((_req, res) => {
      followed = true;
      res.end("ok");
    });
    const url = await serve((_req, res) => {
      res.writeHead(307, { location: `${elsewhere}/steal` }).end();
    });
    await expect(postJson(url, "{}")).rejects.toThrow("HTTP 307: redirect not followed");
    expect(followed).toBe(false);
  });

  test("an error answer fails with its status and the start of its body", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(503).end(`busy ${"x".repeat(1_000)}`);
    });
    const failure = await postJson(url, "{}").catch((error: Error) => error.message);
    expect(failure).toMatch(/^HTTP 503: busy x+$/);
    expect(String(failure).length).toBeLessThanOrEqual(220);
  });

  test("an endless answer is read only up to the cap", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200);
      const chunk = "y".repeat(16 * 1024);
      const timer = setInterval(() => res.write(chunk), 1);
      res.on("close", () => clearInterval(timer));
    });
    const answer = await postJson(url, "{}", {}, { timeoutMs: 5_000, maxResponseBytes: 64 * 1024 });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(64 * 1024);
  });

  test("a receiver that never answers fails after the time limit", async () => {
    const url = await serve(() => {
      // never answers
    });
    await expect(
      postJson(url, "{}", {}, { timeoutMs: 200, maxResponseBytes: 1024 }),
    ).rejects.toThrow("no answer within 200 ms");
  });

  test("a refused connection says so", async () => {
    const url = await serve(() => {});
    const [server] = servers.splice(0);
    await new Promise((resolve) => server?.close(resolve));
    await expect(postJson(url, "{}")).rejects.toThrow("ECONNREFUSED");
  });
});
