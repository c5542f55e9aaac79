import { readdirSync, readFileSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { emailSignInLink } from "#app/.server/auth/sign-in-mail.ts";
import { upsertInvitedUser } from "#app/.server/auth/users.ts";
import { queryRows } from "#app/.server/db/client.ts";
import { createLogger } from "#app/.server/log.ts";
import { createMailSender, deliverDueMail } from "#app/.server/mail/outbox.ts";
import { onServer, runAdminCli, signInLinkIn, signInWithLink } from "../support/back-office.ts";
import { migratedDataDirectory } from "../support/database-template.ts";
import { createTestDatabase } from "../support/db.ts";
import { type SpawnedServer, startBuiltServer } from "../support/server.ts";
import { sharedServer } from "../support/shared-server.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

// What one person's access leaves behind when it is taken away, and what another site can
// make a signed-in browser do.

test("a sign-in email, once sent, leaves no usable link in the outbox, and its .eml file is readable by the server's user alone", async () => {
  const handle = await createTestDatabase("pglite");
  const dataDir = temporaryDirectory("outbox");
  try {
    const db = handle.database.db;
    const { user } = await upsertInvitedUser(db, {
      email: "kept@example.com",
      name: "",
      role: "sales",
    });
    const link = await emailSignInLink(
      { database: handle.database, kickMail: () => {} },
      { user, origin: "https://n.example", kind: "sign-in" },
    );
    const token = new URL(link.url).searchParams.get("token") ?? "";
    const before = await queryRows<{ payload: unknown }>(db, sql`select payload from mail_outbox`);
    expect(JSON.stringify(before)).toContain(token);
    const sent = await deliverDueMail({
      db,
      sender: createMailSender({ dataDir }),
      from: "website@northstory.example",
      to: "team@northstory.example",
      log: createLogger("silent"),
    });
    expect(sent.sent).toBe(1);
    const after = await queryRows<{ payload: unknown; status: string }>(
      db,
      sql`select payload, status from mail_outbox`,
    );
    expect(after.map((row) => row.status)).toEqual(["sent"]);
    expect(JSON.stringify(after)).not.toContain(token);
    // The email itself went out with the link (here: the .eml file, as without SMTP).
    const [file] = readdirSync(path.join(dataDir, "mail"));
    const eml = path.join(dataDir, "mail", file ?? "");
    expect(readFileSync(eml, "utf8")).toContain(token.slice(0, 20));
    expect(statSync(eml).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dataDir, "mail")).mode & 0o777).toBe(0o700);
  } finally {
    await handle.drop();
  }
});

describe("the lead and analytics CSVs, asked for by another site", () => {
  let server: SpawnedServer;
  let cookie = "";
  beforeAll(async () => {
    const dataDir = await migratedDataDirectory("csv");
    const invited = await runAdminCli(["invite", "sam@example.com", "--role", "sales"], {
      DATA_DIR: dataDir,
    });
    expect(invited.status, invited.stderr).toBe(0);
    server = await startBuiltServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
    cookie = await signInWithLink(server.url, onServer(signInLinkIn(invited.stdout), server.url));
  });
  afterAll(async () => {
    await server?.stop();
  });

  const download = (site?: string, path = "/admin/leads.csv") =>
    fetch(`${server.url}${path}`, {
      headers: { Cookie: cookie, ...(site ? { "Sec-Fetch-Site": site } : {}) },
    });

  test("is refused when another site's page made the browser ask, and nothing is logged as exported", async () => {
    const mark = server.output().length;
    for (const site of ["cross-site", "same-site"]) {
      const refused = await download(site);
      expect(refused.status, site).toBe(403);
      expect(refused.headers.get("content-disposition"), site).toBeNull();
      expect(await refused.text()).toContain("Download this from the back office itself");
    }
    expect((await server.loggedOutput()).slice(mark)).not.toContain('"msg":"leads exported"');
  });

  test("the analytics CSV likewise; asked for from the back office or typed in, it is sent", async () => {
    for (const site of ["cross-site", "same-site"]) {
      const refused = await download(site, "/admin/analytics.csv?days=30");
      expect(refused.status, site).toBe(403);
      expect(await refused.text()).toContain("Download this from the back office itself");
    }
    for (const site of ["same-origin", "none"]) {
      const sent = await download(site, "/admin/analytics.csv?days=30");
      expect(sent.status, site).toBe(200);
      expect((await sent.text()).split("\n")[0]).toBe(
        "source,medium,campaign,visitors,leads,conversion",
      );
    }
  });

  test("someone signed in who may not write posts cannot send a post's worth of body either", async () => {
    expect(await answerBeforeTheBody(server.port, "/admin/posts/images", 5_000_000, cookie)).toBe(
      "HTTP/1.1 401 Unauthorized",
    );
  });

  test("is sent from the back office's own link, a typed address and a client without browser headers", async () => {
    for (const site of ["same-origin", "none", undefined]) {
      const sent = await download(site);
      expect(sent.status, String(site)).toBe(200);
      expect(sent.headers.get("content-disposition"), String(site)).toContain("attachment");
      await sent.text();
    }
  });
});

