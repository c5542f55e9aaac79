// `npm run bench:pages`: Lighthouse (mobile preset, median of 3 runs, Debian Chromium) on
// every route of the built site, one row per route with the budgets of issue 7.
//   --runs N        runs per route (default 3)
//   --only TEXT     only routes whose path contains TEXT
//   --no-build      reuse the last bench build
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumLaunchOptions } from "../tests/support/chromium.ts";
import { log, startBenchSite } from "./bench-support.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    only: { type: "string" },
    "no-build": { type: "boolean", default: false },
    json: { type: "string" },
  },
});
const runs = Number(values.runs);
const port = 4392;
const origin = `http://localhost:${port}`;
const buildDir = process.env.BUILD_DIR || "build-bench";
const budgets = {
  performance: 100,
  performanceFloor: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  cls: 0,
  lcpMs: 1500,
  tbtMs: 50,
  scriptKb: 130,
  totalKb: 250,
};

const site = await startBenchSite({
  port,
  buildDir,
  build: !values["no-build"],
  env: { LOG_LEVEL: "warn" },
  post: {
    slug: "lighthouse-database-post",
    title: "What a database post looks like",
    excerpt: "A post published through the editor command, rendered per request from Postgres.",
    content: `<h2>Published without a rebuild</h2>${"<p>Editors publish Markdown with one command; the post appears on the next request, with the same layout, sidebar and metadata as the articles that ship with the site.</p>".repeat(12)}`,
  },
});

// Every route the site publishes, from its own sitemap, plus the cases the budget names.
const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
  (m) => new URL(m[1] ?? "").pathname,
);
const articles = listed.filter(
  (p) => p.startsWith("/blog/") && p !== "/blog/lighthouse-database-post",
);
const pages = listed.filter((p) => !p.startsWith("/blog/"));
const blogPages = Math.ceil((articles.length + 1) / 8);
const routes = [
  ...pages,
  ...Array.from({ length: Math.max(0, blogPages - 1) }, (_, i) => `/blog?page=${i + 2}`),
  ...articles.slice(0, 3),
  "/blog/lighthouse-database-post",
  "/this-page-does-not-exist",
].filter((route) => !values.only || route.includes(values.only));

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", ...chromiumLaunchOptions.args],
});

type Row = {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  totalKb: number;
  scriptKb: number;
  thirdParty: number;
  failures: string[];
};
const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const rows: Row[] = [];
for (const route of routes) {
  const samples: Omit<Row, "route" | "failures">[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await lighthouse(`${origin}${route}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${route}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? 0;
    const summary =
      (
        lhr.audits["resource-summary"]?.details as {
          items?: { resourceType: string; transferSize: number; requestCount: number }[];
        }
      )?.items ?? [];
    const item = (type: string) => summary.find((entry) => entry.resourceType === type);
    samples.push({
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: numeric("largest-contentful-paint"),
      cls: numeric("cumulative-layout-shift"),
      tbtMs: numeric("total-blocking-time"),
      totalKb: (item("total")?.transferSize ?? 0) / 1024,
      scriptKb: (item("script")?.transferSize ?? 0) / 1024,
      thirdParty: item("third-party")?.requestCount ?? 0,
    });
  }
  const pick = (key: keyof (typeof samples)[number]) => median(samples.map((s) => s[key]));
  const row: Row = {
    route,
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: pick("lcpMs"),
    cls: pick("cls"),
    tbtMs: pick("tbtMs"),
    totalKb: pick("totalKb"),
    scriptKb: pick("scriptKb"),
    thirdParty: pick("thirdParty"),
    failures: [],
  };
  if (row.performance < budgets.performance) row.failures.push(`perf ${row.performance}`);
  if (row.accessibility < budgets.accessibility) row.failures.push(`a11y ${row.accessibility}`);
  if (row.bestPractices < budgets.bestPractices) row.failures.push(`bp ${row.bestPractices}`);
  if (row.seo < budgets.seo) row.failures.push(`seo ${row.seo}`);
  if (row.cls > budgets.cls) row.failures.push(`cls ${row.cls.toFixed(3)}`);
  if (row.lcpMs > budgets.lcpMs) row.failures.push(`lcp ${Math.round(row.lcpMs)}`);
  if (row.tbtMs > budgets.tbtMs) row.failures.push(`tbt ${Math.round(row.tbtMs)}`);
  if (row.scriptKb > budgets.scriptKb) row.failures.push(`js ${row.scriptKb.toFixed(0)}KB`);
  if (row.totalKb > budgets.totalKb) row.failures.push(`weight ${row.totalKb.toFixed(0)}KB`);
  if (row.thirdParty > 0 && route !== "/book-a-call")
    row.failures.push(`3rd-party ${row.thirdParty}`);
  rows.push(row);
  log(`${route}: ${row.failures.length ? row.failures.join(", ") : "all budgets met"}`);
}
await chrome.kill();
await site.stop();

const header = [
  "route",
  "perf",
  "a11y",
  "bp",
  "seo",
  "LCP ms",
  "CLS",
  "TBT ms",
  "total KB",
  "JS KB",
  "3rd",
  "budgets",
];
const table = rows.map((r) => [
  r.route,
  String(r.performance),
  String(r.accessibility),
  String(r.bestPractices),
  String(r.seo),
  String(Math.round(r.lcpMs)),
  r.cls.toFixed(3),
  String(Math.round(r.tbtMs)),
  r.totalKb.toFixed(1),
  r.scriptKb.toFixed(1),
  String(r.thirdParty),
  r.failures.length ? `MISSES: ${r.failures.join(", ")}` : "ok",
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => (r[i] ?? "").length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
console.log(
  `\nLighthouse mobile preset, median of ${runs} run(s), ${new Date().toISOString().slice(0, 10)}`,
);
console.log(line(header));
for (const row of table) console.log(line(row));
const missing = rows.filter((r) => r.failures.length);
console.log(`\n${rows.length - missing.length} of ${rows.length} routes meet every budget.`);
if (values.json) writeFileSync(values.json, JSON.stringify(rows, null, 2));
