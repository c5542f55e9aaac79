import { readdirSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { testBuildRoot } from "../support/build.ts";
import { formToken, postContact } from "../support/contact.ts";
import { writtenEmails } from "../support/mail-files.ts";
import { type SpawnedServer, startBuiltServer } from "../support/server.ts";
import { sharedServer } from "../support/shared-server.ts";

async function eventually(check: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

// One server for the contact posts it must refuse or take (a server start is seconds of CPU).
describe("contact posts", () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await startBuiltServer({ CONTACT_MIN_FILL_MS: "0", MAIL_POLL_MS: "100" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe("a contact post made by another web site", () => {
    const send = async (headers: Record<string, string>, message: string) =>
      postContact(server.url, { message, token: await formToken(server.url) }, { headers });

    test("is refused with 403 and stores nothing, whether the browser says cross-site or names another origin", async () => {
      const crossSite = await send({ "sec-fetch-site": "cross-site" }, "cross-site one");
      expect(crossSite.status).toBe(403);
      const otherOrigin = await send({ origin: "https://evil.example" }, "other origin");
      expect(otherOrigin.status).toBe(403);
      const sameSiteOtherOrigin = await send(
        { origin: "http://blog.localhost", "sec-fetch-site": "same-site" },
        "sibling",
      );
      expect(sameSiteOtherOrigin.status).toBe(403);
      const opaque = await send({ origin: "null", "sec-fetch-site": "cross-site" }, "opaque");
      expect(opaque.status).toBe(403);
      expect(crossSite.html).toContain("must come from a page of this site");
      // A same-origin message afterwards is stored and mailed: only it may reach the outbox.
      const own = await send(
        { origin: server.url, "sec-fetch-site": "same-origin" },
        "same origin message",
      );
      expect(own.status).toBe(200);
      expect(await eventually(() => writtenEmails(server.dataDir).length >= 1)).toBe(true);
      // A second accepted message, mailed after anything queued before it: once it is there,
      // a refused message that had been stored would have been mailed too.
      expect((await send({ origin: server.url }, "later message")).status).toBe(200);
      expect(await eventually(() => writtenEmails(server.dataDir).length >= 2)).toBe(true);
      expect(writtenEmails(server.dataDir)).toHaveLength(2);
    });

    test("a same-origin browser post and a client that sends no browser headers are accepted", async () => {
      const before = writtenEmails(server.dataDir).length;
      const browser = await send(
        { origin: server.url, "sec-fetch-site": "same-origin" },
        "from the page",
      );
      expect(browser.status).toBe(200);
      const script = await send({}, "from a script");
      expect(script.status).toBe(200);
      expect(await eventually(() => writtenEmails(server.dataDir).length === before + 2)).toBe(
        true,
      );
    });
  });

  describe("a contact form submission that is too long", () => {
    test("gets the 413 page whether it is sent with a Content-Length or in chunks", async () => {
      const body = new URLSearchParams({
        token: await formToken(server.url),
        name: "Dana",
        email: "dana@example.com",
        message: "a".repeat(50 * 1024),
      }).toString();
      const headers = { "content-type": "application/x-www-form-urlencoded" };
      const withLength = await fetch(`${server.url}/contact`, { method: "POST", headers, body });
      expect(withLength.status).toBe(413);
      expect(await withLength.text()).toContain("Message too long");
      const chunked = await fetch(`${server.url}/contact`, {
        method: "POST",
        headers,
        body: new Blob([body]).stream(),
        duplex: "half",
      } as RequestInit);
      expect(chunked.status).toBe(413);
      expect(await chunked.text()).toContain("Message too long");
    });
  });
});

/** Sends bytes exactly as given (no client normalises the path) and reads the answer head. */
function rawRequest(port: number, head: string): Promise<{ status: number; headers: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
    let data = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      data += chunk;
      if (data.includes("\r\n\r\n")) {
        socket.destroy();
        const [statusLine = "", ...lines] = data.split("\r\n\r\n")[0]?.split("\r\n") ?? [];
        resolve({ status: Number(statusLine.split(" ")[1]), headers: lines.join("\n") });
      }
    });
    socket.on("error", reject);
    socket.on("end", () => resolve({ status: 0, headers: data }));
  });
}

