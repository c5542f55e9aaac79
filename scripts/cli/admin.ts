// `npm run admin -- <command>` (the commands are listed in scripts/admin.ts, which runs
// this): the operator's command for back-office people. A function of its arguments and
// CommandIo (./io.ts), so tests also run it in process.
// Runs on Node's own TypeScript type stripping, like scripts/cli/post.ts.
import { parseArgs } from "node:util";
import { emailSignInLink } from "#app/.server/auth/sign-in-mail.ts";
import {
  findUserByEmail,
  inviteSchema,
  listUsers,
  setUserDisabled,
  upsertInvitedUser,
} from "#app/.server/auth/users.ts";
import { openConfiguredDatabase } from "#app/.server/db/open.ts";
import { loadEnv } from "#app/.server/env.ts";
import { printableLine } from "#app/.server/terminal.ts";
import { type CommandIo, runCommand, UsageError } from "./io.ts";

const usage = `Usage: npm run admin -- <command>

  invite <email> --role admin|editor|sales [--name "Full Name"]
                        add a person (or invite them again, setting their role)
                        and print a sign-in link
  list                  everyone who can sign in, with role and last sign-in
  disable <email>       stop someone signing in and end their sessions
  enable <email>        let them sign in again

The sign-in link works once, for 15 minutes; it is also emailed through the outbox, which
the running server delivers (SMTP_URL, or .eml files under DATA_DIR/mail).
Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data),
which only one process can open: stop the server first, or use DATABASE_URL.`;

async function main(argv: string[], io: CommandIo): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      role: { type: "string" },
      name: { type: "string", default: "" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command, email] = positionals;
  if (values.help || !command) {
    io.stdout(usage);
    return;
  }
  if (!["invite", "list", "disable", "enable"].includes(command)) {
    throw new UsageError(`Unknown command "${command}".`);
  }
  let invite: ReturnType<typeof inviteSchema.parse> | null = null;
  if (command === "invite") {
    const parsed = inviteSchema.safeParse({
      email: email ?? "",
      name: values.name,
      role: values.role,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UsageError(
        issue?.path[0] === "role"
          ? "--role must be admin, editor or sales."
          : (issue?.message ?? "Invalid input."),
      );
    }
    invite = parsed.data;
  } else if (command !== "list" && !email) {
    throw new UsageError(`${command} needs an email address.`);
  }

  const env = loadEnv(io.env);
  const database = await openConfiguredDatabase(env, { root: io.cwd, poolSize: 2 });
  try {
    const { db } = database;
    if (invite) {
      const { user } = await upsertInvitedUser(db, invite, { roleOfExisting: "set" });
      const link = await emailSignInLink(
        { database, kickMail: () => {} },
        { user, origin: env.SITE_URL, kind: "invite", invitedBy: null },
      );
      io.stdout(
        `${printableLine(user.email)} can sign in as ${user.role}.\n\nOne-time sign-in link (valid until ${link.expiresAt.toISOString()}):\n${link.url}\n\nThe same link is on its way by email.`,
      );
      return;
    }
    if (command === "list") {
      const people = await listUsers(db);
      if (people.length === 0) {
        io.stdout("Nobody yet. Start with: npm run admin -- invite you@company.com --role admin");
        return;
      }
      for (const person of people) {
        const state = person.disabledAt
          ? "disabled"
          : `last sign-in ${person.lastSignInAt?.toISOString().slice(0, 16) ?? "never"}`;
        io.stdout(
          `${person.role.padEnd(7)}  ${printableLine(person.email)}${person.name ? ` (${printableLine(person.name)})` : ""}  ${state}`,
        );
      }
      return;
    }
    const person = await findUserByEmail(db, email ?? "");
    if (!person) throw new UsageError(`Nobody with the address ${printableLine(email ?? "")}.`);
    await setUserDisabled(db, person.id, command === "disable");
    io.stdout(
      command === "disable"
        ? `${printableLine(person.email)} can no longer sign in and was signed out everywhere.`
        : `${printableLine(person.email)} can sign in again.`,
    );
  } finally {
    await database.close();
  }
}

/** Runs one command; the exit code is 0, or 1 with the reason on standard error. */
export function runAdminCli(args: string[], io: CommandIo): Promise<number> {
  return runCommand(() => main(args, io), io, { usage, explained: ["LastAdminError"] });
}
