import http from "node:http";

/** One request of the load: a GET of `path`, or a request with a method, headers and body. */
export type LoadRequest =
  | string
  | { path: string; method: string; headers?: Record<string, string>; body?: string };

/**
 * Keeps `connections` requests in flight against `origin` until `stop()`, over keep-alive
 * connections, as browsers and proxies send them: a response with `Connection: close` ends
 * its connection, and the next request opens another (autocannon writes the next request on
 * the same socket whatever the answer said, so it meets a reset no real client would).
 * `request(n)` says what the n-th request of a loop is. A refused connection ends that loop:
 * the listener has closed. `counts` says what came back: answers under 300, others, and the
 * requests that got no answer (their error codes).
 */
export function keepAliveLoad(
  origin: string,
  request: (n: number) => LoadRequest,
  connections: number,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const counts = { ok: 0, other: 0, dropped: [] as string[] };
  const one = (asked: LoadRequest) =>
    new Promise<void>((resolve) => {
      const {
        path,
        method = "GET",
        headers = {},
        body,
      } = typeof asked === "string" ? { path: asked } : asked;
      const sent = http.request(
        `${origin}${path}`,
        { agent, method, headers, timeout: 10_000 },
        (response) => {
          response.resume();
          response.on("end", () => {
            if (response.statusCode && response.statusCode < 300) counts.ok += 1;
            else counts.other += 1;
            resolve();
          });
        },
      );
      sent.on("timeout", () => sent.destroy(new Error("timeout")));
      sent.on("error", (error: NodeJS.ErrnoException) => {
        counts.dropped.push(error.code ?? error.message);
        resolve();
      });
      sent.end(body);
    });
  let stop = false;
  const loops = Array.from({ length: connections }, async (_, i) => {
    for (let n = i; !stop; n += connections) {
      const before = counts.dropped.length;
      await one(request(n));
      const last = counts.dropped.at(-1);
      // Refused: never accepted, the listener had closed, as it should.
      if (counts.dropped.length > before && last === "ECONNREFUSED") {
        counts.dropped.pop();
        return;
      }
    }
  });
  return {
    counts,
    done: Promise.all(loops).then(() => agent.destroy()),
    stop: () => {
      stop = true;
    },
  };
}
