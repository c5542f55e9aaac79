// `npm run bench:events`: how many analytics events one copy takes in (POST /events, the
// browser's beacon) while a page is being served, and what that costs the page: /pricing's
// p99 latency at a steady 200 requests a second (PAGE_RATE) alone, then under the same load
// with events arriving as fast as they are taken (or at EVENTS_RATE a second). Target: at least 2,000 events a second with the page's p99 within 10% of its p99
// alone. Then every event answered 204 is counted in the database once the copy has stopped
// (it writes in batches). `-- --report` also seeds a Postgres database (BENCH_DATABASE_URL,
// default the machine's test server) with 1 million events over 90 days and times the
// report's queries for 90 days, read from the daily sums (target: under 200 ms each, median
// of five).
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import {
  byCta,
  byDay,
  byPage,
  bySource,
  lastDays,
  rollUpDays,
  totals,
} from "../app/.server/analytics/report.ts";
import { openDatabase, queryRows } from "../app/.server/db/client.ts";
import { log, startBenchSite } from "./bench-support.ts";

const { values: flags } = parseArgs({
  options: { report: { type: "boolean" }, "no-build": { type: "boolean" } },
});
const duration = Number(process.env.BENCH_SECONDS || 10);
const port = Number(process.env.BENCH_PORT || 4420);
const userAgent =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

const site = await startBenchSite({
  port,
  buildDir: process.env.BUILD_DIR || "build-bench",
  build: !flags["no-build"],
  // Each event comes from its own address (X-Forwarded-For through one trusted proxy), so
  // the per-client limit does not stop the flood: this measures the copy, not the limiter.
  env: { TRUST_PROXY: "1", LOG_LEVEL: "warn" },
  post: { slug: "bench-post", title: "Bench", excerpt: "Bench", content: "<p>Bench</p>" },
});

// The page at a steady, busy rate (not flat out: at saturation its p99 would measure the
// queue, and any other work, not what events cost it); events as fast as they are taken,
// or at EVENTS_RATE a second.
const pageRate = Number(process.env.PAGE_RATE || 200);
const eventsRate = Number(process.env.EVENTS_RATE || 0);
const page = (connections: number) =>
  autocannon({
    url: `${site.origin}/pricing`,
    connections,
    duration,
    overallRate: pageRate,
    headers: { "User-Agent": "autocannon (a bot: not counted)" },
  });

let sent = 0;
const events = () =>
  autocannon({
    url: `${site.origin}/events`,
    connections: 20,
    duration,
    ...(eventsRate ? { overallRate: eventsRate } : {}),
    requests: [
      {
        method: "POST",
        setupRequest(request) {
          sent++;
          const address = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
          return {
            ...request,
            headers: {
              "Content-Type": "text/plain",
              Origin: site.origin,
              "User-Agent": userAgent,
              "X-Forwarded-For": address,
            },
            body: JSON.stringify({ kind: "view", path: `/blog/post-${sent % 50}` }),
          };
        },
      },
    ],
  });

log(`/pricing alone, ${duration} s`);
await page(10); // warm-up
const alone = await page(10);
log(`/pricing with events arriving, ${duration} s`);
const [loaded, flood] = await Promise.all([page(10), events()]);
const accepted = flood["2xx"];
await site.stop();

const db = openDatabase({ dataDir: site.dataDir });
const [stored] = await queryRows<{ count: number }>(
  db.db,
  sql`select count(*)::int as count from analytics_events`,
);
await db.close();

const perSecond = accepted / duration;
const ratio = loaded.latency.p99 / Math.max(1, alone.latency.p99);
console.log(
  [
    `events accepted: ${accepted} (${perSecond.toFixed(0)}/s), stored: ${stored?.count ?? 0}, refused or failed: ${flood.non2xx + flood.errors}`,
    `/pricing p99 alone: ${alone.latency.p99} ms (${alone.requests.average.toFixed(0)} req/s); with events: ${loaded.latency.p99} ms (${loaded.requests.average.toFixed(0)} req/s): ${(ratio * 100).toFixed(0)}%`,
    `target: ≥ 2000 events/s, p99 within 110%: ${perSecond >= 2000 && ratio <= 1.1 ? "met" : "NOT met"}`,
  ].join("\n"),
);

if (flags.report) {
  const url = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `bench_analytics_${randomUUID().slice(0, 8)}`;
  const admin = openDatabase({ databaseUrl: url });
  await admin.db.execute(sql.raw(`create database ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  const bench = openDatabase({ databaseUrl: target.toString() });
  try {
    await bench.migrate();
    log("seeding 1,000,000 events over 90 days and 2,000 leads");
    // In five statements: the pool stops any one statement after ten seconds.
    for (let from = 1; from <= 1_000_000; from += 200_000) {
      await bench.db.execute(sql`
      insert into analytics_events (at, kind, path, visitor, landing, source, medium, campaign, cta)
      select now() - (random() * interval '90 days'),
        case when i % 10 = 0 then 'cta' else 'view' end,
        (array['/', '/pricing', '/blog/a', '/blog/b', '/contact', '/about'])[1 + i % 6],
        md5((i % 40000)::text),
        i % 4 = 0,
        (array['linkedin', 'google.com', null, 'newsletter'])[1 + i % 4],
        (array['social', null, null, 'email'])[1 + i % 4],
        (array['launch', null, null, 'november'])[1 + i % 4],
        case when i % 10 = 0 then 'pricing-full-service' end
      from generate_series(${from}::int, ${from + 199_999}::int) as i`);
    }
    await bench.db.execute(sql`
      insert into leads (name, email, message, idempotency_key, created_at, first_touch, cta)
      select 'Lead ' || i, 'lead' || i || '@example.com', 'Hello', md5(i::text),
        now() - (random() * interval '90 days'),
        jsonb_build_object('utm_source', 'linkedin', 'utm_campaign', 'launch', 'landing', '/blog/a'),
        'pricing-full-service'
      from generate_series(1, 2000) as i`);
    await bench.db.execute(sql`analyze`);
    // The hourly job sums up each whole day once; the report reads those sums, and the raw
    // events of today only.
    const rollStarted = performance.now();
    const days = await rollUpDays(bench.db);
    console.log(
      `summing up ${days} days of events: ${((performance.now() - rollStarted) / 1000).toFixed(1)} s (once; the hourly job then adds a day at a time)`,
    );
    await bench.db.execute(sql`analyze`);
    const range = lastDays(90);
    const queries = {
      totals: () => totals(bench.db, range),
      bySource: () => bySource(bench.db, range),
      landing: () => byPage(bench.db, range, "landing"),
      articles: () => byPage(bench.db, range, "articles"),
      ctas: () => byCta(bench.db, range),
      byDay: () => byDay(bench.db, range),
    };
    for (const [name, run] of Object.entries(queries)) {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(`90-day ${name}: ${times[2]?.toFixed(0)} ms (median of 5)`);
    }
  } finally {
    await bench.close();
    await admin.db.execute(sql.raw(`drop database ${name}`));
    await admin.close();
  }
}
process.exit(0);
