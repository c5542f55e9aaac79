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
  ])("a bad %s (%s) is refused with a message naming it", (name, value, message) => {
    expect(() => loadEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => loadEnv({ [name]: value })).toThrow(message);
  });
});
