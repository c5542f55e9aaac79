// What an editor's or operator's command (scripts/leads.ts, post.ts, admin.ts) sees of the
// world. Each command is a function of its arguments and this: it reads its configuration
// from `env` (never process.env), writes only through `stdout` and `stderr`, closes every
// database it opened and returns its exit code (never process.exit), so the tests run it
// in process as well as through its script.

export type CommandIo = {
  /** The environment the configuration is read from (DATA_DIR, DATABASE_URL, …). */
  env: Record<string, string | undefined>;
  /** The directory the command runs in (npm runs scripts from the project root). */
  cwd: string;
  /** Prints one line on standard output (a newline is added, as console.log does). */
  stdout: (line: string) => void;
  /** Prints one line on standard error. */
  stderr: (line: string) => void;
};

export type Command = (args: string[], io: CommandIo) => Promise<number>;

/**
 * Runs a command as its script does: the process's arguments, environment, directory and
 * console. The exit code is set, not forced, so everything printed is written first.
 */
export async function runAsScript(command: Command): Promise<void> {
  process.exitCode = await command(process.argv.slice(2), {
    env: process.env,
    cwd: process.cwd(),
    // The console, not process.stdout.write: it ignores a reader that went away
    // (`npm run leads -- list | head`) where a stream would throw EPIPE.
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
}

/** A command used wrongly: its message is followed by the command's usage. */
export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * Problems whose message is written for the person at the terminal, printed as it is: bad
 * configuration, a database busy or out of reach, and each command's own (`explained`).
 */
const explainedErrors = ["ConfigError", "DatabaseBusyError", "DatabaseUnavailableError"];

/** An error's message; the first of several (a connection tried on each address). */
export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return describeError(error.errors[0]);
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return error.message || (typeof code === "string" ? code : error.name);
  }
  return String(error);
}

/**
 * Runs one command's `main`: the exit code is the one it returns (0 without one), or 1 with
 * the reason on standard error, never a stack trace.
 */
export async function runCommand(
  main: () => Promise<unknown>,
  io: CommandIo,
  options: { usage?: string; explained?: string[] } = {},
): Promise<number> {
  try {
    const code = await main();
    return typeof code === "number" ? code : 0;
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (error instanceof UsageError) {
      io.stderr(options.usage ? `${error.message}\n\n${options.usage}` : error.message);
    } else if ([...explainedErrors, ...(options.explained ?? [])].includes(name)) {
      io.stderr((error as Error).message);
    } else {
      io.stderr(`Could not complete the command: ${describeError(error)}`);
    }
    return 1;
  }
}
