import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runAdminCli, signInLinkFromMail, signInWithLink } from "./back-office.ts";
import { migratedDataDirectory, provideDatabaseTemplate } from "./database-template.ts";
import { defined } from "./defined.ts";
import { startReceiver } from "./receiver.ts";
import { freePort, startBuiltServer } from "./server.ts";
import { startTestSmtp } from "./smtp.ts";
import { temporaryDirectory } from "./temporary-directory.ts";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * What the journeys' workers learn about the server from their environment (Playwright
 * starts them after the global setup, with its environment). Read by fixtures.ts and the
 * *-e2e.ts fixtures.
 */
export type JourneyEnv = {
  /** http://localhost:PORT: the server's SITE_URL and every journey's baseURL. */
  E2E_BASE_URL: string;
  /** Every email the server sent, one .eml file each (see startTestSmtp). */
  E2E_MAIL_DIR: string;
  /** Every webhook delivery the CRM's stand-in accepted, one .json file each. */
  E2E_WEBHOOK_DIR: string;
  E2E_WEBHOOK_SECRET: string;
  /** The first admin, invited with the admin command before the server started. */
  E2E_ADMIN_EMAIL: string;
  /** That admin's session ("name=value"), for setting things up without a browser. */
  E2E_ADMIN_COOKIE: string;
  /** The server's log (JSON lines), for a journey to quote when something went missing. */
  E2E_SERVER_LOG: string;
};

/**
 * The one production server every browser journey runs against, started as an operator
 * does: a migrated embedded database, a first admin invited with `npm run admin -- invite`
 * before the start, a loopback SMTP server and a webhook receiver (the CRM) as the lead
 * channels. Mail and webhook deliveries are written to folders the workers read. Settings
 * for journeys: sending the contact form at once and often is allowed (CONTACT_MIN_FILL_MS,
 * CONTACT_RATE_LIMIT), and the outbox looks for mail every 200 ms.
 */
export async function startJourneyServer(
  options: { port?: number } = {},
): Promise<{ env: JourneyEnv; stop(): Promise<void> }> {
  const mailDir = temporaryDirectory("e2e-mail");
  const webhookDir = temporaryDirectory("e2e-webhooks");
  const smtp = await startTestSmtp({ folder: mailDir });
  const webhook = await startReceiver({ folder: webhookDir });
  const closeChannels = async () => {
    await webhook.close();
    await smtp.close();
  };
  try {
    const webhookSecret = `whsec_${Buffer.alloc(32, 5).toString("base64")}`;
    const port = options.port ?? (await freePort());
    // A host name, not an IP address: passkeys need one.
    const url = `http://localhost:${port}`;
    const dataDir = await migratedDataDirectory("e2e");
    const adminEmail = "ada@example.com";
    const invited = await runAdminCli(
      ["invite", adminEmail, "--role", "admin", "--name", "Ada Lovelace"],
      { DATA_DIR: dataDir, SITE_URL: url },
    );
    if (invited.status !== 0) throw new Error(`admin invite failed: ${invited.stderr}`);
    const server = await startBuiltServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: url,
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: "200",
      CONTACT_MIN_FILL_MS: "0",
      CONTACT_RATE_LIMIT: "1000",
      LEAD_WEBHOOK_URL: `${webhook.url}/hooks/leads`,
      LEAD_WEBHOOK_SECRET: webhookSecret,
      LOG_LEVEL: "info",
    });
    // Kept in test-results/ (not a temporary folder) to be read after a failed run.
    const serverLog = path.join(root, "test-results", "e2e-server.log");
    mkdirSync(path.dirname(serverLog), { recursive: true });
    writeFileSync(serverLog, server.output());
    for (const stream of [server.process.stdout, server.process.stderr]) {
      stream?.on("data", (chunk) => appendFileSync(serverLog, chunk));
    }
    try {
      // Generous: a slow machine takes a while to start a server and send its first email.
      const invitation = defined((await smtp.waitFor(1, 45_000))[0], "the first email");
      const adminCookie = await signInWithLink(url, signInLinkFromMail(invitation));
      return {
        env: {
          E2E_BASE_URL: url,
          E2E_MAIL_DIR: mailDir,
          E2E_WEBHOOK_DIR: webhookDir,
          E2E_WEBHOOK_SECRET: webhookSecret,
          E2E_ADMIN_EMAIL: adminEmail,
          E2E_ADMIN_COOKIE: adminCookie,
          E2E_SERVER_LOG: serverLog,
        },
        async stop() {
          await server.stop();
          await closeChannels();
        },
      };
    } catch (error) {
      await server.stop();
      throw error;
    }
  } catch (error) {
    await closeChannels();
    throw error;
  }
}

/**
 * Playwright's global setup: the journey server (above) for the whole run, its settings
 * handed to the workers through the environment; the returned function stops it. With
 * E2E_BASE_URL set, the journeys run against that server instead and nothing is started
 * (journeys that read mail or webhooks need the server started here; see fixtures.ts).
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;
  // The migrated database the server's data directory, and any other a journey starts a
  // server on, is copied from.
  await provideDatabaseTemplate();
  const journeys = await startJourneyServer({
    port: process.env.E2E_PORT ? Number(process.env.E2E_PORT) : undefined,
  });
  Object.assign(process.env, journeys.env);
  return () => journeys.stop();
}
