import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { queryRows } from "#app/.server/db/client.ts";
import { onServer, runAdminCli, signInLinkIn, signInWithLink } from "../support/back-office.ts";
import { migratedDataDirectory } from "../support/database-template.ts";
import { createTestDatabase, type TestDatabase } from "../support/db.ts";
import { nginxBinary, type RunningNginx, startNginx } from "../support/nginx.ts";
import { freePort, type SpawnedServer, startBuiltServer } from "../support/server.ts";
import { startTestSmtp, type TestSmtp } from "../support/smtp.ts";

const root = path.resolve(import.meta.dirname, "../..");
const article = "/blog/writing-hooks-for-executives";
const browser =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** The repository's example configuration, its two upstream copies and port rewritten. */
function exampleSite(copyPorts: [number, number]) {
  return readFileSync(path.join(root, "deploy/nginx/northstory.conf"), "utf8")
    .replace("server 127.0.0.1:3001", `server 127.0.0.1:${copyPorts[0]}`)
    .replace("server 127.0.0.1:3002", `server 127.0.0.1:${copyPorts[1]}`)
    .replace("listen 80;", "listen 127.0.0.1:{{port}};")
    .replace("/var/cache/nginx/northstory", "{{prefix}}/cache");
}

describe.runIf(nginxBinary && process.env.TEST_DATABASE_URL)("two copies behind nginx", () => {
  let handle: TestDatabase;
  let smtp: TestSmtp;
  let proxy: RunningNginx;
  const copies: SpawnedServer[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    handle = await createTestDatabase("postgres");
    smtp = await startTestSmtp();
    env = {
      DATABASE_URL: handle.url ?? "",
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: "100",
      TRUST_PROXY: "1",
      CONTACT_MIN_FILL_MS: "0",
      CONTACT_RATE_LIMIT: "40",
    };
    const ports: [number, number] = [await freePort(), await freePort()];
    copies.push(
      ...(await Promise.all(ports.map((port) => startBuiltServer({ ...env, PORT: String(port) })))),
    );
    proxy = await startNginx(exampleSite(ports), "/healthz");
  }, 120_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all(copies.map((copy) => copy.stop()));
    await smtp?.close();
    await handle?.drop();
  });

  test("under load, with one copy stopped and started again: no failed request, every message stored and mailed once, every analytics event counted once, one shared rate limit", async () => {
    const home = await (await fetch(`${proxy.url}/`)).text();
    const asset = home.match(/\/assets\/[\w.-]+\.js/)?.[0] ?? "";
    expect(asset).not.toBe("");

    const failures: string[] = [];
    const contactAnswers: number[] = [];
    let requests = 0;
    let running = true;
    const get = async (page: string): Promise<string | null> => {
      requests++;
      try {
        const response = await fetch(`${proxy.url}${page}`);
        const body = await response.text();
        if (response.status !== 200) failures.push(`GET ${page} ${response.status}`);
        return body;
      } catch (error) {
        failures.push(`GET ${page} ${(error as Error).message}`);
        return null;
      }
    };
    const send = async (index: number) => {
      const form = await get("/contact");
      const token = form?.match(/name="token" value="([^"]+)"/)?.[1] ?? "";
      requests++;
      try {
        const response = await fetch(`${proxy.url}/contact`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            name: `Load Lead ${index}`,
            email: `lead${index}@example.com`,
            message: "Sent while a copy restarts.",
            token,
          }),
        });
        await response.arrayBuffer();
        contactAnswers.push(response.status);
        if (response.status !== 200 && response.status !== 429) {
          failures.push(`POST /contact ${response.status}`);
        }
      } catch (error) {
        failures.push(`POST /contact ${(error as Error).message}`);
      }
    };

    // A browser's analytics beacons, each naming its own page: every one answered is
    // counted once, whichever copy took it and even if that copy stopped a moment later.
    const beaconsAnswered: string[] = [];
    let beacons = 0;
    const beacon = async () => {
      const path = `/blog/relay-${beacons++}`;
      requests++;
      try {
        const response = await fetch(`${proxy.url}/events`, {
          method: "POST",
          headers: { "content-type": "text/plain", "user-agent": browser },
          body: JSON.stringify({ kind: "view", path }),
        });
        await response.arrayBuffer();
        if (response.status === 204) beaconsAnswered.push(path);
        else failures.push(`POST /events ${response.status}`);
      } catch (error) {
        failures.push(`POST /events ${(error as Error).message}`);
      }
    };

    const served = (lines: string[]) => lines.join("\n");
    let sent = 0;
    const workers = Array.from({ length: 6 }, async (_, worker) => {
      while (running) {
        await get("/");
        await get(article);
        await get(asset);
        await get("/pricing");
        if (worker < 2 && sent < 60) await send(sent++);
        // Under each copy's limit of 300 events a client (all arrive from nginx's address).
        if (worker >= 4 && beacons < 200) await beacon();
      }
    });

    // One copy goes away mid-load (as in a rolling deploy) and comes back on its port.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const stopped = copies[1];
    if (!stopped) throw new Error("no second copy");
    const linesBeforeStop = proxy.accessLog().length;
    expect(await stopped.stop("SIGTERM")).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    copies[1] = await startBuiltServer({ ...env, PORT: String(stopped.port) });
    const linesAtRestart = proxy.accessLog().length;
    // nginx tries a failed copy again once its fail_timeout (5 s) has passed; load goes on
    // until the restarted copy has served, and until every message was sent.
    const deadline = Date.now() + 30_000;
    while (
      Date.now() < deadline &&
      (contactAnswers.length < 60 ||
        !served(proxy.accessLog().slice(linesAtRestart)).includes(`:${stopped.port}`))
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    running = false;
    await Promise.all(workers);

    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(100);
    // The limit of 40 held across both copies: the rest were told to wait.
    const accepted = contactAnswers.filter((status) => status === 200).length;
    expect(contactAnswers.length).toBe(60);
    expect(accepted).toBe(40);
    const [row] = await queryRows<{ n: number }>(
      handle.database.db,
      sql`select count(*)::int as n from leads`,
    );
    expect(row?.n).toBe(40);
    await smtp.waitFor(40, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const subjects = smtp.messages.map((message) => message.subject);
    expect(subjects).toHaveLength(40);
    expect(new Set(subjects).size).toBe(40);
    // Both copies served before the stop, and the restarted one served again afterwards.
    const log = proxy.accessLog();
    expect(served(log.slice(0, linesBeforeStop))).toContain(`:${copies[0]?.port}`);
    expect(served(log.slice(0, linesBeforeStop))).toContain(`:${stopped.port}`);
    expect(served(log.slice(linesAtRestart))).toContain(`:${stopped.port}`);
    // Every beacon answered is stored once, none twice (each copy writes its batch every
    // two seconds, and before it stops).
    expect(beaconsAnswered.length).toBeGreaterThan(50);
    const stored = async () =>
      (
        await queryRows<{ path: string; n: number }>(
          handle.database.db,
          sql`select path, count(*)::int as n from analytics_events
            where path like '/blog/relay-%' group by path`,
        )
      ).map(({ path, n }) => `${path} ${n}`);
    const once = beaconsAnswered.map((path) => `${path} 1`).sort();
    await expect.poll(async () => (await stored()).sort(), { timeout: 10_000 }).toEqual(once);
    // After the first request, the hashed asset comes from the proxy's cache.
    const cached = await fetch(`${proxy.url}${asset}`);
    expect(cached.headers.get("x-cache-status")).toBe("HIT");
  }, 120_000);
});

