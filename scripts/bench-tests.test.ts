import { expect, test } from "vitest";
import { kindOf } from "./bench-tests.ts";

test("processes are told apart the way the test suite starts them", () => {
  const kinds = {
    "/work/main/node_modules/node/bin/node /work/main/server.js": "built server (server.js)",
    "/work/main/node_modules/node/bin/node /work/main/node_modules/vitest/dist/workers/forks.js":
      "Vitest",
    "/usr/lib/chromium/chromium-headless-shell --no-sandbox --headless": "Chromium: browser",
    "/usr/lib/chromium/chromium-headless-shell --type=renderer --lang=en-US": "Chromium: renderer",
    "/proc/self/exe --type=utility --utility-sub-type=network.mojom.NetworkService":
      "Chromium: utility (network NetworkService)",
    "postgres: 16/main: postgres test 127.0.0.1(5432) idle": "Postgres",
    "/usr/lib/postgresql/16/bin/postgres -D /var/lib/postgresql/16/main": "Postgres",
    "/work/main/node_modules/node/bin/node /work/main/scripts/leads.ts list": "CLIs (scripts/*.ts)",
    "node /work/main/scripts/test.js integration": "the runner",
    "/work/main/node_modules/node/bin/node /work/main/tests/support/hold-embedded-database.ts /tmp/d":
      "test helpers (tests/support/*.ts)",
    "/usr/sbin/nginx -p /tmp/x -c nginx.conf": "nginx",
  };
  for (const [command, kind] of Object.entries(kinds)) expect(kindOf(command)).toBe(kind);
});
