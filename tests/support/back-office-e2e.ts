import type { Page } from "@playwright/test";
import { runAdminCli, signInLinkFromMail, signInWithLink } from "./back-office.ts";
import { defined } from "./defined.ts";
import { test as base, expect } from "./fixtures.ts";
import { freePort, type SpawnedServer, startBuiltServer } from "./server.ts";
import { startTestSmtp, type TestSmtp } from "./smtp.ts";
import { temporaryDirectory } from "./temporary-directory.ts";

export type BackOffice = {
  /** http://localhost:PORT: passkeys need a host name, not an IP address. */
  url: string;
  dataDir: string;
  smtp: TestSmtp;
  server: SpawnedServer;
  adminEmail: string;
  /** The newest email to this address, waiting for it when `after` emails were there. */
  mailTo(address: string, after?: number): Promise<import("mailparser").ParsedMail>;
  /**
   * Signs `page` in through an emailed link: the admin sends the person a new invitation
   * (Team page), and the page opens it from the email and presses "Sign in". This does not
   * spend the sign-in form's per-address and per-client limits, which every journey on the
   * worker's server shares (they come from one address).
   */
  signIn(page: Page, email: string): Promise<void>;
  /** Signs in as a visitor would from the sign-in page: asks for a link, opens the email. */
  signInWithForm(page: Page, email: string): Promise<void>;
  /** The first admin's session cookie, for setting things up without a browser. */
  adminCookie(): Promise<string>;
  /**
   * Adds a person with a role (as the admin, through the Team page's action); someone
   * already on the team gets a new link and keeps their role.
   */
  invite(email: string, role: "admin" | "editor" | "sales", name?: string): Promise<void>;
};

/**
 * A production server of its own for back-office journeys, with a loopback SMTP server,
 * and a first admin invited with `npm run admin -- invite` before it starts, as an
 * operator does.
 */
async function startBackOffice(): Promise<BackOffice & { close(): Promise<void> }> {
  const smtp = await startTestSmtp();
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = temporaryDirectory("back-office");
  const adminEmail = "ada@example.com";
  const env = { DATA_DIR: dataDir, SITE_URL: url };
  const invited = await runAdminCli(
    ["invite", adminEmail, "--role", "admin", "--name", "Ada Lovelace"],
    env,
  );
  if (invited.status !== 0) throw new Error(`admin invite failed: ${invited.stderr}`);
  const server = await startBuiltServer({
    ...env,
    PORT: String(port),
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: "200",
    CONTACT_MIN_FILL_MS: "0",
    CONTACT_RATE_LIMIT: "1000",
    LOG_LEVEL: "info",
  });
  // Generous: a slow machine takes a while to start a server and send its first email.
  const firstLink = signInLinkFromMail(
    defined((await smtp.waitFor(1, 45_000))[0], "the first email"),
  );
  let cookie: Promise<string> | null = null;
  const roles = new Map<string, "admin" | "editor" | "sales">([[adminEmail, "admin"]]);

  async function mailTo(address: string, after = 0) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      for (let i = smtp.messages.length - 1; i >= after; i--) {
        if (smtp.recipients[i]?.includes(address)) return defined(smtp.messages[i], `email ${i}`);
      }
      if (Date.now() > deadline) {
        throw new Error(
          `No email to ${address} among ${JSON.stringify(smtp.recipients)}; server said:\n${server
            .output()
            .split("\n")
            .filter((line) => !line.includes(`"msg":"request"`))
            .join("\n")
            .slice(-3000)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const office: BackOffice & { close(): Promise<void> } = {
    url,
    dataDir,
    smtp,
    server,
    adminEmail,
    mailTo,
    adminCookie() {
      cookie ??= signInWithLink(url, firstLink);
      return cookie;
    },
    async invite(email, role, name = "") {
      roles.set(email, role);
      const response = await fetch(`${url}/admin/team`, {
        method: "POST",
        headers: {
          Origin: url,
          Cookie: await office.adminCookie(),
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent: "invite", email, name, role }),
        redirect: "manual",
      });
      const page = await response.text();
      // Someone already on the team gets a new link and keeps their role.
      const sent = page.includes("Invitation emailed") || page.includes("is already on the team");
      if (response.status !== 200 || !sent) {
        throw new Error(`invite failed: ${response.status} ${response.headers.get("location")}`);
      }
    },
    async signIn(page, email) {
      const before = smtp.messages.length;
      await office.invite(email, roles.get(email) ?? "admin");
      await page.goto(signInLinkFromMail(await mailTo(email, before)));
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("heading", { level: 1, name: /^Hello, / })).toBeVisible();
    },
    async signInWithForm(page, email) {
      const before = smtp.messages.length;
      await page.goto(`${url}/admin/sign-in`);
      await page.getByLabel("Email address").fill(email);
      await page.getByRole("button", { name: "Email me a sign-in link" }).click();
      await expect(page.getByRole("status")).toContainText("Check your email");
      const mail = await mailTo(email, before);
      await page.goto(signInLinkFromMail(mail));
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("heading", { level: 1, name: /^Hello, / })).toBeVisible();
    },
    async close() {
      await server.stop();
      await smtp.close();
    },
  };
  return office;
}

/** Back-office journeys: one server per worker, shared by the worker's tests. */
export const test = base.extend<object, { backOffice: BackOffice }>({
  backOffice: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's arguments.
    async ({}, use) => {
      const office = await startBackOffice();
      await use(office);
      await office.close();
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

export { expect };
