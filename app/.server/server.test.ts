import { expect, test } from "vitest";
import { loadEnv } from "#app/.server/env.ts";
import { configurationWarnings } from "#app/.server/server.ts";

test("an https SITE_URL is warned about unless a proxy in front is trusted", () => {
  const https = { SITE_URL: "https://northstory.example" };
  const [warning, ...more] = configurationWarnings(loadEnv(https));
  expect(more).toEqual([]);
  expect(warning).toContain("TRUST_PROXY");
  expect(warning).toContain("Secure");
  expect(configurationWarnings(loadEnv({ ...https, TRUST_PROXY: "1" }))).toEqual([]);
  expect(configurationWarnings(loadEnv({ ...https, TRUST_PROXY: "10.0.0.0/8" }))).toEqual([]);
  expect(configurationWarnings(loadEnv({}))).toEqual([]);
});
