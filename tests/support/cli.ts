import { spawn } from "node:child_process";
import path from "node:path";
import type { Command } from "../../scripts/cli/io.ts";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The editor's and operator's commands: `npm run <name> -- …` runs scripts/<name>.ts
 * (`npm run db:copy` runs scripts/db-copy.ts).
 */
export type CliName = "leads" | "post" | "admin" | "db-copy";

/** What running a command gives back, shaped as spawnSync's result. */
export type CliResult = { status: number | null; stdout: string; stderr: string };

// Loaded when first run: a file that only invites an admin need not load the others.
const commands: Record<CliName, () => Promise<Command>> = {
  leads: async () => (await import("../../scripts/cli/leads.ts")).runLeadsCli,
  post: async () => (await import("../../scripts/cli/post.ts")).runPostCli,
  admin: async () => (await import("../../scripts/cli/admin.ts")).runAdminCli,
  "db-copy": async () => (await import("../../scripts/cli/db-copy.ts")).runDbCopyCli,
};

/**
 * The environment a command sees as an operator runs it: this process's, without the test
 * runner's NODE_ENV=test, and `env` on top.
 */
function operatorEnvironment(env: Record<string, string>): Record<string, string | undefined> {
  const { NODE_ENV: _testRunner, ...inherited } = process.env;
  return { ...inherited, ...env };
}

/**
 * Runs a command in this process, from the project root as npm does, and collects what it
 * prints. A new Node process per call costs 2-3 s (Node, TypeScript, the app's modules);
 * this costs what the command does. The command closes any embedded database it opened
 * before it returns, so the data directory is free again for the test or the next command.
 */
export async function runCli(
  name: CliName,
  args: string[],
  env: Record<string, string>,
): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const command = await commands[name]();
  const status = await command(args, {
    env: operatorEnvironment(env),
    cwd: root,
    stdout: (line) => {
      stdout += `${line}\n`;
    },
    stderr: (line) => {
      stderr += `${line}\n`;
    },
  });
  return { status, stdout, stderr };
}

/**
 * Runs a command as its own Node process through its script, as an operator does: the
 * exit code and output a terminal gets. For what only a separate process shows (another
 * process holding the embedded database, the script's own start and exit). Not spawnSync:
 * this process keeps running meanwhile, so an embedded database it holds keeps its lock
 * fresh (refreshed every 2 s, stale after 10 s) however long a busy machine takes to start
 * the command.
 */
export function spawnCli(
  name: CliName,
  args: string[],
  env: Record<string, string>,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "scripts", `${name}.ts`), ...args], {
      cwd: root,
      env: operatorEnvironment(env),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr }));
  });
}
