import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: 'must be one of "true", "false", "1", "0", "yes", "no"',
  })
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** URL checks that never throw: an unparsable value is already reported by z.url(). */
const parsedUrl = (value: string) => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};
const hasProtocol = (pattern: RegExp) => (value: string) => {
  const url = parsedUrl(value);
  return url === null || pattern.test(url.protocol);
};

const postgresUrl = z
  .url({ error: "must be a URL like postgres://user:pass@host:5432/dbname" })
  .refine(hasProtocol(/^postgres(ql)?:$/), {
    error: "must start with postgres:// or postgresql://",
  });

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be between 1 and 65535" })
    .max(65535, { error: "must be between 1 and 65535" })
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().min(1, { error: "must not be empty" }).default("./data"),
  SMTP_URL: z
    .url({ error: "must be a URL like smtp://user:pass@host:587" })
    .refine(hasProtocol(/^smtps?:$/), {
      error: "must start with smtp:// or smtps://",
    })
    .optional(),
  CONTACT_TO: z.email({ error: "must be an email address" }).default("sales@northstory.example"),
  MAIL_FROM: z.email({ error: "must be an email address" }).default("website@northstory.example"),
  SITE_URL: z
    .url({ error: "must be an absolute URL like https://northstory.example" })
    .refine(hasProtocol(/^https?:$/), {
      error: "must start with http:// or https://",
    })
    .refine((value) => (parsedUrl(value)?.pathname ?? "/") === "/" && !value.endsWith("/"), {
      error: "must be an origin without a path or trailing slash, like https://northstory.example",
    })
    .optional(),
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  CONTACT_RATE_LIMIT: z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .default(5),
  CONTACT_RATE_WINDOW_SECONDS: z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .default(600),
  CONTACT_MIN_FILL_MS: z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "must not be negative" })
    .default(2000),
  MAIL_RETRY_BASE_MS: z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(10, { error: "must be at least 10" })
    .default(30_000),
  MAIL_RETRY_MAX_MS: z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(10, { error: "must be at least 10" })
    .default(3_600_000),
  MAIL_GIVE_UP_HOURS: z.coerce
    .number({ error: "must be a number" })
    .positive({ error: "must be more than 0" })
    .default(72),
  MAIL_POLL_MS: z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(50, { error: "must be at least 50" })
    .default(5000),
});

export type Env = Omit<z.infer<typeof schema>, "SITE_URL"> & { SITE_URL: string };

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses configuration once; a bad value throws a ConfigError naming the variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset so that `FOO=` in a .env file means "use the default".
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) =>
        `${issue.path.join(".")}: ${issue.message} (got ${JSON.stringify(cleaned[String(issue.path[0])] ?? "")})`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const env = result.data;
  return { ...env, SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}` };
}
