import type { Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { signInLinkFromMail } from "./back-office.ts";
import { test as base, expect } from "./fixtures.ts";
import { journeySetting, MailFolder } from "./inbox-e2e.ts";

export type BackOffice = {
  /** http://localhost:PORT: passkeys need a host name, not an IP address. */
  url: string;
  adminEmail: string;
  /** How many emails the server has sent so far: `after` for mailTo. */
  mailCount(): number;
  /** The newest email to this address, waiting for it when `after` emails were there. */
  mailTo(address: string, after?: number): Promise<ParsedMail>;
  /**
   * Signs `page` in through an emailed link: the admin sends the person a new invitation
   * (Team page), and the page opens it from the email and presses "Sign in". This does not
   * spend the sign-in form's per-address and per-client limits.
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
 * The back office of the journey server (tests/support/playwright-global-setup.ts), which
 * every worker shares: its first admin (invited with the admin command, signed in once by
 * the setup) and its mail.
 *
 * One server and one database for every journey: each journey signs in as a person of its
 * own and sends leads and writes posts under names of its own, and looks only for those.
 * The sign-in form allows 5 requests per address and 20 per client (every journey comes
 * from 127.0.0.1) in 15 minutes: only the journeys about that form use it.
 */
function backOfficeFromEnvironment(): BackOffice {
  const url = journeySetting("E2E_BASE_URL");
  const mail = new MailFolder(journeySetting("E2E_MAIL_DIR"));
  const adminEmail = journeySetting("E2E_ADMIN_EMAIL");
  const cookie = journeySetting("E2E_ADMIN_COOKIE");
  const roles = new Map<string, "admin" | "editor" | "sales">([[adminEmail, "admin"]]);

  const mailTo = (address: string, after = 0) =>
    mail.waitFor((message) => message.recipients.includes(address), `to ${address}`, {
      from: after,
    });

  const office: BackOffice = {
    url,
    adminEmail,
    mailCount: () => mail.count(),
    mailTo,
    adminCookie: async () => cookie,
    async invite(email, role, name = "") {
      roles.set(email, role);
      const response = await fetch(`${url}/admin/team`, {
        method: "POST",
        headers: {
          Origin: url,
          Cookie: cookie,
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
      const before = mail.count();
      await office.invite(email, roles.get(email) ?? "admin");
      await page.goto(signInLinkFromMail(await mailTo(email, before)));
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("heading", { level: 1, name: /^Hello, / })).toBeVisible();
    },
    async signInWithForm(page, email) {
      const before = mail.count();
      await page.goto(`${url}/admin/sign-in`);
      await page.getByLabel("Email address").fill(email);
      await page.getByRole("button", { name: "Email me a sign-in link" }).click();
      await expect(page.getByRole("status")).toContainText("Check your email");
      await page.goto(signInLinkFromMail(await mailTo(email, before)));
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("heading", { level: 1, name: /^Hello, / })).toBeVisible();
    },
  };
  return office;
}

let shared: BackOffice | undefined;

/**
 * Back-office journeys: the journey server's back office, read once per worker. A test
 * fixture, not a worker one: a worker fixture of their own would make Playwright run
 * these journeys in workers of their own, started for them.
 */
export const test = base.extend<{ backOffice: BackOffice }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's arguments.
  backOffice: async ({}, use) => {
    shared ??= backOfficeFromEnvironment();
    await use(shared);
  },
});

export { expect };

/** The ids of the leads the inbox finds for `search` (a name or an address), newest first. */
export async function leadIdsNamed(backOffice: BackOffice, search: string): Promise<string[]> {
  const html = await (
    await fetch(`${backOffice.url}/admin/leads?q=${encodeURIComponent(search)}`, {
      headers: { Cookie: await backOffice.adminCookie() },
    })
  ).text();
  return [...html.matchAll(/href="\/admin\/leads\/([0-9a-f-]{36})/g)].map(
    (match) => match[1] ?? "",
  );
}

/** Sends one of a lead's forms as the first admin, without a browser. */
export async function setOnLead(
  backOffice: BackOffice,
  id: string,
  fields: Record<string, string>,
) {
  const response = await fetch(`${backOffice.url}/admin/leads/${id}`, {
    method: "POST",
    headers: {
      Cookie: await backOffice.adminCookie(),
      Origin: backOffice.url,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
  expect(response.status).toBe(200);
}
