import { renameSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import path from "node:path";

export type ReceivedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON. */
  json: unknown;
};

/** How the receiver answers: 200, an error status, or never (the connection stays open). */
export type ReceiverMode =
  | { answer: "ok" }
  | { answer: "status"; status: number }
  | { answer: "hang" };

export type TestReceiver = {
  url: string;
  port: number;
  /** Requests answered 2xx, in arrival order. */
  accepted: ReceivedRequest[];
  /** Every request that arrived, whatever the answer. */
  arrived: ReceivedRequest[];
  setMode(mode: ReceiverMode): void;
  /** Resolves once `count` requests were accepted (rejects after the timeout). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  /** Stops listening and drops open connections (a receiver that went down). */
  close(): Promise<void>;
};

/**
 * A webhook endpoint on loopback (standing in for a CRM, Slack or HubSpot) that keeps what
 * it receives. With `folder`, each accepted request is also written there (000001.json, …
 * in arrival order; a ReceivedRequest without `json`) for other processes to read.
 */
export async function startReceiver(
  options: { mode?: ReceiverMode; folder?: string } = {},
): Promise<TestReceiver> {
  let written = 0;
  const accepted: ReceivedRequest[] = [];
  const arrived: ReceivedRequest[] = [];
  let mode: ReceiverMode = options.mode ?? { answer: "ok" };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        // not JSON
      }
      const request = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body,
        json,
      };
      arrived.push(request);
      if (mode.answer === "hang") return;
      if (mode.answer === "status") {
        res.writeHead(mode.status, { "content-type": "text/plain" }).end("receiver says no");
        return;
      }
      accepted.push(request);
      if (options.folder) {
        const name = `${String(++written).padStart(6, "0")}.json`;
        // Written under another name first: a reader never sees half a request.
        const partial = path.join(options.folder, `.${name}.partial`);
        const { json: _parsed, ...stored } = request;
        writeFileSync(partial, JSON.stringify(stored));
        renameSync(partial, path.join(options.folder, name));
      }
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  // Port 0: the system picks a free port and the server holds it from then on.
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    accepted,
    arrived,
    setMode(next) {
      mode = next;
    },
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (accepted.length < count) {
        if (Date.now() > deadline)
          throw new Error(`Expected ${count} accepted requests, got ${accepted.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return accepted;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
