import { describe, expect, test } from "vitest";
import { ConfigError, loadEnv } from "#app/.server/env.ts";

describe("configuration", () => {
  test("defaults run the site on port 3000 with the embedded database and file mail", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe("./data");
    expect(env.CONTACT_TO).toBe("sales@northstory.example");
    expect(env.SITE_URL).toBe("http://localhost:3000");
  });

  test("SITE_URL follows PORT unless given, and empty values mean unset", () => {
    expect(loadEnv({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(loadEnv({ SITE_URL: "https://northstory.example", DATABASE_URL: "" }).SITE_URL).toBe(
      "https://northstory.example",
    );
  });

  test("TRUST_PROXY takes a hop count or proxy addresses, like Express's trust proxy", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
    ]);
  });

  test.each([
    ["PORT", "eighty", "PORT: must be a whole number"],
    ["PORT", "70000", "PORT: must be between 1 and 65535"],
    ["DATABASE_URL", "mysql://localhost/db", "DATABASE_URL: must start with postgres://"],
    ["DATABASE_URL", "not a url", "DATABASE_URL: must be a URL"],
    ["SMTP_URL", "http://mail.example", "SMTP_URL: must start with smtp:// or smtps://"],
    ["CONTACT_TO", "sales", "CONTACT_TO: must be an email address"],
    ["SITE_URL", "https://northstory.example/", "SITE_URL: must be an origin without a path"],
    ["SITE_URL", "ftp://northstory.example", "SITE_URL: must start with http:// or https://"],
    ["TRUST_PROXY", "maybe", 'TRUST_PROXY: must be "false", a hop count'],
    ["TRUST_PROXY", "true", "TRUST_PROXY: must say which proxies to trust"],
    ["TRUST_PROXY", "10.0.0.0/99", 'TRUST_PROXY: must be "false", a hop count'],
    ["FORM_SECRET", "short", "FORM_SECRET: must be at least 32 characters"],
    ["METRICS_TOKEN", "let-me-in", "METRICS_TOKEN: must be at least 24 characters"],
    ["METRICS_TOKEN", "a token with spaces in it, long enough", "METRICS_TOKEN: must be printable"],
    ["HEADERS_TIMEOUT_MS", "50", "HEADERS_TIMEOUT_MS: must be at least 100"],
    [
      "REQUEST_TIMEOUT_MS",
      "5000",
      "REQUEST_TIMEOUT_MS: must be at least HEADERS_TIMEOUT_MS (10000)",
    ],
    ["PAGE_KEEP_SECONDS", "0", "PAGE_KEEP_SECONDS: must be at least 1"],
    ["PAGE_KEEP_SECONDS", "soon", "PAGE_KEEP_SECONDS: must be a whole number"],
  ])("a bad %s (%s) is refused with a message naming it", (name, value, message) => {
    expect(() => loadEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => loadEnv({ [name]: value })).toThrow(message);
  });

  test("slow clients are cut off after 10 s of headers and 30 s in all, and pages are kept as declared, unless set", () => {
    const defaults = loadEnv({});
    expect([defaults.HEADERS_TIMEOUT_MS, defaults.REQUEST_TIMEOUT_MS]).toEqual([10_000, 30_000]);
    expect(defaults.PAGE_KEEP_SECONDS).toBeUndefined();
    const set = loadEnv({
      HEADERS_TIMEOUT_MS: "1000",
      REQUEST_TIMEOUT_MS: "2000",
      PAGE_KEEP_SECONDS: "2",
    });
    expect([set.HEADERS_TIMEOUT_MS, set.REQUEST_TIMEOUT_MS, set.PAGE_KEEP_SECONDS]).toEqual([
      1_000, 2_000, 2,
    ]);
  });

  test.each([
    [
      "DATABASE_URL",
      "mysql://dbuser:S3cretDbPass@db.example/site",
      "mysql://dbuser:***@db.example/site",
    ],
    [
      "DATABASE_URL",
      "postgres//dbuser:S3cretDbPass@db.example/site",
      "postgres//dbuser:***@db.example/site",
    ],
    [
      "SMTP_URL",
      "http://mailer:S3cretDbPass@mail.example:587",
      "http://mailer:***@mail.example:587",
    ],
    ["SMTP_URL", "smtp//mailer:S3cretDbPass@", "smtp//mailer:***@"],
  ])("a bad %s is named without its password", (name, value, shown) => {
    let message = "";
    try {
      loadEnv({ [name]: value });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`${name}: `);
    expect(message).toContain(`"${shown}"`);
    expect(message).not.toContain("S3cretDbPass");
  });

  const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;

  test("lead channels are off by default and read when configured", () => {
    const none = loadEnv({});
    expect(none.LEAD_WEBHOOK_URL).toBeUndefined();
    expect(none.SLACK_WEBHOOK_URL).toBeUndefined();
    expect(none.HUBSPOT_PORTAL_ID).toBeUndefined();
    expect(none.HUBSPOT_API_URL).toBe("https://api.hsforms.com");
    const all = loadEnv({
      LEAD_WEBHOOK_URL: "https://crm.example/hooks/leads",
      LEAD_WEBHOOK_SECRET: secret,
      SLACK_WEBHOOK_URL: "https://hooks.slack.com/services/T0/B0/x",
      HUBSPOT_PORTAL_ID: "1234567",
      HUBSPOT_FORM_ID: "0a1b2c3d-0000-4000-8000-0123456789ab",
    });
    expect(all.LEAD_WEBHOOK_SECRET).toBe(secret);
    expect(all.HUBSPOT_FORM_ID).toBe("0a1b2c3d-0000-4000-8000-0123456789ab");
  });

  test.each([
    [
      { LEAD_WEBHOOK_URL: "ftp://crm.example/x", LEAD_WEBHOOK_SECRET: secret },
      "LEAD_WEBHOOK_URL: must start with http:// or https://",
    ],
    [
      { LEAD_WEBHOOK_URL: "https://crm.example/x" },
      "LEAD_WEBHOOK_SECRET: is required when LEAD_WEBHOOK_URL is set",
    ],
    [
      { LEAD_WEBHOOK_SECRET: secret },
      "LEAD_WEBHOOK_URL: is required when LEAD_WEBHOOK_SECRET is set",
    ],
    [
      {
        LEAD_WEBHOOK_URL: "https://crm.example/x",
        LEAD_WEBHOOK_SECRET: "hunter2-hunter2-hunter2-hunter2",
      },
      'LEAD_WEBHOOK_SECRET: must be a Standard Webhooks secret: "whsec_"',
    ],
    [
      { LEAD_WEBHOOK_URL: "https://crm.example/x", LEAD_WEBHOOK_SECRET: "whsec_c2hvcnQ=" },
      "LEAD_WEBHOOK_SECRET: must hold a key of 24 to 64 bytes",
    ],
    [
      { SLACK_WEBHOOK_URL: "hooks.slack.com/services/x" },
      "SLACK_WEBHOOK_URL: must be an absolute URL",
    ],
    [
      { HUBSPOT_PORTAL_ID: "1234567" },
      "HUBSPOT_FORM_ID: is required when HUBSPOT_PORTAL_ID is set",
    ],
    [
      { HUBSPOT_FORM_ID: "0a1b2c3d-0000-4000-8000-0123456789ab" },
      "HUBSPOT_PORTAL_ID: is required when HUBSPOT_FORM_ID is set",
    ],
    [
      { HUBSPOT_PORTAL_ID: "12ab", HUBSPOT_FORM_ID: "0a1b2c3d-0000-4000-8000-0123456789ab" },
      "HUBSPOT_PORTAL_ID: must be the HubSpot account number",
    ],
    [
      { HUBSPOT_PORTAL_ID: "1", HUBSPOT_FORM_ID: "../../x" },
      "HUBSPOT_FORM_ID: must be the form's id",
    ],
    [
      { HUBSPOT_API_URL: "https://api.hsforms.com/v3" },
      "HUBSPOT_API_URL: must be an origin without a path",
    ],
  ])("a bad lead channel setting is refused, naming the variable (%j)", (source, message) => {
    expect(() => loadEnv(source)).toThrow(ConfigError);
    expect(() => loadEnv(source)).toThrow(message);
  });

  test("a refused secret or webhook URL is not repeated in the message", () => {
    const leaky = "whsec_not-base64!-secret-value";
    expect(() =>
      loadEnv({ LEAD_WEBHOOK_URL: "https://crm.example/x", LEAD_WEBHOOK_SECRET: leaky }),
    ).toThrow(/LEAD_WEBHOOK_SECRET: .*\(got a value not shown here\)/);
    const slack = () =>
      loadEnv({ SLACK_WEBHOOK_URL: "hooks.slack.com/services/T0/B0/secret-token" });
    expect(slack).toThrow("SLACK_WEBHOOK_URL: must be an absolute URL");
    expect(slack).not.toThrow("secret-token");
  });
});
