import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formToken, postContact } from "../support/contact.ts";
import { freePort, type SpawnedServer, startBuiltServer } from "../support/server.ts";

// What an operator relies on when something goes wrong: /metrics for a scraper holding the
// token, and errors met in visitors' browsers reaching the log with their stack.

const token = "scrape-token-0123456789abcdef";

/** One sample's value from Prometheus text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).match(/^\{([^}]*)\}/)?.[1] ?? "";
    if (wanted.every((pair) => labelText.split(",").includes(pair))) {
      return Number(line.slice(line.lastIndexOf(" ") + 1));
    }
  }
  return undefined;
}

describe("operations", () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await startBuiltServer({
      METRICS_TOKEN: token,
      LOG_LEVEL: "info",
      CONTACT_MIN_FILL_MS: "0",
      // Nothing listens there: every email fails and waits for its retry.
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      MAIL_POLL_MS: "100",
      MAIL_RETRY_BASE_MS: "600000",
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const metrics = (headers: Record<string, string> = { authorization: `Bearer ${token}` }) =>
    fetch(`${server.url}/metrics`, { headers });

  test("/metrics answers only a scraper with the token", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: "Bearer wrong-token-0123456789abcdef" },
      { authorization: `Basic ${token}` },
      { authorization: `Bearer ${token}x` },
    ]) {
      const refused = await metrics(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await refused.text()).not.toContain("http_requests_total");
    }
    const answered = await metrics();
    expect(answered.status).toBe(200);
    expect(answered.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answered.headers.get("cache-control")).toBe("no-store");
  });

  test("requests are counted and timed by route pattern and status, never by raw path", async () => {
    for (const path of [
      "/pricing",
      "/blog/writing-hooks-for-executives",
      "/blog/writing-hooks-for-executives",
      "/nope-raw-path-marker",
    ]) {
      await (await fetch(`${server.url}${path}`)).text();
    }
    await (await fetch(`${server.url}/blog/no-such-post-raw-path-marker`)).text();
    const text = await (await metrics()).text();
    expect(
      sample(text, "http_requests_total", { route: "/pricing", status: "200", method: "GET" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "http_requests_total", { route: "/blog/:slug", status: "200" }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      sample(text, "http_requests_total", { route: "/blog/:slug", status: "404" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "http_requests_total", { route: "(unmatched)", status: "404" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "http_request_duration_seconds_count", { route: "/pricing", status: "200" }),
    ).toBeGreaterThanOrEqual(1);
    // Letters, not digits: a memory or time figure may hold any run of digits (one run failed
    // on "4711" inside a number).
    expect(text).not.toContain("raw-path-marker");
    // The article was rendered once and then served from memory.
    expect(sample(text, "page_cache_requests_total", { result: "static" })).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(text, "page_cache_requests_total", { result: "miss" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "page_cache_requests_total", { result: "hit" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "database_up")).toBe(1);
    expect(sample(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThan(0);
  });

  test("an email that cannot be sent shows as a failure, a backlog and an age", async () => {
    const sent = await postContact(server.url, { token: await formToken(server.url) });
    expect(sent.status).toBe(200);
    let text = "";
    const deadline = Date.now() + 15_000;
    while (!sample(text, "outbox_delivery_failures_total", { channel: "email", final: "false" })) {
      if (Date.now() > deadline) throw new Error(`no failed delivery counted:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await (await metrics()).text();
    }
    expect(sample(text, "outbox_backlog", { channel: "email" }), text).toBe(1);
    expect(
      sample(text, "outbox_oldest_queued_seconds", { channel: "email" }),
    ).toBeGreaterThanOrEqual(0);
    expect(sample(text, "outbox_failed", { channel: "email" })).toBe(0);
  });

  test("an error met in a visitor's browser is logged with its stack, and a flood of them is cut off", async () => {
    const report = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/browser-errors`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    const stack =
      "TypeError: cannot read properties of undefined (reading 'map')\n    at PostCard (https://northstory.example/assets/post-grid-3f2a.js:1:204)";
    const mark = (await server.loggedOutput()).length;
    const accepted = await report({
      message: "cannot read properties of undefined (reading 'map')",
      stack,
      path: "/founder-brand-content-examples",
    });
    expect(accepted.status).toBe(204);
    const entry = (await server.loggedOutput())
      .slice(mark)
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((each) => each.msg === "browser error");
    expect(entry).toMatchObject({
      level: "error",
      source: "browser",
      path: "/founder-brand-content-examples",
      error: { type: "BrowserError", stack },
    });

    // What cannot be a report is refused and logs nothing at error level.
    for (const bad of [
      "{not json",
      { message: "", path: "/" },
      { message: "x", path: "/contact?email=someone@example.com" },
      { message: "x", path: "/", extra: "field" },
      { message: "x".repeat(501), path: "/" },
    ]) {
      expect((await report(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await report({ message: "x", path: "/" }, { "sec-fetch-site": "cross-site" })).status,
    ).toBe(403);

    // Five in ten minutes from one client; the sixth is refused.
    const statuses: number[] = [];
    for (let n = 0; n < 5; n++)
      statuses.push((await report({ message: `again ${n}`, path: "/" })).status);
    expect(statuses).toEqual([204, 204, 204, 204, 429]);
    const logged = (await server.loggedOutput()).slice(mark);
    expect(logged.match(/"msg":"browser error"/g)).toHaveLength(5);
  });
});
