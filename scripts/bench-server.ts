// `npm run bench:server`: requests per second and latency of the production server on
// loopback, next to a bare node:http server sending the same bytes from memory (the floor).
// Targets: a page rendered at start, an article and a database post (kept 10 s), the
// contact POST, and what an attacker can ask for at will (query strings pass any CDN): a new
// unknown page, article and link-preview image on every request, and the preview image of a
// page rendered per visit. `-- --only TEXT` runs the targets whose name contains TEXT.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { issueFormToken } from "../app/.server/contact/form-token.ts";
import { log, startBenchSite } from "./bench-support.ts";

const { values: flags } = parseArgs({
  options: { only: { type: "string", multiple: true }, "no-build": { type: "boolean" } },
});
const duration = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const port = Number(process.env.BENCH_PORT || 4390);
const floorPort = port + 1;
const buildDir = process.env.BUILD_DIR || "build-bench";
// The benchmark signs its own contact form tokens, one per message, with the server's key.
const formSecret = randomBytes(32).toString("base64url");

const paragraph =
  "<p>Founder-led content works when it is specific. Name the customer, the problem and the number that changed, then say what you would do differently next time.</p>";
const site = await startBenchSite({
  port,
  buildDir,
  build: !flags["no-build"],
  env: {
    CONTACT_RATE_LIMIT: "100000000",
    CONTACT_MIN_FILL_MS: "0",
    MAIL_POLL_MS: "1000",
    LOG_LEVEL: "info",
    FORM_SECRET: formSecret,
  },
  post: {
    slug: "bench-database-post",
    title: "Benchmarking a database post",
    excerpt: "A database post used by the server benchmark.",
    content: `<h2>Why this post exists</h2>${paragraph.repeat(30)}`,
  },
});
const origin = site.origin;

type Target = {
  name: string;
  /** "{n}" becomes a number that changes on every request: nothing cached can answer it. */
  path: string;
  method: "GET" | "POST";
  body?: string;
  status?: number;
  goal: number;
};
const contactBody = () =>
  new URLSearchParams({
    name: "Bench Mark",
    email: "bench@example.com",
    message: "Load test message. We would like to talk about founder-led content for our team.",
    token: issueFormToken(Buffer.from(formSecret, "utf8")),
  }).toString();
const allTargets: Target[] = [
  { name: "static page (/pricing)", path: "/pricing", method: "GET", goal: 0.5 },
  {
    name: "article (kept 10 s)",
    path: "/blog/writing-hooks-for-executives",
    method: "GET",
    goal: 0.25,
  },
  { name: "database post page", path: "/blog/bench-database-post", method: "GET", goal: 0.25 },
  {
    name: "contact POST (/contact)",
    path: "/contact",
    method: "POST",
    body: contactBody(),
    goal: 0,
  },
  { name: "unknown page (/nope-{n})", path: "/nope-{n}", method: "GET", status: 404, goal: 0 },
  {
    name: "unknown article (/blog/nope-{n})",
    path: "/blog/nope-{n}",
    method: "GET",
    status: 404,
    goal: 0,
  },
  {
    name: "unknown preview image",
    path: "/social/pages/nope-{n}.png",
    method: "GET",
    status: 404,
    goal: 0,
  },
  {
    name: "preview image of /contact",
    path: "/social/pages/contact.png",
    method: "GET",
    goal: 0,
  },
];
const targets = allTargets.filter(
  (target) => !flags.only?.length || flags.only.some((text) => target.name.includes(text)),
);

async function sample(target: Target) {
  const path = target.path.replace("{n}", "sample");
  const response = await fetch(`${origin}${path}`, {
    method: target.method,
    body: target.body,
    headers: target.body ? { "content-type": "application/x-www-form-urlencoded" } : {},
  });
  if (response.status !== (target.status ?? 200)) {
    throw new Error(`${path} answered ${response.status}`);
  }
  return {
    body: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get("content-type") ?? "text/html",
  };
}

function run(url: string, target: Target, unique: boolean) {
  let n = 0;
  return autocannon({
    url,
    method: target.method,
    duration,
    connections,
    headers: target.body ? { "content-type": "application/x-www-form-urlencoded" } : {},
    requests: [
      {
        method: target.method,
        path: target.path,
        setupRequest: (request) => ({
          ...request,
          path: target.path.replace("{n}", String(n++)),
          ...(target.body ? { body: unique ? contactBody() : target.body } : {}),
        }),
      },
    ],
  });
}

const rows: string[][] = [];
for (const target of targets) {
  const { body, type } = await sample(target);
  log(`${target.name}: ${body.length} bytes; production server`);
  const measured = await run(origin, target, true);
  log(`${target.name}: floor`);
  const floor = http.createServer((_req, res) => {
    _req.resume();
    _req.on("end", () => {
      res.writeHead(target.status ?? 200, { "content-type": type, "content-length": body.length });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => floor.listen(floorPort, "127.0.0.1", resolve));
  const base = await run(`http://127.0.0.1:${floorPort}`, target, false);
  await new Promise<void>((resolve) => floor.close(() => resolve()));
  const ratio = measured.requests.average / base.requests.average;
  const expected = target.status ?? 200;
  const answered = measured.statusCodeStats as Record<string, { count: number }> | undefined;
  const errors =
    measured.errors +
    Object.entries(answered ?? {})
      .filter(([code]) => Number(code) !== expected)
      .reduce((sum, [, { count }]) => sum + count, 0);
  rows.push([
    target.name,
    measured.requests.average.toFixed(0),
    `${measured.latency.p50} ms`,
    `${measured.latency.p99} ms`,
    base.requests.average.toFixed(0),
    `${ratio.toFixed(2)}x`,
    target.goal ? `${ratio >= target.goal ? "meets" : "MISSES"} ≥ ${target.goal}x` : "-",
    String(errors),
  ]);
}
await site.stop();

const header = ["target", "req/s", "p50", "p99", "floor req/s", "vs floor", "goal", "errors"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
console.log(
  `\n${duration}s per run, ${connections} connections, loopback, ${process.platform} ${process.arch}, Node ${process.version}`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
