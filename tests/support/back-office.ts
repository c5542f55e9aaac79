import type { ParsedMail } from "mailparser";
import { type CliResult, runCli, spawnCli } from "./cli.ts";

/**
 * `npm run admin -- …` as an operator runs it, against the given DATA_DIR/DATABASE_URL: in
 * this process, or with `spawn` as its own Node process through scripts/admin.ts. Either
 * way the embedded database is closed again when it resolves.
 */
export async function runAdminCli(
  args: string[],
  env: Record<string, string>,
  options: { spawn?: boolean } = {},
): Promise<CliResult> {
  const environment = { LOG_LEVEL: "warn", ...env };
  return options.spawn ? spawnCli("admin", args, environment) : runCli("admin", args, environment);
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
