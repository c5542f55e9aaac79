// `npm run leads -- <command>` (the commands are listed in scripts/leads.ts, which runs
// this): leads and their deliveries, and the standalone emails, for editors and operators.
// A function of its arguments and CommandIo (./io.ts), so tests also run it in process.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { queryRows } from "#app/.server/db/client.ts";
import { openConfiguredDatabase } from "#app/.server/db/open.ts";
import { type OutboxChannel, outboxChannels } from "#app/.server/db/schema.ts";
import { loadEnv } from "#app/.server/env.ts";
import { readMailBacklog } from "#app/.server/mail/backlog.ts";
import {
  type DeliveryRow,
  deliveriesOfLeads,
  findNotice,
  leadHasDelivery,
  listNotices,
  requeueDeliveries,
} from "#app/.server/mail/deliveries.ts";
import { printableLine, printableText } from "#app/.server/terminal.ts";
import { describeLeadSource } from "#app/lib/describe-lead-source.ts";
import type { LeadSource, Touch } from "#app/lib/lead-source.ts";
import { type CommandIo, runCommand, UsageError } from "./io.ts";

const usage = `Usage: npm run leads -- <command>

  list [--status pending|sent|failed] [--channel C] [--limit N]
                                    list leads with each channel's delivery state
  show <id>                         print one lead in full (a number: one standalone email)
  retry <id> [--channel C]          deliver one lead again (every unsent channel, or C)
  retry --failed [--channel C]      deliver every failed entry again (of every channel, or C)
  stats                             deliveries queued and failed, and the oldest waiting

Channels: ${outboxChannels.join(", ")} ("notice": standalone emails such as sign-in links).
The running server delivers retried entries within MAIL_POLL_MS.`;

type LeadRow = { id: string; created_at: string; name: string; email: string; message: string };
/** How one channel's delivery stands, on one or two indented lines. */
function deliveryLines(row: DeliveryRow): string[] {
  const state =
    row.status === "sent"
      ? `sent ${row.sent_at?.slice(0, 16)}`
      : `${row.status} (${row.attempts} attempts)`;
  const lines = [`    ${row.channel.padEnd(8)} ${state}`];
  if (row.status !== "sent" && row.last_error)
    lines.push(`             last error: ${printableLine(row.last_error)}`);
  return lines;
}

const channelNames: Record<OutboxChannel, string> = {
  email: "email(s)",
  notice: "standalone email(s)",
  webhook: "webhook call(s)",
  slack: "Slack message(s)",
  hubspot: "HubSpot submission(s)",
};

/** "1 email(s), 2 webhook call(s)": what a retry queued, channel by channel. */
function queuedSummary(rows: { channel: string }[]): string {
  if (rows.length === 0) return "Nothing";
  return outboxChannels
    .map((channel) => [channel, rows.filter((row) => row.channel === channel).length] as const)
    .filter(([, count]) => count > 0)
    .map(([channel, count]) => `${count} ${channelNames[channel]}`)
    .join(", ");
}

