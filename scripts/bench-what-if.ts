// `npm run bench:what-if`: what Lighthouse's simulated phone (the mobile preset bench:pages
// uses) would make of one page if some of its responses were different, without the
// machine's noise. It records one page load (Lighthouse's gather mode), then runs the
// audits on that same recording twice: as recorded, and with its network log edited. Both
// figures come from one recording, so the difference is the change's alone.
//   --route PATH        the page (default /)
//   --size SUFFIX=BYTES a response whose address ends with SUFFIX takes BYTES on the wire,
//                       headers included (repeatable), e.g. --size .woff2=10000
//   --drop TEXT         leave out the requests whose address contains TEXT (repeatable)
//   --http2             count every response as HTTP/2 (one connection, no handshake after
//                       the first), as behind a proxy that speaks it
//   --first-visitor     record the page's first request after the server starts (by default
//                       the page is asked for once before, so its kept copy is measured)
//   --no-build          reuse the last bench build
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { browserLaunchOptions, chromiumMissing } from "../tests/support/chromium.ts";
import { type DevtoolsEvent, editNetworkLog, readWhatIfOptions } from "./what-if.ts";

const read = readWhatIfOptions(process.argv.slice(2));
const missingChromium = chromiumMissing(browserLaunchOptions.executablePath);
if ("error" in read || missingChromium) {
  console.error("error" in read ? read.error : missingChromium);
  process.exit(1);
}
const options = read.options;
const chromeLauncher = await import("chrome-launcher");
const { default: lighthouse } = await import("lighthouse");
const { log, startBenchSite } = await import("./bench-support.ts");

const site = await startBenchSite({
  port: 4394,
  buildDir: process.env.BUILD_DIR || "build-bench",
  build: !options.noBuild,
  env: { LOG_LEVEL: "warn" },
  post: { slug: "what-if", title: "What if", excerpt: "A post.", content: "<p>A post.</p>" },
});
const url = `${site.origin}${options.route}`;
if (!options.firstVisitor) {
  // The kept, Brotli 11 copy is made after the first request; every later visitor gets it.
  // Asked again until it comes (smaller), or for 5 s (a page made per visit never has one).
  const size = async () =>
    (await (await fetch(url, { headers: { "accept-encoding": "br" } })).arrayBuffer()).byteLength;
  const first = await size();
  for (let waited = 0; waited < 5_000 && (await size()) >= first; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const recording = path.join(tmpdir(), `northstory-what-if-${process.pid}`);
process.on("exit", () => rmSync(recording, { recursive: true, force: true }));
const chrome = await chromeLauncher.launch({
  chromePath: browserLaunchOptions.executablePath,
  chromeFlags: ["--headless=new", ...browserLaunchOptions.args],
});
process.on("exit", () => void chrome.kill());
log(`recording ${options.route}`);
// Lighthouse's flags for recording once (gatherMode) and auditing a recording (auditMode)
// are not in its flags' type.
await lighthouse(url, { port: chrome.port, logLevel: "error", gatherMode: recording } as never);
chrome.kill();
await site.stop();

const logFile = path.join(recording, "devtoolslog.json");
const recorded = readFileSync(logFile, "utf8");
const edited = editNetworkLog(JSON.parse(recorded) as DevtoolsEvent[], options);

async function audit(log: string) {
  writeFileSync(logFile, log);
  const result = await lighthouse(undefined, { auditMode: recording, logLevel: "error" } as never);
  const audits = result?.lhr.audits;
  const metric = (id: string) => Math.round(audits?.[id]?.numericValue ?? Number.NaN);
  const requests =
    (
      audits?.["network-requests"]?.details as {
        items?: { url: string; transferSize?: number; protocol?: string }[];
      }
    )?.items ?? [];
  return {
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    requests,
  };
}
const before = await audit(recorded);
const after = await audit(JSON.stringify(edited));
const changes = [
  ...options.sizes.map(({ suffix, bytes }) => `*${suffix} at ${bytes} B`),
  ...options.drop.map((text) => `without *${text}*`),
  ...(options.http2 ? ["over HTTP/2"] : []),
].join(", ");
console.log(`\n${options.route}, one recording, Lighthouse mobile preset (simulated):`);
console.log(`  as recorded: FCP ${before.fcp} ms, LCP ${before.lcp} ms`);
console.log(`  ${changes}: FCP ${after.fcp} ms, LCP ${after.lcp} ms`);
console.log("  responses as audited (bytes on the wire):");
for (const request of after.requests) {
  console.log(
    `    ${String(request.transferSize ?? 0).padStart(7)}  ${request.url.replace(site.origin, "")}`,
  );
}