const locationOf = (headers: string) => headers.match(/^location: (.*)$/im)?.[1]?.trim() ?? "";

/** The server's log lines at error level (the server writes JSON lines; stderr is mixed in). */
const errorLines = (output: string) =>
  output.split("\n").filter((line) => line.includes('"level":"error"') || /^\s+at /.test(line));

/**
 * Streams `bytes` of form data to `target`, with a Content-Length or in chunks, and stops
 * sending once the server answers: the status, the body and how long the answer took.
 */
function postLarge(
  port: number,
  target: string,
  bytes: number,
  chunked: boolean,
): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answered = false;
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: target,
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(bytes) }),
        },
      },
      (response) => {
        answered = true;
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body, ms: Date.now() - started });
        });
      },
    );
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (!answered && sent < bytes) {
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", pump);
          return;
        }
      }
      if (!answered) request.end();
    };
    pump();
  });
}

// One server whose every log line is kept (LOG_LEVEL=info): how it started, and what it
// made of an attacker's requests.
describe("a production server", () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await startBuiltServer({ LOG_LEVEL: "info" });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const logLine = (message: string) =>
    JSON.parse(
      server
        .output()
        .split("\n")
        .find((line) => line.includes(`"msg":"${message}"`)) ?? "{}",
    );

  describe("at start", () => {
    test("runs with NODE_ENV=production on every interface", () => {
      expect(logLine("server listening")).toMatchObject({
        nodeEnv: "production",
        host: "0.0.0.0",
      });
    });

    test("finds its pages' critical CSS pruned by the copy started before it, and serves the same rules", async () => {
      // The shared server started first, on the same release, and kept what it pruned there.
      const kept = path.join(testBuildRoot, "current", "cache", "critical-css");
      expect(readdirSync(kept).filter((name) => name.endsWith(".css")).length).toBeGreaterThan(5);
      const { criticalCss } = logLine("pages rendered");
      expect(criticalCss.found).toBeGreaterThan(5);
      expect(criticalCss.pruned).toBe(0);
      const shared = await sharedServer();
      try {
        for (const page of ["/", "/pricing", "/contact", "/blog"]) {
          const rulesOf = async (url: string) =>
            /<style id="app-styles"[^>]*>([\s\S]*?)<\/style>/.exec(
              await (await fetch(`${url}${page}`)).text(),
            )?.[1];
          const rules = await rulesOf(server.url);
          expect(rules, page).toBeTruthy();
          expect(rules, page).toBe(await rulesOf(shared.url));
        }
      } finally {
        await shared.stop();
      }
    });
  });

  describe("requests an attacker would send", () => {
    test.each([
      "//evil.example/",
      "/\\evil.example/",
      "/\\/evil.example/",
      "///evil.example//",
      "/%2F%2Fevil.example/",
      "/%5C%5Cevil.example/",
      "/%09/evil.example/",
      "/%0A/evil.example/",
      "/\t/evil.example/",
    ])("a redirect built from the path %j stays on this site", async (target) => {
      const answer = await rawRequest(
        server.port,
        `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      );
      if (answer.status === 301 || answer.status === 302) {
        const location = locationOf(answer.headers);
        // Resolved the way a browser would (it drops tabs and newlines, reads \ as /).
        const resolved = new URL(location, "http://localhost/");
        expect(resolved.host, location).toBe("localhost");
        expect(location, location).toMatch(/^\/(?![/\\\s])/);
      } else {
        expect(answer.status, target).toBeGreaterThanOrEqual(400);
        expect(answer.status, target).toBeLessThan(500);
      }
    });

    test("a malformed Host header answers 400 and a TRACE or unknown method 405, without an error in the log", async () => {
      const badHost = await rawRequest(
        server.port,
        "GET / HTTP/1.1\r\nHost: [\r\nConnection: close\r\n\r\n",
      );
      expect(badHost.status).toBe(400);
      const trace = await rawRequest(
        server.port,
        "TRACE / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
      );
      expect(trace.status).toBe(405);
      expect(trace.headers).toMatch(/^allow: GET, HEAD, POST, OPTIONS$/im);
      const put = await fetch(`${server.url}/contact`, { method: "PUT", body: "x" });
      expect(put.status).toBe(405);
      const absolute = await rawRequest(
        server.port,
        "GET http://evil.example/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
      );
      expect(absolute.status).toBe(400);
      const errors = (await server.loggedOutput())
        .split("\n")
        .filter((line) => line.includes('"level":"error"'));
      expect(errors).toEqual([]);
    });

    test.each([
      ["a port past 65535", "Host: localhost:99999", "/contact"],
      ["an IPv4 address out of range", "Host: 999.1.1.1", "/contact"],
      ["five numbers", "Host: 1.2.3.4.5", "/admin/sign-in"],
      ["a name ending in a number", "Host: foo.123", "/rss.xml"],
      ["an empty IPv6 address", "Host: [:]", "/contact"],
      ["two Host headers", "Host: localhost\r\nHost: evil.example", "/contact"],
      ["an encoded dot segment", "Host: localhost", "/blog/%2e%2e/admin/posts"],
      ["a plain dot segment", "Host: localhost", "/admin/../pricing"],
    ])(
      "a request with %s answers 400, without an error in the log",
      async (_case, host, target) => {
        const mark = server.output().length;
        const answer = await rawRequest(
          server.port,
          `GET ${target} HTTP/1.1\r\n${host}\r\nConnection: close\r\n\r\n`,
        );
        expect(answer.status).toBe(400);
        expect(errorLines(server.output().slice(mark))).toEqual([]);
      },
    );

    test("an oversized sign-in post is refused with 413 at once, with or without Content-Length, and the server stays healthy", async () => {
      for (const target of ["/admin/sign-in", "/admin/sign-in/link", "/admin/sign-in/passkey"]) {
        for (const chunked of [false, true]) {
          const answer = await postLarge(server.port, target, 64 * 1024 * 1024, chunked);
          expect(answer.status, `${target} chunked=${chunked}`).toBe(413);
          expect(answer.ms, `${target} chunked=${chunked}`).toBeLessThan(3_000);
          expect(answer.body).toMatch(/too large/i);
        }
      }
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(errorLines(server.output())).toEqual([]);
    }, 60_000);

    test("a request without a Host header answers 400 with the security headers, before the router", async () => {
      const mark = server.output().length;
      const answer = await rawRequest(server.port, "GET /contact HTTP/1.0\r\n\r\n");
      expect(answer.status).toBe(400);
      expect(answer.headers).toMatch(/^x-content-type-options: nosniff$/im);
      expect(answer.headers).toMatch(/^cache-control: no-store$/im);
      // Health checks that speak HTTP/1.0 without a Host (some load balancers do) still work.
      const health = await rawRequest(server.port, "GET /healthz HTTP/1.0\r\n\r\n");
      expect(health.status).toBe(200);
      expect(errorLines((await server.loggedOutput()).slice(mark))).toEqual([]);
    });

    test("a sign-in post that is not form data answers 415 with a short message, without an error in the log", async () => {
      const mark = server.output().length;
      for (const target of ["/admin/sign-in", "/admin/sign-in/link"]) {
        for (const type of ["text/plain", "application/json", "multipart/form-data"]) {
          const response = await fetch(`${server.url}${target}`, {
            method: "POST",
            headers: { "content-type": type },
            body: type === "application/json" ? '{"email":"a@b.example"}' : "email=a@b.example",
          });
          expect(response.status, `${target} ${type}`).toBe(415);
          expect(await response.text()).toContain("Send the form as a normal form post");
        }
      }
      expect(errorLines((await server.loggedOutput()).slice(mark))).toEqual([]);
    });

    test("requests anyone can send are logged as one JSON line each, none at error level", async () => {
      const mark = server.output().length;
      const form = { "content-type": "application/x-www-form-urlencoded" };
      const sent = [
        fetch(`${server.url}/pricing`, { method: "POST", headers: form, body: "a=1" }),
        fetch(`${server.url}/nope`, { method: "POST", headers: form, body: "a=1" }),
        fetch(`${server.url}/pricing.data`, { method: "POST", headers: form, body: "a=1" }),
        fetch(`${server.url}/admin/sign-in/passkey`),
        fetch(`${server.url}/contact`, {
          method: "POST",
          headers: { ...form, origin: "null", "sec-fetch-site": "same-origin" },
          body: "a=1",
        }),
      ];
      for (const response of await Promise.all(sent)) await response.text();
      for (const target of ["/%ff", "/%", "/%zz"]) {
        const answer = await rawRequest(
          server.port,
          `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
        );
        expect(answer.status, target).toBeGreaterThanOrEqual(400);
        expect(answer.status, target).toBeLessThan(500);
      }
      const lines = (await server.loggedOutput()).slice(mark).split("\n").filter(Boolean);
      const entries = lines.map((line) => {
        try {
          return JSON.parse(line) as { level: string; msg: string };
        } catch {
          throw new Error(`not a JSON log line: ${line}`);
        }
      });
      expect(entries.filter((entry) => entry.level === "error")).toEqual([]);
      // One request line for each of the eight, and for the health check that marks the end.
      expect(entries.filter((entry) => entry.msg === "request")).toHaveLength(9);
      // The request line, and at most one line saying why it was refused.
      expect(entries.length).toBeLessThanOrEqual(18);
    });

    test("error answers are short pages or messages with a title, Allow and Cache-Control", async () => {
      const form = { "content-type": "application/x-www-form-urlencoded" };
      // Addresses that are only data, and so is a page's data (what the browser asks for
      // between pages; the home page's is /_.data): no page, no framework's message.
      for (const target of [
        "/robots.txt",
        "/rss.xml",
        "/sitemap.xml",
        "/pricing.data",
        "/_.data",
      ]) {
        const response = await fetch(`${server.url}${target}`, {
          method: "POST",
          headers: form,
          body: "a=1",
        });
        expect(response.status, target).toBe(405);
        expect(response.headers.get("allow"), target).toBe("GET, HEAD");
        expect(response.headers.get("cache-control"), target).toBe("no-store");
        expect(await response.text(), target).toBe("Method not allowed.");
      }
      const pricing = await fetch(`${server.url}/pricing`, {
        method: "POST",
        headers: form,
        body: "a=1",
      });
      expect(pricing.status).toBe(405);
      expect(pricing.headers.get("allow")).toBe("GET, HEAD");
      expect(pricing.headers.get("cache-control")).toMatch(/no-(cache|store)/);
      const pricingPage = await pricing.text();
      expect(pricingPage).toMatch(/<title>[^<]+<\/title>/);
      // In the page's own words, not the framework's message for developers.
      expect(pricingPage).toContain("Nothing to send here");
      expect(pricingPage).not.toMatch(/did not provide an|You made a POST/);
      for (const target of ["/_.data", "/pricing.data", "/blog.data"]) {
        const data = await fetch(`${server.url}${target}`);
        expect(data.status, target).toBe(200);
        expect(data.headers.get("cache-control"), target).toBe("private, no-cache");
      }
      // The contact page's data carries its form's token: never stored at all.
      expect((await fetch(`${server.url}/contact.data`)).headers.get("cache-control")).toBe(
        "no-store",
      );
      const unknown = await fetch(`${server.url}/nope`, {
        method: "POST",
        headers: form,
        body: "a=1",
      });
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain("<title>Page not found");
      const passkey = await fetch(`${server.url}/admin/sign-in/passkey`);
      expect(passkey.status).toBe(405);
      expect(passkey.headers.get("allow")).toBe("POST");
      expect(await passkey.text()).not.toContain("Unexpected Server Error");
      const opaque = await fetch(`${server.url}/admin/sign-in`, {
        method: "POST",
        headers: { ...form, origin: "null", "sec-fetch-site": "same-origin" },
        body: "email=a@b.example",
      });
      expect(opaque.status).toBe(403);
      expect(opaque.headers.get("cache-control")).toBe("no-store");
      expect(opaque.headers.get("x-robots-tag")).toContain("noindex");
      for (const target of ["/contact", "/nope"]) {
        const [head, get] = await Promise.all([
          fetch(`${server.url}${target}`, { method: "HEAD" }),
          fetch(`${server.url}${target}`),
        ]);
        await get.text();
        for (const name of ["content-type", "cache-control", "x-content-type-options"]) {
          expect(head.headers.get(name), `${target} ${name}`).toBe(get.headers.get(name));
        }
      }
      const asset = await fetch(`${server.url}/assets/nope.js`);
      expect(asset.status).toBe(404);
      expect(asset.headers.get("cache-control")).toBe("no-store");
    });
  });
});