describe.runIf(nginxBinary)("the back office behind nginx", () => {
  let copy: SpawnedServer;
  let proxy: RunningNginx;
  let editor: string;

  beforeAll(async () => {
    const dataDir = await migratedDataDirectory("proxy-admin");
    const invited = await runAdminCli(["invite", "ed@example.com", "--role", "editor"], {
      DATA_DIR: dataDir,
    });
    expect(invited.status, invited.stderr).toBe(0);
    copy = await startBuiltServer({ DATA_DIR: dataDir, TRUST_PROXY: "1" });
    // One copy (embedded database) behind both of the example's upstream entries.
    proxy = await startNginx(exampleSite([copy.port, copy.port]), "/healthz");
    editor = await signInWithLink(copy.url, onServer(signInLinkIn(invited.stdout), copy.url));
  }, 120_000);

  afterAll(async () => {
    await proxy?.stop();
    await copy?.stop();
  });

  test("a cover photo of several megabytes reaches the server; past the upload limit the answer is 413", async () => {
    const sharp = (await import("sharp")).default;
    // Noise compresses badly: a JPEG the size of a phone photo.
    const { randomBytes } = await import("node:crypto");
    const photo = await sharp(randomBytes(1800 * 1400 * 3), {
      raw: { width: 1800, height: 1400, channels: 3 },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(photo.length).toBeLessThan(10 * 1024 * 1024);
    const upload = (bytes: Uint8Array) => {
      const body = new FormData();
      body.set("image", new Blob([new Uint8Array(bytes)]), "phone.jpg");
      return fetch(`${proxy.url}/admin/posts/images`, {
        method: "POST",
        headers: { Cookie: editor },
        body,
      });
    };
    const response = await upload(photo);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, image: { width: 1800 } });
    // Beyond what the server would take, nginx stops it before it reaches a copy.
    expect((await upload(new Uint8Array(12 * 1024 * 1024))).status).toBe(413);
    // Other addresses keep the small limit.
    const contact = await fetch(`${proxy.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `message=${"x".repeat(2 * 1024 * 1024)}`,
    });
    expect(contact.status).toBe(413);
  }, 120_000);
});

/**
 * A copy that answers /healthz and drops every other request once it has read it, as a
 * copy that dies mid-request: nginx may then try the request on the next copy.
 */
async function startDroppingCopy() {
  const seen: string[] = [];
  const server = createServer((socket) => {
    let head = "";
    socket.on("data", (chunk) => {
      head += chunk;
      if (!head.includes("\r\n\r\n")) return;
      const line = head.slice(0, head.indexOf("\r\n"));
      if (line.startsWith("GET /healthz ")) {
        socket.end("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok");
        return;
      }
      seen.push(line);
      socket.destroy();
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(nginxBinary)("nginx retries on another copy", () => {
  test("a contact post is tried again on the next copy; a back-office post never is", async () => {
    const tries: Record<string, number> = {};
    for (const [method, url] of [
      ["POST", "/contact"],
      ["POST", "/contact.data"],
      ["POST", "/admin/leads/00000000-0000-4000-8000-000000000000"],
      ["POST", "/admin/sign-in/link"],
      ["GET", "/pricing"],
    ] as const) {
      // Fresh copies and proxy each time: a failed copy is skipped for 5 s afterwards.
      const copies = [await startDroppingCopy(), await startDroppingCopy()];
      const proxy = await startNginx(
        exampleSite([copies[0]?.port ?? 0, copies[1]?.port ?? 0]),
        "/healthz",
      );
      try {
        const response = await fetch(`${proxy.url}${url}`, {
          method,
          ...(method === "POST"
            ? {
                headers: { "content-type": "application/x-www-form-urlencoded" },
                body: "intent=note&note=hello",
              }
            : {}),
        });
        expect(response.status, url).toBe(502);
        tries[`${method} ${url}`] = copies.reduce((sum, copy) => sum + copy.seen.length, 0);
      } finally {
        await proxy.stop();
        await Promise.all(copies.map((copy) => copy.close()));
      }
    }
    expect(tries).toEqual({
      "POST /contact": 2,
      "POST /contact.data": 2,
      "POST /admin/leads/00000000-0000-4000-8000-000000000000": 1,
      "POST /admin/sign-in/link": 1,
      "GET /pricing": 2,
    });
  }, 60_000);
});