test("back-office answers carry one Referrer-Policy, the back office's own", async () => {
  const server = await sharedServer();
  try {
    for (const path of ["/admin/sign-in", "/admin/leads", "/admin/sign-in.data"]) {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect(response.headers.get("referrer-policy"), path).toBe("same-origin");
      await response.arrayBuffer();
    }
    // Public pages keep the site's.
    const home = await fetch(server.url);
    expect(home.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  } finally {
    await server.stop();
  }
});

test("back-office pages get a policy of their own: no third-party script, no inline style, no outside image but in the post editor", async () => {
  const server = await sharedServer();
  const policyOf = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
    await response.arrayBuffer();
    const policy = response.headers.get("content-security-policy") ?? "";
    return Object.fromEntries(
      policy.split(";").map((part) => {
        const [name = "", ...sources] = part.trim().split(/\s+/);
        return [name, sources];
      }),
    ) as Record<string, string[]>;
  };
  try {
    for (const path of ["/admin/sign-in", "/admin", "/admin/leads", "/admin/no-such-page"]) {
      const policy = await policyOf(path);
      expect(policy["script-src"]?.join(" "), path).toMatch(/^'self' 'nonce-[\w+/=]+'$/);
      expect(policy["style-src"]?.join(" "), path).toMatch(/^'self' 'nonce-[\w+/=]+'$/);
      expect(policy["img-src"], path).toEqual(["'self'", "data:", "blob:"]);
      expect(policy["frame-src"], path).toEqual(["'none'"]);
    }
    expect((await policyOf("/admin/posts/new"))["img-src"]).toContain("https:");
    // Every inline <script> and <style> of a back-office page carries the response's nonce:
    // without it the page paints unstyled (its first-paint styles are inline).
    const page = await fetch(`${server.url}/admin/sign-in`);
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
    const html = await page.text();
    const inline = [...html.matchAll(/<(script|style)\b(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(1);
    for (const [tag, , attributes] of inline) {
      if (/type="application\/ld\+json"/.test(attributes ?? "")) continue;
      expect(attributes, tag).toContain(`nonce="${nonce}"`);
    }
    // Public pages keep the site's policy (the scheduler's script, embedded videos).
    const home = await policyOf("/book-a-call");
    expect(home["script-src"]?.length).toBeGreaterThan(2);
    expect(home["frame-src"]).toContain("https://www.youtube-nocookie.com");
  } finally {
    await server.stop();
  }
});

/**
 * Sends the head of a POST declaring `declared` bytes and then only 1 KB of them; resolves
 * with the status line the server answered with while the rest was still to come (or
 * "no answer" after 3 s).
 */
function answerBeforeTheBody(port: number, target: string, declared: number, cookie = "") {
  return new Promise<string>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(
        `POST ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${declared}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ""}\r\n`,
      );
      socket.write("a".repeat(1024));
    });
    let answer = "";
    const timer = setTimeout(() => done("no answer"), 3_000);
    const done = (line: string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(line);
    };
    socket.on("data", (chunk) => {
      answer += chunk;
      if (answer.includes("\r\n")) done(answer.split("\r\n")[0] ?? "");
    });
    socket.on("error", () => done("no answer"));
  });
}

test("a post larger than a form is refused before its body is read unless an editor is signed in", async () => {
  const server = await sharedServer();
  try {
    for (const target of ["/admin/posts/images", "/admin/posts/new", "/admin/posts/new.data"]) {
      expect(await answerBeforeTheBody(server.port, target, 5_000_000), target).toBe(
        "HTTP/1.1 401 Unauthorized",
      );
    }
    // A form-sized post still reaches the page, which sends a signed-out visitor to sign in.
    const small = await fetch(`${server.url}/admin/posts/new`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=save",
    });
    expect([302, 303]).toContain(small.status);
  } finally {
    await server.stop();
  }
});
