import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import type { ReceivedRequest } from "./receiver.ts";
import { envelopeHeader } from "./smtp.ts";

/**
 * A setting of the journey server from the worker's environment (see JourneyEnv in
 * playwright-global-setup.ts). Missing when E2E_BASE_URL names a server started elsewhere,
 * whose mail and webhooks this run cannot read.
 */
export function journeySetting(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: this journey reads the journey server's mail or webhooks, which only the server the lane starts itself has. Run it without E2E_BASE_URL.`,
    );
  }
  return value;
}

export type ReceivedMail = { recipients: string[]; mail: ParsedMail };

/**
 * The journey server's sent mail, as the global setup's SMTP server wrote it: one .eml
 * file a message, numbered in arrival order, shared by every worker (each journey looks
 * for mail to its own addresses or about its own names).
 */
export class MailFolder {
  private readonly parsed = new Map<string, ReceivedMail>();
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  private names(): string[] {
    return readdirSync(this.dir)
      .filter((name) => name.endsWith(".eml"))
      .sort();
  }

  /** How many messages have arrived so far: the index the next one will have. */
  count(): number {
    return this.names().length;
  }

  /** Every message from index `from` on, in arrival order. */
  async messages(from = 0): Promise<ReceivedMail[]> {
    const all: ReceivedMail[] = [];
    for (const name of this.names().slice(from)) {
      let message = this.parsed.get(name);
      if (!message) {
        const mail = await simpleParser(readFileSync(path.join(this.dir, name)));
        const envelope = mail.headers.get(envelopeHeader.toLowerCase());
        const recipients = String(envelope ?? "")
          .split(",")
          .map((address) => address.trim())
          .filter(Boolean);
        message = { recipients, mail };
        this.parsed.set(name, message);
      }
      all.push(message);
    }
    return all;
  }

  /**
   * The newest message from index `from` on that `matches`, waiting for one (every 50 ms,
   * up to `timeoutMs`); the error lists what did arrive and quotes the server's log.
   */
  async waitFor(
    matches: (message: ReceivedMail) => boolean,
    what: string,
    options: { from?: number; timeoutMs?: number } = {},
  ): Promise<ParsedMail> {
    const deadline = Date.now() + (options.timeoutMs ?? 15_000);
    for (;;) {
      const messages = await this.messages(options.from);
      const found = messages.findLast(matches);
      if (found) return found.mail;
      if (Date.now() > deadline) {
        const arrived = messages.map((m) => `${m.recipients.join(", ")}: ${m.mail.subject}`);
        throw new Error(
          `No email ${what} among ${JSON.stringify(arrived, null, 1)}; the server said:\n${serverLogTail()}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The end of the journey server's log, without the lines about each request. */
function serverLogTail(): string {
  const file = process.env.E2E_SERVER_LOG;
  if (!file || !existsSync(file)) return "(no log)";
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => !line.includes(`"msg":"request"`))
    .join("\n")
    .slice(-3000);
}

/**
 * The webhook deliveries the CRM's stand-in accepted, as the global setup's receiver wrote
 * them (one .json file each, in arrival order), read afresh on every call.
 */
export function webhookDeliveries(dir: string): ReceivedRequest[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const stored = JSON.parse(readFileSync(path.join(dir, name), "utf8")) as Omit<
        ReceivedRequest,
        "json"
      >;
      let json: unknown = null;
      try {
        json = JSON.parse(stored.body);
      } catch {
        // not JSON
      }
      return { ...stored, json };
    });
}
