// What an editor's or operator's command (scripts/messages.ts, post.ts, admin.ts) sees of the
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
    // (`npm run messages -- list | head`) where a stream would throw EPIPE.
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
}
