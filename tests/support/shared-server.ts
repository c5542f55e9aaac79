import { startBuiltServer } from "./server.ts";

// One production server for the integration files that only read from it (pages, headers,
// assets, sitemaps): started once by the integration lane's global setup and named here in
// an environment variable for every worker, instead of one server per file. Blog pages are
// kept 1 s on it (PAGE_KEEP_SECONDS) so a test can see one rendered again without waiting,
// and it trusts one proxy (TRUST_PROXY=1), as behind nginx.
const variable = "NORTHSTORY_TEST_SHARED_SERVER";
export const sharedServerEnv = { TRUST_PROXY: "1", PAGE_KEEP_SECONDS: "1" };

export type SharedServer = { url: string; port: number; stop(): Promise<void> };

/** For the global setup: starts the server and names it; returns the teardown. */
export async function provideSharedServer(): Promise<() => Promise<void>> {
  const server = await startBuiltServer(sharedServerEnv);
  process.env[variable] = server.url;
  return async () => {
    await server.stop();
  };
}

/**
 * The shared server, or (a file run without the global setup) a server of this file's own,
 * started alike and stopped by `stop()`, which does nothing to the shared one.
 */
export async function sharedServer(): Promise<SharedServer> {
  const named = process.env[variable];
  if (named) {
    return { url: named, port: Number(new URL(named).port), stop: async () => {} };
  }
  const own = await startBuiltServer(sharedServerEnv);
  return {
    url: own.url,
    port: own.port,
    stop: async () => {
      await own.stop();
    },
  };
}
