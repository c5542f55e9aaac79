// Leads as the tests make them: stored the way the contact form stores them, people on the
// team, emails delivered as files (as development does).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { saveLead } from "#app/.server/contact/store.ts";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import type { LeadActor } from "#app/.server/leads/activity.ts";
import { createLogger } from "#app/.server/log.ts";
import { createMailSender, deliverDueMail } from "#app/.server/mail/outbox.ts";
import type { UserRole } from "#app/lib/back-office.ts";
import type { ContactInput } from "#app/lib/contact-schema.ts";

const silent = createLogger("silent");

/** Stores a message the way the contact form does; minutesAgo backdates it. */
export async function receive(db: Db, input: ContactInput, minutesAgo = 0): Promise<string> {
  const saved = await saveLead(db, input, {
    idempotencyKey: randomUUID(),
    clientIp: "203.0.113.7",
    rateLimitKey: randomUUID(),
    rateLimit: { limit: 5, windowSeconds: 60 },
  });
  if (saved.status !== "stored") throw new Error(`not stored: ${saved.status}`);
  if (minutesAgo) {
    await db.execute(
      sql`update leads set created_at = now() - make_interval(mins => ${minutesAgo}::int) where id = ${saved.id}`,
    );
  }
  return saved.id;
}

/** A person on the team (sales unless said otherwise), as the actor of their changes. */
export async function signUp(
  db: Db,
  name: string,
  email: string,
  role: UserRole = "sales",
): Promise<LeadActor> {
  const [user] = await queryRows<{ id: string }>(
    db,
    sql`insert into users (email, name, role) values (${email}, ${name}, ${role}) returning id`,
  );
  if (!user) throw new Error("no user");
  return { id: user.id, name, email };
}

/** Sends every due email as an .eml file under dataDir/mail, as development does. */
export async function deliverToFiles(db: Db, dataDir: string) {
  return deliverDueMail({
    db,
    sender: createMailSender({ dataDir }),
    from: "website@northstory.example",
    to: "sales@northstory.example",
    log: silent,
  });
}

export async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}
