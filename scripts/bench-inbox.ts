// `npm run bench:inbox`: how long the leads inbox takes to answer one page in each of its
// orders, its views and a search, and to count its chips, and the pipeline board its
// stages, the leads lost lately and the team's numbers, on Postgres seeded with 20,000 leads and five history entries each (a
// busy agency's years of leads: a fifth still open, spread over five salespeople, most with
// a deal value; a status change for each lead won or lost, at some moment of three years). A scratch database is created on the server named by
// BENCH_DATABASE_URL (else TEST_DATABASE_URL), and dropped after.
//   --leads N   how many leads to seed (default 20000)
//   --runs N    timings per query; the median is printed (default 7)
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, queryRows } from "#app/.server/db/client.ts";
import { countByStatus, listLeads, scopeFor } from "#app/.server/leads/inbox.ts";
import { lostLately, pipelineBoard, teamLately } from "#app/.server/leads/pipeline.ts";
import type { LeadFilter } from "#app/lib/leads.ts";

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  const value = at === -1 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} takes a whole number of 1 or more.`);
    process.exit(1);
  }
  return value;
};
const leads = argument("--leads", 20_000);
const runs = argument("--runs", 7);
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error("Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a Postgres server's URL.");
  process.exit(1);
}

const name = `northstory_bench_${randomBytes(6).toString("hex")}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = openDatabase({ databaseUrl: url.href, poolSize: 4 });
try {
  await database.migrate();
  const db = database.db;
  const [user] = await queryRows<{ id: string }>(
    db,
    sql`insert into users (email, name, role) values ('bench@example.com', 'Bench', 'sales') returning id`,
  );
  const userId = user?.id ?? "";
  await db.execute(sql`
    insert into users (email, name, role)
    select 'seller' || g || '@example.com', 'Seller ' || g, 'sales' from generate_series(1, 4) g`);
  // Statuses as years of leads leave them (one every 80 minutes: 20,000 over three years):
  // most lost, won or spam; a fifth still open.
  await db.execute(sql`
    insert into leads (name, email, message, status, created_at, idempotency_key, follow_up_on, first_touch,
      owner_id, deal_value)
    select 'Lead ' || g, 'lead' || g || '@example.com', 'Hello, we would like founder-led content ' || g,
      (array['new', 'contacted', 'qualified', 'won', 'lost', 'lost', 'lost', 'won', 'spam', 'lost'])[1 + g % 10],
      now() - (g * 80 || ' minutes')::interval, 'bench-' || g,
      case when g % 7 = 0 then current_date + (g % 90) end,
      case when g % 3 = 0 then jsonb_build_object('utm_source', 'linkedin', 'utm_campaign', 'launch-' || (g % 40)) end,
      (select id from users order by email offset (g % 6) limit 1),
      case when g % 4 <> 0 then 5000 + (g % 50) * 1000 end
    from generate_series(1, ${leads}::int) g`);
  await db.execute(sql`
    insert into lead_activity (lead_id, actor_id, actor_name, actor_email, kind, from_status, to_status, created_at)
    select l.id, ${userId}::uuid, 'Bench', 'bench@example.com', 'status', 'qualified', l.status,
      now() - random() * interval '3 years'
    from leads l where l.status in ('won', 'lost')`);
  await db.execute(sql`
    insert into lead_activity (lead_id, actor_id, actor_name, actor_email, kind, note, created_at)
    select l.id, ${userId}::uuid, 'Bench', 'bench@example.com', 'note', 'Called.',
      l.created_at + (random() * interval '30 days')
    from leads l, generate_series(1, 5)`);
  await db.execute(sql`analyze`);
  const scope = scopeFor(userId);
  const cases: [string, Partial<LeadFilter>][] = [
    ["newest first", {}],
    ["oldest first", { sort: "oldest" }],
    ["next follow-up first", { sort: "follow-up" }],
    ["latest activity first", { sort: "activity" }],
    ["Follow-up due view", { view: "due" }],
    ["Idle view", { view: "idle" }],
    ["search (name, email, text, campaign)", { q: "launch-7" }],
  ];
  console.log(
    `${leads.toLocaleString("en-US")} leads, ${(leads * 5).toLocaleString("en-US")} history entries; median of ${runs}:`,
  );
  for (const [label, filter] of cases) {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await listLeads(db, { page: 1, pageSize: 25, ...filter }, scope);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${label.padEnd(40)} ${(times[Math.floor(runs / 2)] ?? 0).toFixed(1)} ms`);
  }
  // Every inbox page also counts the statuses and views for its chips; the board's page makes
  // the next three at once; each is timed alone here.
  const boardCases: [string, () => Promise<unknown>][] = [
    ["inbox's counts (status and view chips)", () => countByStatus(db, {}, scope)],
    ["pipeline board, everyone's", () => pipelineBoard(db, scope)],
    ["pipeline board, mine", () => pipelineBoard(db, scope, { mine: true })],
    ["lost in the last 30 days", () => lostLately(db, scope)],
    ["the team, last 30 days", () => teamLately(db, scope)],
  ];
  for (const [label, query] of boardCases) {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await query();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${label.padEnd(40)} ${(times[Math.floor(runs / 2)] ?? 0).toFixed(1)} ms`);
  }
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
