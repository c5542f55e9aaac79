import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { KEEP_ALIVE_MS } from "#app/.server/http/lifecycle.ts";

const root = path.resolve(import.meta.dirname, "../../..");

describe("the example nginx configuration", () => {
  test("closes its idle connections to the copies before the copies do, in every upstream", () => {
    const conf = readFileSync(path.join(root, "deploy/nginx/northstory.conf"), "utf8");
    // The commented-out events upstream too: uncommented, it must be right as it stands.
    const upstreams = [...conf.matchAll(/^#?\s*upstream (\w+) \{([\s\S]*?)^#?\s*\}/gm)];
    expect(upstreams.map((match) => match[1])).toEqual(["northstory_copies", "northstory_events"]);
    for (const [, name, body] of upstreams) {
      const timeout = body?.match(/keepalive_timeout (\d+)s;/)?.[1];
      expect(timeout, `${name}: keepalive_timeout`).toBeDefined();
      expect(Number(timeout) * 1000, name).toBeLessThan(KEEP_ALIVE_MS);
    }
  });
});
