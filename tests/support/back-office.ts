import { spawnSync } from "node:child_process";
import path from "node:path";
import type { ParsedMail } from "mailparser";

const root = path.resolve(import.meta.dirname, "../..");

/** `npm run admin -- …` as an operator runs it, against the given DATA_DIR/DATABASE_URL. */
export function runAdminCli(args: string[], env: Record<string, string>) {
  const { NODE_ENV: _testRunner, ...inherited } = process.env;
  const result = spawnSync(process.execPath, [path.join(root, "scripts/admin.ts"), ...args], {
    cwd: root,
    env: { ...inherited, LOG_LEVEL: "warn", ...env },
    encoding: "utf8",
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The sign-in link in a printed or emailed text (with the page to return to, if any). */
export function signInLinkIn(text: string): string {
  const match =
    /https?:\/\/\S+\/admin\/sign-in\/link\?token=[A-Za-z0-9_-]+(?:&next=[\w%.~-]+)?/.exec(text);
  if (!match) throw new Error(`No sign-in link in:\n${text}`);
  return match[0];
}

export function signInLinkFromMail(mail: ParsedMail): string {
  return signInLinkIn(mail.text ?? "");
}

/** A link opened in a browser at `baseUrl` (the link's own origin may differ: 127.0.0.1). */
export function onServer(link: string, baseUrl: string): string {
  const url = new URL(link);
  return `${baseUrl}${url.pathname}${url.search}`;
}

/** Presses "Sign in" on a link's page; returns the session cookie ("name=value"). */
export async function signInWithLink(baseUrl: string, link: string): Promise<string> {
  const token = new URL(link).searchParams.get("token") ?? "";
  const response = await fetch(`${baseUrl}/admin/sign-in/link`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }),
  });
  const cookie = response.headers.get("set-cookie");
  if (response.status !== 302 || !cookie) {
    throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  }
  return cookie.split(";")[0] ?? "";
}
