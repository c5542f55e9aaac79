import { expect, test } from "vitest";
import { loadEnv } from "#app/.server/env.ts";
import { configurationWarnings } from "#app/.server/server.ts";

test("an https SITE_URL is warned about unless a proxy in front is trusted", () => {
  const https = { SITE_URL: "https://northstory.example" };
  const [warning, ...more] = configurationWarnings(loadEnv(https));
  expect(more).toEqual([]);
  expect(warning).toContain("TRUST_PROXY");
  expect(warning).toContain("Secure");
  expect(configurationWarnings(loadEnv({ ...https, TRUST_PROXY: "1", HOST: "127.0.0.1" }))).toEqual(
    [],
  );
  expect(configurationWarnings(loadEnv({ ...https, TRUST_PROXY: "10.0.0.0/8" }))).toEqual([]);
  expect(configurationWarnings(loadEnv({}))).toEqual([]);
});

test("a hop count trusted on every interface is warned about; a bound interface or named proxies are not", () => {
  const behindNginx = { TRUST_PROXY: "1" };
  const [warning, ...more] = configurationWarnings(loadEnv(behindNginx));
  expect(more).toEqual([]);
  expect(warning).toContain("HOST=127.0.0.1");
  expect(configurationWarnings(loadEnv({ ...behindNginx, HOST: "0.0.0.0" }))).toHaveLength(1);
  expect(configurationWarnings(loadEnv({ ...behindNginx, HOST: "127.0.0.1" }))).toEqual([]);
  expect(configurationWarnings(loadEnv({ ...behindNginx, HOST: "10.0.0.5" }))).toEqual([]);
  expect(configurationWarnings(loadEnv({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8" }))).toEqual([]);
});
