import { pino } from "pino";

export type Level = "debug" | "info" | "warn" | "error";

export type Logger = {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
};

/**
 * An error as a log field: its type, message, code, stack and, one after another, its
 * causes (each with its stack) and an AggregateError's errors, so that an on-call person
 * sees where it came from. Other properties stay out: a driver's error can carry the row
 * it refused (an email address) in `detail`.
 */
function serialiseError(error: Error, depth = 0): Record<string, unknown> {
  const { code, cause, errors } = error as Error & { code?: unknown; errors?: unknown };
  const nested = (value: unknown) =>
    value instanceof Error
      ? depth < 5
        ? serialiseError(value, depth + 1)
        : { type: value.name, message: value.message }
      : value;
  return {
    type: error.name,
    message: error.message,
    ...(code === undefined ? {} : { code }),
    stack: error.stack,
    ...(cause === undefined ? {} : { cause: nested(cause) }),
    ...(Array.isArray(errors) ? { errors: errors.map(nested) } : {}),
  };
}

/**
 * One JSON object per line on stdout (pino): `time`, `level` (its name), `msg`, then the
 * fields. An Error anywhere among the fields is written with its stack and causes; a value
 * that refers to itself is written as "[Circular]" instead of failing the line. Callers pass
 * identifiers and counts, never a visitor's message text or email address.
 */
export function createLogger(
  level: Level | "silent" = "info",
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const logger = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => {
          for (const [key, value] of Object.entries(fields)) {
            if (value instanceof Error) fields[key] = serialiseError(value);
          }
          return fields;
        },
      },
    },
    { write: (line: string) => write(line.endsWith("\n") ? line.slice(0, -1) : line) },
  );
  const at =
    (name: Level) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      if (fields) logger[name]({ ...fields }, msg);
      else logger[name](msg);
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
