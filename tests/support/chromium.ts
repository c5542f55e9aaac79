import { existsSync } from "node:fs";

/** Debian's Chromium, started with the flags this sandboxed machine needs. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

/**
 * What to tell someone whose machine has no Chromium, before anything is built (the test
 * commands and the page benchmark); nothing when it is there.
 */
export function chromiumMissing(
  executablePath = chromiumLaunchOptions.executablePath,
): string | undefined {
  if (existsSync(executablePath)) return undefined;
  return `Chromium is missing (${executablePath}). Install the test tools once with: npm run test:setup (or set CHROMIUM_PATH).`;
}
