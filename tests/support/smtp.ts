import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { downUntilUp } from "./tcp-proxy.ts";

export type TestSmtp = {
  url: string;
  port: number;
  messages: ParsedMail[];
  /** Raw RCPT TO addresses of every accepted message. */
  recipients: string[][];
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
};

/** The header a message written to a folder carries its envelope's recipients in. */
export const envelopeHeader = "X-Envelope-To";

/**
 * A real SMTP server on loopback that keeps what it receives, parsed by mailparser. With
 * `folder`, each message is also written there as it arrived (000001.eml, 000002.eml, … in
 * arrival order, its envelope's recipients in an X-Envelope-To header on top) for other
 * processes to read: Playwright's workers read the browser journeys' mail this way.
 */
export async function startTestSmtp(options: { folder?: string } = {}): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const recipients: string[][] = [];
  let written = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        if (options.folder) {
          const name = `${String(++written).padStart(6, "0")}.eml`;
          // Written under another name first: a reader never sees half a message.
          const partial = path.join(options.folder, `.${name}.partial`);
          writeFileSync(
            partial,
            Buffer.concat([Buffer.from(`${envelopeHeader}: ${to.join(", ")}\r\n`), raw]),
          );
          renameSync(partial, path.join(options.folder, name));
        }
        simpleParser(raw)
          .then((mail) => {
            messages.push(mail);
            recipients.push(to);
            callback();
          })
          .catch(callback);
      });
    },
  });
  // Port 0: the system picks a free port and the server holds it from then on.
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const listenPort = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${listenPort}`,
    port: listenPort,
    messages,
    recipients,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`Expected ${count} emails, got ${messages.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A mail server that is down until `comeUp()` (see downUntilUp). */
export async function startDownSmtp(): Promise<{
  url: string;
  comeUp(): TestSmtp;
  close(): Promise<void>;
}> {
  const smtp = await startTestSmtp();
  const front = await downUntilUp(smtp.port);
  const url = `smtp://127.0.0.1:${front.port}`;
  const close = async () => {
    await front.close();
    await smtp.close();
  };
  return {
    url,
    close,
    comeUp() {
      front.comeUp();
      return { ...smtp, url, port: front.port, close };
    },
  };
}
