import { existsSync } from "node:fs";

// Two builds of Debian's Chromium, one engine:
// - the tests drive its headless shell (package chromium-headless-shell), the browser without
//   the desktop's window, profile and UI machinery: the same Blink and V8, and the browser
//   journeys took 145 s of two cores instead of 247 s with the full browser;
// - the page benchmark (Lighthouse) drives the full browser, as a visitor's phone runs it.
// CHROMIUM_PATH sets the one binary both use instead.
const flags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The headless shell, started with the flags this sandboxed machine needs: for tests. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/lib/chromium/chromium-headless-shell",
  args: flags,
};

/** The full browser, with the same flags: what Lighthouse measures pages in. */
export const browserLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: flags,
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
