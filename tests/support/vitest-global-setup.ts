import { spawnSync } from "node:child_process";
import path from "node:path";
import { provideDatabaseTemplate } from "./database-template.ts";

const root = path.resolve(import.meta.dirname, "../..");

// Vitest's global setup for the integration tests, before any worker starts:
// - the production build they drive is the test build (build-test/, made or brought up to
//   date here), never whatever `npm start` left in build/;
// - the migrated database every test copies (tests/support/database-template.ts).
export default async function setup() {
  process.env.BUILD_DIR ||= "build-test";
  const built = spawnSync(process.execPath, [path.join(root, "scripts/build.ts"), "--if-stale"], {
    cwd: root,
    stdio: "inherit",
  });
  if (built.status !== 0) throw new Error("The test build failed (scripts/build.ts).");
  await provideDatabaseTemplate();
}
