import proxyAddr from "proxy-addr";
import { z } from "zod";

/**
 * Which proxies in front may tell the client's address and protocol (X-Forwarded-*):
 * "false" (none), a hop count ("1": the one proxy directly in front), or proxy addresses,
 * subnets and names as Express's "trust proxy" takes them ("loopback, 10.0.0.0/8").
 * "true" (trust every hop) is refused: the client writes the leftmost X-Forwarded-For.
 */
const trustProxy = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (text === "false" || text === "0" || text === "no") return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === "true" || text === "yes") {
    context.addIssue({
      code: "custom",
      message:
        'must say which proxies to trust: a hop count like "1" or their addresses like "127.0.0.1, 10.0.0.0/8" ("true" would let any client choose its address)',
    });
    return z.NEVER;
  }
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(entries);
  } catch (error) {
    context.addIssue({
      code: "custom",
      message: `must be "false", a hop count, or proxy addresses/subnets (${(error as Error).message})`,
    });
    return z.NEVER;
  }
  return entries;
});

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

/** An endpoint the server posts to: http(s) only, so no other scheme can be reached. */
const httpUrl = (example: string) =>
  z
    .url({ error: `must be an absolute URL like ${example}` })
    .refine(hasProtocol(/^https?:$/), { error: "must start with http:// or https://" });

/**
 * A Standard Webhooks signing secret: "whsec_" and the key in base64, 24 to 64 bytes
 * (what the standard's libraries generate and expect).
 */
const webhookSecret = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, {
    error: 'must be a Standard Webhooks secret: "whsec_" followed by a base64 key',
  })
  .refine(
    (value) => {
      const bytes = Buffer.from(value.slice("whsec_".length), "base64").length;
      return bytes >= 24 && bytes <= 64;
    },
    { error: "must hold a key of 24 to 64 bytes (e.g. whsec_ + openssl rand -base64 32)" },
  );

/** A whole number of at least `min`; `tooSmall` says what it must be otherwise. */
const wholeNumber = (min: number, tooSmall = `must be at least ${min}`) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(min, { error: tooSmall });

const postgresUrl = z
  .url({ error: "must be a URL like postgres://user:pass@host:5432/dbname" })
  .refine(hasProtocol(/^postgres(ql)?:$/), {
    error: "must start with postgres:// or postgresql://",
  });

