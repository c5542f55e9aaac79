import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  onServer,
  runAdminCli,
  signInLinkFromMail,
  signInLinkIn,
  signInWithLink,
} from "../support/back-office.ts";
import { defined } from "../support/defined.ts";
import { type SpawnedServer, startBuiltServer } from "../support/server.ts";
import { startTestSmtp, type TestSmtp } from "../support/smtp.ts";
import { temporaryDirectory } from "../support/temporary-directory.ts";

// Every back-office address a signed-out visitor or a wrong role might try: pages, their
// `.data` twins (React Router's client navigation), resource routes and odd spellings.
const pages = ["/admin", "/admin/team", "/admin/account", "/admin/nothing-here", "/ADMIN/Team"];
const dataUrls = [
  "/admin.data",
  "/admin/team.data",
  "/admin/account.data",
  "/admin/team.data?_routes=routes%2Fadmin.team",
];

describe("back office: sign-in, sessions and roles", () => {
  let smtp: TestSmtp;
  let server: SpawnedServer;
  let base: string;
  let admin: string;

  const get = (path: string, cookie?: string) =>
    fetch(`${base}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  const post = (path: string, body: Record<string, string>, cookie?: string, origin = base) =>
    fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: origin,
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(body),
    });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    const dataDir = temporaryDirectory("admin");
    // The operator's first step, before the server runs (the embedded database allows one
    // process at a time): invite the first admin. The one run of scripts/admin.ts as its own
    // process, on a new data directory, as an operator runs it; other tests run the command
    // in process.
    const invited = await runAdminCli(
      ["invite", "Ada@Example.com", "--role", "admin", "--name", "Ada Lovelace"],
      { DATA_DIR: dataDir },
      { spawn: true },
    );
    expect(invited.status, invited.stderr).toBe(0);
    expect(invited.stdout).toContain("ada@example.com can sign in as admin");
    const printed = signInLinkIn(invited.stdout);
    server = await startBuiltServer({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: "200",
      // As behind a TLS-terminating proxy on this machine (see the HTTPS cookie test).
      TRUST_PROXY: "loopback",
    });
    base = server.url;
    // The server's outbox sends the invitation the command queued: the same link.
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toBe("You're invited to the Northstory back office");
    expect(signInLinkFromMail(defined(mail, "the invitation email"))).toBe(printed);
    admin = await signInWithLink(base, onServer(printed, base));
  });

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  test("a signed-out visitor is sent to sign-in from every page and .data, and sees nothing", async () => {
    for (const path of pages) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toMatch(/^\/admin\/sign-in/);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(response.headers.get("x-robots-tag"), path).toContain("noindex");
    }
    expect((await get("/admin/team")).headers.get("location")).toBe(
      "/admin/sign-in?next=%2Fadmin%2Fteam",
    );
    for (const path of dataUrls) {
      const response = await get(path);
      const body = await response.text();
      // React Router's answer to a client navigation: "go to sign-in", nothing else.
      expect([202, 302, 403], path).toContain(response.status);
      expect(body, path).toContain("/admin/sign-in");
      expect(body, path).not.toContain("ada@example.com");
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
    const action = await post("/admin/team", {
      intent: "invite",
      email: "x@example.com",
      role: "admin",
    });
    expect(action.status).toBe(302);
    expect(smtp.messages.map((mail) => mail.to)).toHaveLength(1);
  });

  test("the sign-in link works once; it signs in with a fresh HttpOnly, SameSite=Lax cookie", async () => {
    const page = await get("/admin", admin);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Hello, Ada Lovelace");
    // The same link again: refused, and no cookie.
    const again = await post("/admin/sign-in/link", {
      token:
        new URL(signInLinkFromMail(defined(smtp.messages[0], "the first email"))).searchParams.get(
          "token",
        ) ?? "",
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This sign-in link has already been used.");
    expect(again.headers.get("set-cookie")).toBeNull();
    // A made-up token is refused the same way, without touching the database's secrets.
    const forged = await get(
      "/admin/sign-in/link?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    );
    expect(await forged.text()).toContain("This sign-in link is not valid.");
  });

  test("behind an HTTPS proxy the session cookie is __Host- prefixed and Secure", async () => {
    const before = smtp.messages.length;
    await post("/admin/sign-in", { email: "ada@example.com" });
    const link = signInLinkFromMail((await smtp.waitFor(before + 1)).at(-1) as ParsedMail);
    const response = await fetch(`${base}/admin/sign-in/link`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: base.replace("http:", "https:"),
        "X-Forwarded-Proto": "https",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ token: new URL(link).searchParams.get("token") ?? "" }),
    });
    expect(response.status).toBe(302);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^__Host-northstory_session=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    // That cookie is not accepted over plain HTTP, and a plain one not over HTTPS.
    const secureCookie = cookie.split(";")[0] ?? "";
    expect((await get("/admin", secureCookie)).status).toBe(302);
    const overHttps = await fetch(`${base}/admin`, {
      redirect: "manual",
      headers: { Cookie: secureCookie, "X-Forwarded-Proto": "https" },
    });
    expect(overHttps.status).toBe(200);
    const plainOverHttps = await fetch(`${base}/admin`, {
      redirect: "manual",
      headers: { Cookie: admin, "X-Forwarded-Proto": "https" },
    });
    expect(plainOverHttps.status).toBe(302);
  });

  test("asking for a link says the same whether or not the address is on the team, and is rate-limited", async () => {
    const before = smtp.messages.length;
    const known = await post("/admin/sign-in", { email: "ada@example.com" });
    const unknown = await post("/admin/sign-in", { email: "nobody@example.com" });
    const knownText = (await known.text()).replace(/ada@example\.com/g, "ADDRESS");
    const unknownText = (await unknown.text()).replace(/nobody@example\.com/g, "ADDRESS");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const notice = (html: string) => /<div role="status"[\s\S]*?<\/div>/.exec(html)?.[0];
    expect(notice(knownText)).toBeDefined();
    expect(notice(knownText)).toBe(notice(unknownText));
    await smtp.waitFor(before + 1);
    expect(smtp.recipients.at(-1)).toEqual(["ada@example.com"]);
    // Five requests per address in a quarter hour; the sixth is refused, and says why.
    for (let i = 0; i < 4; i++) await post("/admin/sign-in", { email: "nobody@example.com" });
    const refused = await post("/admin/sign-in", { email: "nobody@example.com" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many sign-in requests.");
    // A malformed address gets a specific message and sends nothing.
    const bad = await post("/admin/sign-in", { email: "not an address" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter an email address like name@company.com.");
  });

  test("a sales user gets 403 on the team page, its .data and its actions; an admin invites them", async () => {
    const invite = await post(
      "/admin/team",
      { intent: "invite", email: "sam@example.com", name: "Sam Seller", role: "sales" },
      admin,
    );
    expect(invite.status).toBe(200);
    expect(await invite.text()).toContain("Invitation emailed to sam@example.com (Sales)");
    const mails = await smtp.waitFor(smtp.messages.length);
    const samMail = await (async () => {
      for (let i = 0; i < 100; i++) {
        const found = smtp.messages.find((mail) =>
          smtp.recipients[smtp.messages.indexOf(mail)]?.includes("sam@example.com"),
        );
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`No invitation for Sam among ${mails.length} emails`);
    })();
    expect(samMail.text).toContain("Ada Lovelace invited you");
    const sam = await signInWithLink(base, onServer(signInLinkFromMail(samMail), base));

    const home = await get("/admin", sam);
    const homeText = await home.text();
    expect(homeText).toContain("Hello, Sam Seller");
    expect(homeText).not.toContain('href="/admin/team"');
    for (const path of [
      "/admin/team",
      "/admin/team.data",
      "/admin/team.data?_routes=routes%2Fadmin.team",
    ]) {
      const response = await get(path, sam);
      expect(response.status, path).toBe(403);
      const body = await response.text();
      expect(body, path).not.toContain("ada@example.com");
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
    const escalate = await post(
      "/admin/team",
      { intent: "invite", email: "sam2@example.com", role: "admin" },
      sam,
    );
    expect(escalate.status).toBe(403);
    const people = await (await get("/admin/team", admin)).text();
    expect(people).not.toContain("sam2@example.com");
  });

  test("an invitation is pending until used, lasts 7 days, leads to its first page, and can be resent or revoked; disabling takes a second step", async () => {
    const wrongPage = await post(
      "/admin/team",
      { intent: "invite", email: "pat@example.com", role: "sales", start: "/admin/posts" },
      admin,
    );
    expect(wrongPage.status).toBe(400);
    expect(await wrongPage.text()).toContain("Sales cannot open Posts: choose another first page.");

    const before = smtp.messages.length;
    const invite = await post(
      "/admin/team",
      {
        intent: "invite",
        email: "pat@example.com",
        name: "Pat Pending",
        role: "sales",
        start: "/admin/leads",
      },
      admin,
    );
    expect(await invite.text()).toContain("Its link works for 7 days");
    const mail = defined(
      (await smtp.waitFor(before + 1)).find((_, i) =>
        smtp.recipients[i]?.includes("pat@example.com"),
      ),
      "Pat's invitation",
    );
    expect(mail.text).toContain("within 7 days");
    const link = new URL(signInLinkFromMail(mail));
    expect(link.searchParams.get("next")).toBe("/admin/leads");

    const team = await (await get("/admin/team", admin)).text();
    const row = team.slice(
      team.indexOf("Pat Pending"),
      team.indexOf("</li>", team.indexOf("Pat Pending")),
    );
    expect(row).toContain("Pending");
    const until = /its link works until (\d+ \w+ \d{4})/.exec(row)?.[1] ?? "";
    const days = (Date.parse(until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(5.5);
    expect(days).toBeLessThan(7.5);
    expect(row).toContain("Resend invitation");
    const patId = /name="id" value="([0-9a-f-]{36})"/.exec(row)?.[1] ?? "";

    // Someone who has signed in cannot be revoked, only disabled; and that takes a confirmation.
    const samRow = team.slice(
      team.indexOf("Sam Seller"),
      team.indexOf("</li>", team.indexOf("Sam Seller")),
    );
    expect(samRow).not.toContain("Pending");
    expect(samRow).toMatch(/<summary[^>]*>Disable…/);
    expect(samRow).toContain("Yes, disable Sam Seller");
    const samId = /name="id" value="([0-9a-f-]{36})"/.exec(samRow)?.[1] ?? "";
    const notRevoked = await post("/admin/team", { intent: "revoke", id: samId }, admin);
    expect(notRevoked.status).toBe(409);

    const revoked = await post("/admin/team", { intent: "revoke", id: patId }, admin);
    expect(await revoked.text()).toContain("The invitation to pat@example.com is withdrawn");
    expect(await (await get("/admin/team", admin)).text()).not.toContain("pat@example.com");
    const used = await post("/admin/sign-in/link", {
      token: link.searchParams.get("token") ?? "",
      next: "/admin/leads",
    });
    expect(used.status).not.toBe(302);
  });

  test("signing in by email returns to the page asked for, and never to another site", async () => {
    const form = await (await get("/admin/sign-in?next=%2Fadmin%2Fteam%3Fx%3D1")).text();
    expect(form).toContain('<input type="hidden" name="next" value="/admin/team?x=1"/>');
    let before = smtp.messages.length;
    await post("/admin/sign-in", { email: "ada@example.com", next: "/admin/team?x=1" });
    const link = signInLinkFromMail(defined((await smtp.waitFor(before + 1)).at(-1), "the link"));
    expect(new URL(link).searchParams.get("next")).toBe("/admin/team?x=1");
    const linkPage = await (await get(new URL(link).pathname + new URL(link).search)).text();
    expect(linkPage).toContain('<input type="hidden" name="next" value="/admin/team?x=1"/>');
    const signedIn = await post("/admin/sign-in/link", {
      token: new URL(link).searchParams.get("token") ?? "",
      next: "/admin/team?x=1",
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/admin/team?x=1");

    // Another site as the page to return to: dropped at every step.
    for (const evil of ["//evil.example", "/\\evil.example", "https://evil.example/admin"]) {
      const page = await (await get(`/admin/sign-in?next=${encodeURIComponent(evil)}`)).text();
      expect(page, evil).not.toContain('name="next"');
    }
    before = smtp.messages.length;
    await post("/admin/sign-in", { email: "sam@example.com", next: "//evil.example" });
    const samLink = signInLinkFromMail(
      defined((await smtp.waitFor(before + 1)).at(-1), "Sam's link"),
    );
    expect(new URL(samLink).searchParams.has("next")).toBe(false);
    const token = new URL(samLink).searchParams.get("token") ?? "";
    const tampered = await (
      await get(`/admin/sign-in/link?token=${token}&next=${encodeURIComponent("/\\evil.example")}`)
    ).text();
    expect(tampered).toMatch(/Continue as (<!-- -->)?<strong>sam@example.com<\/strong>/);
    expect(tampered).not.toContain('name="next"');
    const samIn = await post("/admin/sign-in/link", { token, next: "/\\evil.example" });
    expect(samIn.status).toBe(302);
    expect(samIn.headers.get("location")).toBe("/admin");
  });

  test("state-changing posts from another site are refused, even with a valid session", async () => {
    const response = await post(
      "/admin/team",
      { intent: "invite", email: "mallory@example.com", role: "admin" },
      admin,
      "https://evil.example",
    );
    expect(response.status).toBe(403);
    expect(await (await get("/admin/team", admin)).text()).not.toContain("mallory@example.com");
  });

  test("the last admin cannot be demoted or disabled", async () => {
    const html = await (await get("/admin/team", admin)).text();
    const id = /name="id" value="([0-9a-f-]{36})"/.exec(html)?.[1];
    expect(id).toBeDefined();
    const demote = await post(
      "/admin/team",
      { intent: "role", id: defined(id, "the colleague's id"), role: "sales" },
      admin,
    );
    expect(demote.status).toBe(409);
    expect(await demote.text()).toContain("The team needs at least one admin who can sign in.");
  });

  test("inviting someone already on the team sends a fresh link and keeps their role", async () => {
    // The only admin asks for a new link through the Invite form, whose role reads "Sales".
    const before = smtp.messages.length;
    const again = await post(
      "/admin/team",
      { intent: "invite", email: "ADA@example.com", name: "", role: "sales" },
      admin,
    );
    expect(again.status).toBe(200);
    const text = await again.text();
    expect(text).toContain("ada@example.com is already on the team as Admin");
    expect(text).toContain("use the Role control");
    // Still an admin: the team page opens, and the link arrives.
    expect((await get("/admin/team", admin)).status).toBe(200);
    await smtp.waitFor(before + 1);
    expect(smtp.recipients.at(-1)).toEqual(["ada@example.com"]);
  });

  test("signing out ends the session; signing out everywhere ends every session", async () => {
    const second = await signInWithLink(
      base,
      await (async () => {
        const before = smtp.messages.length;
        await post("/admin/sign-in", { email: "ada@example.com" });
        const mails = await smtp.waitFor(before + 1);
        return onServer(signInLinkFromMail(defined(mails.at(-1), "the newest email")), base);
      })(),
    );
    expect(second).not.toBe(admin);
    const out = await post("/admin/sign-out", {}, second);
    expect(out.status).toBe(302);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await get("/admin", second)).status).toBe(302);
    // The first session is untouched by the second's sign-out...
    expect((await get("/admin", admin)).status).toBe(200);
    // ...until "sign out everywhere".
    const everywhere = await post("/admin/account", { intent: "sign-out-everywhere" }, admin);
    expect(everywhere.status).toBe(302);
    expect((await get("/admin", admin)).status).toBe(302);
  });

  test("every admin response is private: no-store, noindex, the site's CSP; the sitemap has none", async () => {
    const response = await get("/admin/sign-in");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toContain("noindex");
    expect(response.headers.get("content-security-policy")).toMatch(/script-src [^;]*'nonce-/);
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/admin");
  });
});
