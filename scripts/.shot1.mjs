import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-dev-shm-usage","--disable-background-networking"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 1300 } });
await page.goto(process.argv[2], { waitUntil: "networkidle" });
await page.screenshot({ path: process.argv[3] });
await browser.close();
