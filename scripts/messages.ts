// Contact messages for editors: `npm run messages -- <command>`.
//   list [--status pending|sent|failed] [--limit N]   messages with their delivery state
//   show <id>                                           one message in full
//   retry <id> | retry --failed                          send failed emails again
//   stats                                               how far behind delivery is
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { queryRows } from "#app/.server/db/client.ts";
import { DatabaseBusyError, openConfiguredDatabase } from "#app/.server/db/open.ts";
import { ConfigError, loadEnv } from "#app/.server/env.ts";
import { readMailBacklog } from "#app/.server/mail/backlog.ts";
import { printableLine, printableText } from "#app/.server/terminal.ts";

const usage = `Usage: npm run messages -- <command>

  list [--status pending|sent|failed] [--limit N]   list messages with their delivery state
  show <id>                                         print one message in full
  retry <id>                                        send one message's email again
  retry --failed                                    send every failed email again
  stats                                             emails queued and failed, and the oldest waiting

The running server delivers retried emails within MAIL_POLL_MS.`;

class UsageError extends Error {}

type Row = {
  id: string;
  created_at: string;
  name: string;
  email: string;
  message: string;
  status: string | null;
  attempts: number | null;
  last_error: string | null;
  sent_at: string | null;
};

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      status: { type: "string" },
      limit: { type: "string", default: "50" },
      failed: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return;
  }
  if (!["list", "show", "retry", "stats"].includes(command))
    throw new UsageError(`Unknown command "${command}".`);
  if (values.status && !["pending", "sent", "failed"].includes(values.status)) {
    throw new UsageError(`--status must be pending, sent or failed (got "${values.status}").`);
  }
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1)
    throw new UsageError(`--limit must be a positive whole number.`);

  const database = await openConfiguredDatabase(loadEnv(), { root: process.cwd(), poolSize: 2 });
  try {
    const { db } = database;
    if (command === "stats") {
      const backlog = await readMailBacklog(db);
      const oldest =
        backlog.oldestQueuedSeconds === null
          ? "none waiting"
          : `${formatAge(backlog.oldestQueuedSeconds)} ago`;
      console.log(`queued: ${backlog.queued}\nfailed: ${backlog.failed}\noldest queued: ${oldest}`);
      return;
    }
    if (command === "list") {
      const status = values.status ?? null;
      const result = await queryRows<Row>(
        db,
        sql`
        select m.id, m.created_at::text, m.name, m.email, m.message, o.status, o.attempts, o.last_error, o.sent_at::text
        from contact_messages m left join mail_outbox o on o.message_id = m.id
        where ${status}::text is null or o.status = ${status}
        order by m.created_at desc limit ${limit}`,
      );
      if (result.length === 0) {
        console.log("No messages.");
        return;
      }
      for (const row of result) {
        const state =
          row.status === "sent"
            ? `sent ${row.sent_at?.slice(0, 16)}`
            : `${row.status} (${row.attempts} attempts)`;
        console.log(
          `${row.created_at.slice(0, 16)}  ${row.id}  ${state.padEnd(28)}  ${printableLine(row.name)} <${printableLine(row.email)}>`,
        );
        if (row.status !== "sent" && row.last_error)
          console.log(`    last error: ${printableLine(row.last_error)}`);
      }
      return;
    }
    if (command === "show") {
      const id = rest[0];
      if (!id) throw new UsageError("show needs a message id (see `list`).");
      const result = await queryRows<Row>(
        db,
        sql`
        select m.id, m.created_at::text, m.name, m.email, m.message, o.status, o.attempts, o.last_error, o.sent_at::text
        from contact_messages m left join mail_outbox o on o.message_id = m.id where m.id::text = ${id}`,
      );
      const row = result[0];
      if (!row) throw new UsageError(`No message with id ${id}.`);
      console.log(
        `From:     ${printableLine(row.name)} <${printableLine(row.email)}>\nReceived: ${row.created_at}\nDelivery: ${row.status} (${row.attempts} attempts)${row.last_error ? `\nError:    ${printableLine(row.last_error)}` : ""}\n\n${printableText(row.message)}`,
      );
      return;
    }
    // retry
    const id = rest[0];
    if (!id && !values.failed)
      throw new UsageError("retry needs a message id, or --failed for every failed email.");
    const result = id
      ? await queryRows<{ id: string }>(
          db,
          sql`
          update mail_outbox set status = 'pending', attempts = 0, next_attempt_at = now(), last_error = null
          where message_id::text = ${id} and status <> 'sent' returning message_id as id`,
        )
      : await queryRows<{ id: string }>(
          db,
          sql`
          update mail_outbox set status = 'pending', attempts = 0, next_attempt_at = now(), last_error = null
          where status = 'failed' returning message_id as id`,
        );
    if (id && result.length === 0) throw new UsageError(`No unsent email for message ${id}.`);
    console.log(`${result.length} email(s) queued for delivery.`);
  } finally {
    await database.close();
  }
}

function formatAge(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7_200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3_600)} h`;
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${usage}`);
  } else if (error instanceof ConfigError || error instanceof DatabaseBusyError) {
    console.error(error.message);
  } else {
    console.error(`Could not complete the command: ${(error as Error).message}`);
  }
  process.exitCode = 1;
}