describe("slow clients", () => {
  // The limits are 10 s for headers and 30 s in all by default (checked in env.test.ts);
  // here they are 1 s and 3 s so the test need not wait half a minute to see them work.
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await startBuiltServer({ HEADERS_TIMEOUT_MS: "1000", REQUEST_TIMEOUT_MS: "3000" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Sends `head` then one more byte every 200 ms; resolves with how long the server kept it. */
  function dribble(head: string, drip: string): Promise<number> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = net.connect(server.port, "127.0.0.1", () => socket.write(head));
      const timer = setInterval(() => {
        if (!socket.destroyed) socket.write(drip);
      }, 200);
      const done = () => {
        clearInterval(timer);
        resolve(Date.now() - started);
      };
      socket.on("close", done);
      socket.on("error", () => {});
      socket.resume();
    });
  }

  test("a client that dribbles its headers or its body is cut off within seconds", async () => {
    const [headers, body] = await Promise.all([
      dribble("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ", "a"),
      dribble(
        "POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nname=",
        "a",
      ),
    ]);
    // Cut off once past the limit (Node looks every tenth of it), not kept alive by the drip.
    expect(headers).toBeGreaterThanOrEqual(1_000);
    expect(headers).toBeLessThan(2_500);
    expect(body).toBeGreaterThanOrEqual(3_000);
    expect(body).toBeLessThan(5_000);
    // The server is still answering everyone else.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 20_000);
});

describe("behind one trusted proxy (TRUST_PROXY=1)", () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await startBuiltServer({
      TRUST_PROXY: "1",
      CONTACT_RATE_LIMIT: "2",
      CONTACT_MIN_FILL_MS: "0",
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  // The proxy appends the address it saw; anything before it was written by the client.
  const sendVia = async (forwardedFor: string) =>
    (
      await postContact(
        server.url,
        { token: await formToken(server.url) },
        { headers: { "x-forwarded-for": forwardedFor } },
      )
    ).status;

  test("a client rotating the leftmost X-Forwarded-For still meets its own rate limit", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await sendVia(`10.9.${i}.1, 203.0.113.9`));
    expect(statuses).toEqual([200, 200, 429, 429]);
  });

  test("naming someone else's address does not use up their limit", async () => {
    for (let i = 0; i < 3; i++) await sendVia("198.51.100.7, 203.0.113.10");
    expect(await sendVia("198.51.100.7")).toBe(200);
  });

  test("an IPv6 client counts by its /64, so rotating addresses inside it does not help", async () => {
    expect(await sendVia("2001:db8:1:2::1")).toBe(200);
    expect(await sendVia("2001:db8:1:2::ffff")).toBe(200);
    expect(await sendVia("2001:db8:1:2:abcd:1234:5678:9abc")).toBe(429);
    expect(await sendVia("2001:db8:1:3::1")).toBe(200);
  });
});
