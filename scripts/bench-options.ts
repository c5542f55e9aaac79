import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { browserLaunchOptions, chromiumMissing } from "../tests/support/chromium.ts";

const root = path.resolve(import.meta.dirname, "..");

export type BenchPagesOptions = {
  runs: number;
  only?: string[];
  noBuild: boolean;
  peer?: string;
  /** The commit `--against` names, resolved. */
  against?: { ref: string; commit: string };
  twins: boolean;
  json?: string;
};

/**
 * bench:pages' options, or what is wrong with them: everything it cannot measure is refused
 * before it builds or starts anything, with a message naming the option.
 */
export function readBenchPagesOptions(
  args: string[],
  machine: { chromiumPath?: string } = {},
): { options: BenchPagesOptions } | { error: string } {
  let values: ReturnType<typeof parse>;
  try {
    values = parse(args);
  } catch (error) {
    const reason = (error as Error).message.split(". ")[0];
    return { error: `${reason}. The options are listed at the top of scripts/bench-pages.ts.` };
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    return { error: `--runs must be a whole number of at least 1, not "${values.runs}".` };
  }
  if ([values.peer, values.against, values.twins].filter(Boolean).length > 1) {
    return {
      error: "--peer, --against and --twins measure against different things: pass one of them.",
    };
  }
  if (values.peer && !existsSync(path.join(values.peer, "index.html"))) {
    return { error: `--peer ${values.peer}: no index.html there; pass the built site's folder.` };
  }
  const missingChromium = chromiumMissing(
    machine.chromiumPath ?? browserLaunchOptions.executablePath,
  );
  if (missingChromium) return { error: missingChromium };
  let against: BenchPagesOptions["against"];
  if (values.against) {
    const commit = spawnSync(
      "git",
      ["rev-parse", "--verify", "--quiet", "--end-of-options", `${values.against}^{commit}`],
      { cwd: root, encoding: "utf8" },
    );
    if (commit.status !== 0) {
      return { error: `--against ${values.against}: git knows no commit by that name.` };
    }
    against = { ref: values.against, commit: commit.stdout.trim() };
  }
  return {
    options: {
      runs,
      only: values.only,
      noBuild: values["no-build"],
      peer: values.peer,
      against,
      twins: values.twins,
      json: values.json,
    },
  };
}

function parse(args: string[]) {
  return parseArgs({
    args,
    options: {
      runs: { type: "string", default: "3" },
      only: { type: "string", multiple: true },
      "no-build": { type: "boolean", default: false },
      peer: { type: "string" },
      against: { type: "string" },
      twins: { type: "boolean", default: false },
      json: { type: "string" },
    },
  }).values;
}
