import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Writes how long each test file took, hooks and imports included (the JSON reporter's
 * file times leave out `beforeAll`, where most files start their servers), to the file
 * named by VITEST_TIMINGS_FILE: `[{ file, ms }]`. scripts/test.js lists the slowest.
 */
export default class TimingsReporter implements Reporter {
  private rows: { file: string; ms: number }[] = [];

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    this.rows.push({
      file: path.relative(process.cwd(), module.moduleId),
      ms: Math.round(d.prepareDuration + d.collectDuration + d.setupDuration + d.duration),
    });
  }

  onTestRunEnd() {
    const target = process.env.VITEST_TIMINGS_FILE;
    if (target) writeFileSync(target, JSON.stringify(this.rows, null, 1));
  }
}