const schema = z
  .object({
    // Set by server.js before React loads; read here only to report it.
    NODE_ENV: z.enum(["development", "production", "test"]).optional(),
    PORT: wholeNumber(1, "must be between 1 and 65535")
      .max(65535, { error: "must be between 1 and 65535" })
      .default(3000),
    /** Unset: every interface for `npm start`/`serve`, this machine only for `npm run dev`. */
    HOST: z.string().min(1).optional(),
    /**
     * A second port, for the browsers' analytics events only (POST /events), answered by a
     * thread of their own so that thousands a second do not delay the pages; a proxy sends
     * `/events` there. Unset: the events are answered on PORT, beside the pages.
     */
    EVENTS_PORT: wholeNumber(1, "must be between 1 and 65535")
      .max(65535, { error: "must be between 1 and 65535" })
      .optional(),
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
        error:
          "must be an origin without a path or trailing slash, like https://northstory.example",
      })
      .optional(),
    TRUST_PROXY: trustProxy.default(false),
    /** Signs the contact form's token; unset: a key generated once and kept in the database. */
    FORM_SECRET: z
      .string()
      .min(32, { error: "must be at least 32 characters (e.g. openssl rand -base64 32)" })
      .optional(),
    /** Opens GET /metrics to whoever sends it as a bearer token; unset, /metrics is closed. */
    METRICS_TOKEN: z
      .string()
      .min(24, { error: "must be at least 24 characters (e.g. openssl rand -hex 24)" })
      .regex(/^[\x21-\x7e]+$/, { error: "must be printable characters without spaces" })
      .optional(),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    CONTACT_RATE_LIMIT: wholeNumber(1).default(5),
    CONTACT_RATE_WINDOW_SECONDS: wholeNumber(1).default(600),
    CONTACT_MIN_FILL_MS: wholeNumber(0, "must not be negative").default(2000),
    /** A client must have sent its request's headers within this, and all of it within the next. */
    HEADERS_TIMEOUT_MS: wholeNumber(100).default(10_000),
    REQUEST_TIMEOUT_MS: wholeNumber(100).default(30_000),
    /** How long a copy keeps a blog listing or post page it rendered before rendering it again. */
    PAGE_KEEP_SECONDS: wholeNumber(1)
      .max(3_600, { error: "must be at most 3600 (an hour)" })
      .optional(),
    MAIL_RETRY_BASE_MS: wholeNumber(10).default(30_000),
    MAIL_RETRY_MAX_MS: wholeNumber(10).default(3_600_000),
    MAIL_GIVE_UP_HOURS: z.coerce
      .number({ error: "must be a number" })
      .positive({ error: "must be more than 0" })
      .default(72),
    MAIL_POLL_MS: wholeNumber(50).default(5000),
    /** Each new lead is posted here as a signed `lead.created` event. */
    LEAD_WEBHOOK_URL: httpUrl("https://crm.example/hooks/northstory").optional(),
    LEAD_WEBHOOK_SECRET: webhookSecret.optional(),
    /** A Slack incoming webhook: each new lead is announced in its channel. */
    SLACK_WEBHOOK_URL: httpUrl("https://hooks.slack.com/services/…").optional(),
    /** A HubSpot form each new lead is submitted to (both or neither). */
    HUBSPOT_PORTAL_ID: z
      .string()
      .regex(/^\d{1,12}$/, { error: "must be the HubSpot account number (Hub ID), digits only" })
      .optional(),
    HUBSPOT_FORM_ID: z
      .guid({ error: "must be the form's id, like 0a1b2c3d-0000-4000-8000-0123456789ab" })
      .optional(),
    /** Where HubSpot's Forms API answers; only changed to test against a local receiver. */
    HUBSPOT_API_URL: httpUrl("https://api.hsforms.com")
      .refine((value) => (parsedUrl(value)?.pathname ?? "/") === "/" && !value.endsWith("/"), {
        error: "must be an origin without a path or trailing slash, like https://api.hsforms.com",
      })
      .default("https://api.hsforms.com"),
  })
  .superRefine((env, context) => {
    if (env.EVENTS_PORT !== undefined && env.EVENTS_PORT === env.PORT) {
      context.addIssue({
        code: "custom",
        path: ["EVENTS_PORT"],
        message: `must differ from PORT (${env.PORT}): it is a second port, for events only`,
      });
    }
    // Half a channel's configuration is a mistake to report, not a channel to skip quietly.
    if (env.REQUEST_TIMEOUT_MS < env.HEADERS_TIMEOUT_MS) {
      context.addIssue({
        code: "custom",
        path: ["REQUEST_TIMEOUT_MS"],
        message: `must be at least HEADERS_TIMEOUT_MS (${env.HEADERS_TIMEOUT_MS})`,
      });
    }
    const pairs = [
      ["LEAD_WEBHOOK_URL", "LEAD_WEBHOOK_SECRET"],
      ["HUBSPOT_PORTAL_ID", "HUBSPOT_FORM_ID"],
    ] as const;
    for (const [first, second] of pairs) {
      if ((env[first] === undefined) === (env[second] === undefined)) continue;
      const missing = env[first] === undefined ? first : second;
      const given = missing === first ? second : first;
      context.addIssue({
        code: "custom",
        path: [missing],
        message: `is required when ${given} is set`,
      });
    }
  });

/** Values never repeated in an error message: they are, or may contain, credentials. */
const secretVariables = new Set([
  "FORM_SECRET",
  "METRICS_TOKEN",
  "LEAD_WEBHOOK_URL",
  "LEAD_WEBHOOK_SECRET",
  "SLACK_WEBHOOK_URL",
]);

/** Values that may carry a password in their user information (`user:password@host`). */
const urlVariables = new Set(["DATABASE_URL", "SMTP_URL"]);

/**
 * The value with any password in it replaced by `***` (`user:***@host`), for messages and
 * logs: whatever the value's shape, so a mistyped URL does not show its password either.
 */
export function withoutPassword(value: string): string {
  return value.replace(/([^\s:/@]+):[^\s:/@]*@/g, "$1:***@");
}

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
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const got = secretVariables.has(name)
        ? cleaned[name] === undefined
          ? "nothing"
          : "a value not shown here"
        : JSON.stringify(
            urlVariables.has(name) ? withoutPassword(cleaned[name] ?? "") : (cleaned[name] ?? ""),
          );
      return `${issue.path.join(".")}: ${issue.message} (got ${got})`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const env = result.data;
  return { ...env, SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}` };
}