async function main(argv: string[], io: CommandIo): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      status: { type: "string" },
      channel: { type: "string" },
      limit: { type: "string", default: "50" },
      failed: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    io.stdout(usage);
    return;
  }
  if (!["list", "show", "retry", "stats"].includes(command))
    throw new UsageError(`Unknown command "${command}".`);
  if (values.status && !["pending", "sent", "failed"].includes(values.status)) {
    throw new UsageError(`--status must be pending, sent or failed (got "${values.status}").`);
  }
  if (values.channel && !(outboxChannels as readonly string[]).includes(values.channel)) {
    throw new UsageError(
      `--channel must be one of ${outboxChannels.join(", ")} (got "${values.channel}").`,
    );
  }
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1)
    throw new UsageError(`--limit must be a positive whole number.`);
  const status = values.status ?? null;
  const channel = values.channel ?? null;

  const database = await openConfiguredDatabase(loadEnv(io.env), {
    root: io.cwd,
    poolSize: 2,
  });
  try {
    const { db } = database;
    if (command === "stats") {
      const backlog = await readMailBacklog(db);
      const age = (seconds: number | null) =>
        seconds === null ? "none waiting" : `${formatAge(seconds)} ago`;
      io.stdout(
        `queued: ${backlog.queued}\nfailed: ${backlog.failed}\noldest queued: ${age(backlog.oldestQueuedSeconds)}`,
      );
      for (const [name, one] of Object.entries(backlog.channels)) {
        io.stdout(
          `  ${name.padEnd(8)} ${one.queued} queued, ${one.failed} failed, oldest queued: ${age(one.oldestQueuedSeconds)}`,
        );
      }
      return;
    }
    if (command === "list") {
      const filter = { status, channel };
      const leads =
        channel === "notice"
          ? []
          : await queryRows<LeadRow>(
              db,
              sql`
              select l.id, l.created_at::text as created_at, l.name, l.email, l.message
              from leads l
              where ${leadHasDelivery(filter)}
              order by l.created_at desc limit ${limit}`,
            );
      const notices = channel && channel !== "notice" ? [] : await listNotices(db, filter, limit);
      const deliveries = await deliveriesOfLeads(
        db,
        leads.map((row) => row.id),
        filter,
      );
      const entries = [
        ...leads.map((row) => ({ at: row.created_at, lead: row })),
        ...notices.map((row) => ({ at: row.created_at, notice: row })),
      ]
        .sort((a, b) => b.at.localeCompare(a.at))
        .slice(0, limit);
      if (entries.length === 0) {
        io.stdout("No leads or emails.");
        return;
      }
      for (const entry of entries) {
        if ("lead" in entry) {
          const row = entry.lead;
          io.stdout(
            `${row.created_at.slice(0, 16)}  ${row.id}  ${printableLine(row.name)} <${printableLine(row.email)}>`,
          );
          const own = deliveries.filter((delivery) => delivery.lead_id === row.id);
          if (own.length === 0) io.stdout("    (no deliveries)");
          for (const delivery of own) io.stdout(deliveryLines(delivery).join("\n"));
        } else {
          const row = entry.notice;
          io.stdout(
            `${row.created_at.slice(0, 16)}  ${row.id.padEnd(36)}  ${printableLine(row.kind ?? "email")} email to ${printableLine(row.recipient ?? "?")}`,
          );
          io.stdout(deliveryLines(row).join("\n"));
        }
      }
      return;
    }
    if (command === "show") {
      const id = rest[0];
      if (!id) throw new UsageError("show needs a lead id (see `list`).");
      if (/^\d+$/.test(id)) {
        const row = await findNotice(db, Number(id));
        if (!row) throw new UsageError(`No standalone email with id ${id}.`);
        // The body is not printed: a sign-in link in it is as good as a password.
        io.stdout(
          `Kind:     ${printableLine(row.kind ?? "")}\nTo:       ${printableLine(row.recipient ?? "")}\nSubject:  ${printableLine(row.subject ?? "")}\nQueued:   ${row.created_at}\nDelivery:\n${deliveryLines(row).join("\n")}`,
        );
        return;
      }
      const [row] = await queryRows<
        LeadRow &
          Pick<LeadSource, "cta"> & {
            form_page: string | null;
            last_touch: Touch | null;
            first_touch: Touch | null;
          }
      >(
        db,
        sql`
        select l.id, l.created_at::text as created_at, l.name, l.email, l.message,
          l.form_page, l.cta, l.last_touch, l.first_touch
        from leads l where l.id::text = ${id}`,
      );
      if (!row) throw new UsageError(`No lead with id ${id}.`);
      const source = describeLeadSource({
        formPage: row.form_page,
        cta: row.cta,
        lastTouch: row.last_touch,
        firstTouch: row.first_touch,
      })
        .map(({ label, value }) => `    ${label}: ${printableLine(value)}`)
        .join("\n");
      const deliveries = await deliveriesOfLeads(db, [row.id]);
      io.stdout(
        `From:     ${printableLine(row.name)} <${printableLine(row.email)}>\nReceived: ${row.created_at}\nSource:\n${source}\nDelivery:\n${deliveries.flatMap(deliveryLines).join("\n") || "    (none)"}\n\n${printableText(row.message)}`,
      );
      return;
    }
    // retry
    const id = rest[0];
    if (!id && !values.failed)
      throw new UsageError(
        "retry needs a lead id, or --failed for every failed delivery (see `list`).",
      );
    const result = await requeueDeliveries(
      db,
      !id ? { failed: true } : /^\d+$/.test(id) ? { entry: Number(id) } : { lead: id },
      channel as OutboxChannel | null,
    );
    if (id && result.length === 0)
      throw new UsageError(
        `Nothing unsent for ${id}${channel ? ` on ${channel}` : ""} (see \`show ${id}\`).`,
      );
    io.stdout(`${queuedSummary(result)} queued for delivery.`);
  } finally {
    await database.close();
  }
}

function formatAge(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7_200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3_600)} h`;
}

/** Runs one command; the exit code is 0, or 1 with the reason on standard error. */
export function runLeadsCli(args: string[], io: CommandIo): Promise<number> {
  return runCommand(() => main(args, io), io, { usage });
}
