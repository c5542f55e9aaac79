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

/** A real SMTP server on loopback that keeps what it receives, parsed by mailparser. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const recipients: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          recipients.push(to);
          callback();
        })
        .catch(callback);
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
