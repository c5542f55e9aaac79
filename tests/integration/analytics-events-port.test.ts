import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { openDatabase, queryRows } from "../../app/.server/db/client.ts";
import { onServer, runAdminCli, signInLinkIn, signInWithLink } from "../support/back-office.ts";
import { testBuildDir, testBuildRoot } from "../support/build.ts";
import { migratedDataDirectory } from "../support/database-template.ts";
import { keepAliveLoad } from "../support/keep-alive-load.ts";
import { threadStats } from "../support/proc-stat.ts";
import { freePort, startBuiltServer } from "../support/server.ts";
import { waitFor } from "../support/wait-for.ts";

// EVENTS_PORT: the browsers' events answered on a port and thread of their own, as a proxy
// sends them (docs/analytics.md); the pages' port still answers everything else.

const root = path.resolve(import.meta.dirname, "../..");
const metricsToken = "events-port-metrics-token-0123456789";

const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0";

test("events sent to EVENTS_PORT are checked and counted like on the pages' port, and each one answered 204 is stored once, the last ones too when the copy stops, with no beacon cut", async () => {
  const [port, eventsPort] = [await freePort(), await freePort()];
  const dataDir = await migratedDataDirectory("events-port");
  const invited = await runAdminCli(["invite", "ed@example.com", "--role", "editor"], {
    DATA_DIR: dataDir,
  });
  expect(invited.status, invited.stderr).toBe(0);
  // Pages come from the site's address; the events port is reached only through a proxy.
  const server = await startBuiltServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    EVENTS_PORT: String(eventsPort),
    TRUST_PROXY: "1",
    METRICS_TOKEN: metricsToken,
  });
  const events = `http://127.0.0.1:${eventsPort}`;
  let lateAnswered = 0;
  const send = (body: string, headers: Record<string, string> = {}, address = "10.0.0.1") =>
    fetch(`${events}/events`, {
      method: "POST",
      body,
      headers: {
        "User-Agent": firefox,
        "Content-Type": "text/plain",
        Origin: server.url,
        "X-Forwarded-For": address,
        ...headers,
      },
    });
  try {
    // The events thread gives way to the pages on a busy machine: it alone runs at a lower
    // priority; the main thread, which answers the pages, keeps the copy's.
    const pid = server.process.pid ?? 0;
    const threads = threadStats(pid);
    expect(threads.get(pid)?.nice).toBe(0);
    expect([...threads.values()].filter(({ nice }) => nice === 10)).toHaveLength(1);
    const view = JSON.stringify({ kind: "view", path: "/pricing" });
    const taken = await send(view);
    expect(taken.status).toBe(204);
    expect(taken.headers.get("x-content-type-options")).toBe("nosniff");
    expect(taken.headers.get("content-security-policy")).toContain("default-src");
    expect((await send(view, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await send("{not json")).status).toBe(400);
    expect((await send(JSON.stringify({ kind: "view", path: "/admin" }))).status).toBe(400);
    expect(
      (await send(JSON.stringify({ kind: "view", path: `/${"a".repeat(2000)}` }))).status,
    ).toBe(413);
    // The events port answers nothing else; the pages' port answers events too.
    const page = await fetch(`${events}/pricing`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("analytics events only");
    const onPagesPort = await fetch(`${server.url}/events`, {
      method: "POST",
      body: JSON.stringify({ kind: "cta", path: "/pricing", cta: "pricing-full-service" }),
      headers: { "User-Agent": firefox, "Content-Type": "text/plain", Origin: server.url },
    });
    expect(onPagesPort.status).toBe(204);
    // A burst from many visitors: each answered 204.
    const burst = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        send(JSON.stringify({ kind: "view", path: `/blog/post-${i % 7}` }), {}, `10.1.0.${i}`),
      ),
    );
    expect(burst.map((answer) => answer.status).filter((status) => status !== 204)).toEqual([]);
    // Answered, but not counted: a crawler, and an editor signed in.
    const editor = await signInWithLink(
      server.url,
      onServer(signInLinkIn(invited.stdout), server.url),
    );
    const crawler = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    expect((await send(view, { "User-Agent": crawler }, "10.3.0.1")).status).toBe(204);
    expect((await send(view, { Cookie: editor }, "10.3.0.2")).status).toBe(204);
    // One visitor reading a page (counted by the pages' port) then sending an event here:
    // one visitor in both, whichever thread hashed it.
    const read = await fetch(`${server.url}/about`, {
      headers: { "User-Agent": firefox, "X-Forwarded-For": "10.3.0.3" },
    });
    expect(read.status).toBe(200);
    await read.text();
    expect(
      (await send(JSON.stringify({ kind: "view", path: "/contact" }), {}, "10.3.0.3")).status,
    ).toBe(204);
    // The copy's /metrics counts what the events port answered (handed over every 20 ms),
    // with the one event the pages' port took.
    const counted = (status: number) =>
      new RegExp(
        `http_requests_total\\{method="POST",route="/events",status="${status}"\\} (\\d+)`,
      );
    let metrics = "";
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; ) {
      metrics = await (
        await fetch(`${server.url}/metrics`, {
          headers: { authorization: `Bearer ${metricsToken}` },
        })
      ).text();
      if (metrics.match(counted(204))?.[1] === "205") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(metrics.match(counted(204))?.[1]).toBe("205");
    expect(metrics.match(counted(403))?.[1]).toBe("1");
    expect(metrics.match(counted(400))?.[1]).toBe("2");
    expect(metrics.match(counted(413))?.[1]).toBe("1");
    // And timed, in the copy's request-duration histogram.
    expect(metrics).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/events",status="204"\} 205\n/,
    );
    expect(metrics).toMatch(
      /http_request_duration_seconds_bucket\{le="5",method="POST",route="\/events",status="400"\} 2\n/,
    );
    // Beacons still coming when SIGTERM comes, over keep-alive connections as a proxy keeps
    // them: none is cut (a connection between two beacons is told to close, not reset), and
    // each one answered 204 is stored: the copy hands over and writes what waits first.
    const beacons = keepAliveLoad(
      events,
      (n) => ({
        path: "/events",
        method: "POST",
        headers: {
          "User-Agent": firefox,
          "Content-Type": "text/plain",
          Origin: server.url,
          "X-Forwarded-For": `10.2.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({ kind: "view", path: "/pricing" }),
      }),
      10,
    );
    await waitFor(() => beacons.counts.ok >= 100, {
      what: "beacons to flow",
      seen: () => beacons.counts,
    });
    expect(await server.stop()).toBe(0);
    beacons.stop();
    await beacons.done;
    expect(beacons.counts.dropped).toEqual([]);
    expect(beacons.counts.other).toBe(0);
    lateAnswered = beacons.counts.ok;
  } finally {
    if (server.process.exitCode === null) await server.stop();
  }
  const database = openDatabase({ dataDir: server.dataDir });
  try {
    const rows = await queryRows<{ kind: string; count: number }>(
      database.db,
      sql`select kind, count(*)::int as count from analytics_events group by kind order by kind`,
    );
    expect(lateAnswered).toBeGreaterThan(0);
    expect(rows).toEqual([
      { kind: "cta", count: 1 },
      { kind: "view", count: 203 + lateAnswered },
    ]);
    const [reader] = await queryRows<{ rows: number; visitors: number }>(
      database.db,
      sql`select count(*)::int as rows, count(distinct visitor)::int as visitors
        from analytics_events where path in ('/about', '/contact')`,
    );
    expect(reader).toEqual({ rows: 2, visitors: 1 });
  } finally {
    await database.close();
  }
});

test.each([
  ["the pages' own port", (port: number) => ({ PORT: String(port), EVENTS_PORT: String(port) })],
  ["not a port", () => ({ EVENTS_PORT: "eighty" })],
])("EVENTS_PORT set to %s stops the start, naming EVENTS_PORT", async (_, env) => {
  const result = spawnSync(process.execPath, [path.join(root, "server.js")], {
    cwd: root,
    env: { ...process.env, ...env(await freePort()), BUILD_DIR: testBuildDir },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("EVENTS_PORT:");
  expect(result.stderr).not.toMatch(/\n\s+at /);
});

test("an EVENTS_PORT another program holds stops the start, naming it", async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, "0.0.0.0", resolve));
  const taken = (holder.address() as { port: number }).port;
  try {
    await expect(startBuiltServer({ EVENTS_PORT: String(taken) })).rejects.toThrow(
      /EVENTS_PORT: the events port \d+ could not be opened/,
    );
  } finally {
    holder.close();
  }
});

test("the events thread loads neither React Router, the database nor the image library", () => {
  // Every package the built thread reaches through its own chunks: a thread per copy that
  // loaded the pages' modules would cost that memory again for nothing.
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    for (const [, from] of code.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
      if (!from) continue;
      if (from.startsWith(".")) visit(path.resolve(path.dirname(file), from));
      else packages.add(from);
    }
  };
  visit(path.join(testBuildRoot, "current/server/events-worker.js"));
  expect(seen.size).toBeGreaterThan(1);
  expect(packages).toContain("express");
  for (const heavy of ["react-router", "react", "sharp", "pg", "@electric-sql/pglite"]) {
    expect(packages).not.toContain(heavy);
  }
});
