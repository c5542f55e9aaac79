import { chromium } from "playwright-core";
const base = process.argv[2];
const paths = process.argv.slice(3);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-dev-shm-usage","--disable-background-networking"] });
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    await page.screenshot({ path: `/tmp/shot-${width}-${p.replace(/\W+/g, "_")}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
