type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 99,
};

export type Logger = {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
};

function serialise(value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, code: (value as { code?: unknown }).code };
  }
  return value;
}

/**
 * One JSON object per line on stdout. Callers pass identifiers and counts, never a
 * visitor's message text or email address.
 */
export function createLogger(
  level: Level | "silent" = "info",
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const emit = (at: Level, msg: string, fields?: Record<string, unknown>) => {
    if (order[at] < order[level]) return;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level: at, msg };
    for (const [key, value] of Object.entries(fields ?? {})) entry[key] = serialise(value);
    write(JSON.stringify(entry));
  };
  return {
    debug: (msg, fields) => emit("debug", msg, fields),
    info: (msg, fields) => emit("info", msg, fields),
    warn: (msg, fields) => emit("warn", msg, fields),
    error: (msg, fields) => emit("error", msg, fields),
  };
}
