// The event sender of `npm run bench:events` (bench-events.ts starts it as a process of its
// own, at the lowest CPU priority: beacons come from visitors' machines, not the copy's).
//
// It loads, opens its connections, says "ready" on a line of its own, and waits for a line on
// its standard input; only then does it send events to BENCH_EVENTS_TO for BENCH_SECONDS
// seconds, spread evenly over each second as many browsers' beacons arrive, or flat out
// with EVENTS_RATE=0. So neither its start (loading a program takes a core for a second)
// nor its connections fall inside the seconds the pages are timed. At the end it prints
// what came back, and the CPU it used, as one line of JSON.
//
// At a steady rate the events are written on plain keep-alive sockets, one request at a time
// on each (as a browser sends a beacon), and read back by status line and length: Node's
// HTTP client would take a third of a core for 2,000 a second, on the copy's own cores.
import net from "node:net";
import { createInterface } from "node:readline";

export type SenderResult = {
  accepted: number;
  failed: number;
  /** How many events have been made, this run's and the earlier runs' (BENCH_EVENTS_FROM). */
  sent: number;
  cpuSeconds: number;
};

const origin = process.env.BENCH_EVENTS_TO ?? "";
const site = process.env.BENCH_SITE ?? origin;
const rate = Number(process.env.EVENTS_RATE ?? 2000);
const seconds = Number(process.env.BENCH_SECONDS || 10);
const userAgent =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
let sent = Number(process.env.BENCH_EVENTS_FROM || 0);

/** The next event, from an address of its own (X-Forwarded-For through one trusted proxy). */
function eventFrom() {
  sent++;
  return {
    headers: {
      "Content-Type": "text/plain",
      Origin: site,
      "User-Agent": userAgent,
      "X-Forwarded-For": `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
    },
    body: JSON.stringify({ kind: "view", path: `/blog/post-${sent % 50}` }),
  };
}

function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

const go = () =>
  new Promise<void>((resolve) => {
    createInterface({ input: process.stdin }).once("line", () => resolve());
  });

function done(result: Omit<SenderResult, "cpuSeconds" | "sent">, cpuAtStart: number): never {
  const report: SenderResult = { ...result, sent, cpuSeconds: cpuSeconds() - cpuAtStart };
  console.log(JSON.stringify(report));
  process.exit(0);
}

if (rate === 0) {
  const { default: autocannon } = await import("autocannon");
  console.log("ready");
  await go();
  const cpuAtStart = cpuSeconds();
  const result = await autocannon({
    url: `${origin}/events`,
    connections: 20,
    duration: seconds,
    requests: [{ method: "POST", setupRequest: (request) => ({ ...request, ...eventFrom() }) }],
  });
  done({ accepted: result["2xx"], failed: result.non2xx + result.errors }, cpuAtStart);
}

type Connection = { socket: net.Socket; busy: boolean; buffer: string };
const target = new URL(origin);
const connections: Connection[] = [];
const idle: Connection[] = [];
let waiting = 0;
let accepted = 0;
let failed = 0;
let answered = 0;

function write(connection: Connection): void {
  const { headers, body } = eventFrom();
  connection.busy = true;
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  connection.socket.write(
    `POST /events HTTP/1.1\r\nHost: ${target.host}\r\n${lines.join("")}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** An answer has come on `connection`: the next waiting event goes on it. */
function next(connection: Connection): void {
  connection.busy = false;
  if (waiting > 0) {
    waiting--;
    write(connection);
  } else idle.push(connection);
}

function read(connection: Connection, chunk: string): void {
  connection.buffer += chunk;
  for (;;) {
    const end = connection.buffer.indexOf("\r\n\r\n");
    if (end === -1) return;
    const head = connection.buffer.slice(0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (connection.buffer.length < end + 4 + length) return;
    connection.buffer = connection.buffer.slice(end + 4 + length);
    answered++;
    if (head.startsWith("HTTP/1.1 204")) accepted++;
    else failed++;
    next(connection);
  }
}

await Promise.all(
  Array.from(
    { length: 64 },
    () =>
      new Promise<void>((resolve, reject) => {
        const connection: Connection = {
          socket: net.connect(Number(target.port), target.hostname, resolve),
          busy: false,
          buffer: "",
        };
        connection.socket.setNoDelay(true);
        connection.socket.setEncoding("latin1");
        connection.socket.on("data", (chunk: string) => read(connection, chunk));
        connection.socket.once("error", reject);
        connection.socket.on("close", () => {
          const at = idle.indexOf(connection);
          if (at !== -1) idle.splice(at, 1);
          // An event on its way when its connection closed is not answered.
          if (connection.busy) {
            answered++;
            failed++;
          }
        });
        connections.push(connection);
        idle.push(connection);
      }),
  ),
);
console.log("ready");
await go();
const cpuAtStart = cpuSeconds();
const start = performance.now();
const total = rate * seconds;
let made = 0;
while (made < total) {
  const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000));
  for (; made < due; made++) {
    // The longest idle first: every connection stays in use, none reaches the copy's 5 s
    // keep-alive limit and is closed as an event goes out on it.
    const connection = idle.shift();
    if (connection) write(connection);
    else waiting++;
  }
  await new Promise((resolve) => setTimeout(resolve, 1));
}
for (const deadline = Date.now() + 30_000; answered < total && Date.now() < deadline; ) {
  await new Promise((resolve) => setTimeout(resolve, 5));
}
for (const { socket } of connections) socket.destroy();
done({ accepted, failed: failed + (total - answered) }, cpuAtStart);
