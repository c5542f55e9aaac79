// The morning email of follow-ups: once a day, from 8:00 in each person's time zone, everyone
// whose role works the leads (and who has not turned it off on their account page) is sent
// the list of their leads whose follow-up day has come (today, or earlier and still open),
// as HubSpot or Pipedrive remind a rep of the day's tasks. Nobody is sent an empty list.
// Any server copy may run it: a row per person and day (follow_up_digests) is taken in the
// transaction that queues the email, so two copies never send it twice.
import { sql } from "drizzle-orm";
import { areas } from "#app/.server/auth/roles.ts";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { type LeadScope, leadConditions, scopeFor } from "#app/.server/leads/inbox.ts";
import { singleLine } from "#app/.server/mail/lead-email.ts";
import { enqueueEmail, FOLLOW_UPS_KIND } from "#app/.server/mail/outbox.ts";
import { site } from "#app/content/site.ts";
import { nearDay } from "#app/lib/format-date.ts";
import { companyFromEmail } from "#app/lib/lead-summary.ts";
import { DIGEST_HOUR, formatDealValue, type LeadStatus, leadStatusLabels } from "#app/lib/leads.ts";
import { hourIn } from "#app/lib/time-zone.ts";

/** An email still unsent this long after it was queued (mail down all day) is dropped. */
const DIGEST_EXPIRES_MS = 12 * 60 * 60_000;
/** At most this many leads are listed; the rest are counted, and the inbox has them all. */
const MAX_LISTED = 25;
/** The days dealt with are kept this long (enough to see that it ran), then deleted. */
const KEEP_DAYS = 60;

type DueLead = {
  id: string;
  name: string;
  email: string;
  status: LeadStatus;
  follow_up_on: string;
  deal_value: number | null;
};

/**
 * The email for one person's due leads (the first of them, most overdue first; `total` and
 * `overdue` count them all). A day is said as the inbox says it ("yesterday", "Nov 26").
 */
export function digestEmail(options: {
  name: string;
  today: string;
  leads: DueLead[];
  total: number;
  overdue: number;
  siteUrl: string;
}) {
  const { leads, total, overdue, today, siteUrl } = options;
  const counted = total === 1 ? "1 lead" : `${total} leads`;
  const subject = `Follow up today: ${counted}${overdue > 0 ? ` (${overdue} overdue)` : ""}`;
  const lines = leads.map((lead) => {
    const company = companyFromEmail(lead.email)?.name;
    const who = `${singleLine(lead.name) || lead.email}${company ? `, ${company}` : ""}`;
    return [
      `- ${who}: ${leadStatusLabels[lead.status]}, ${lead.deal_value === null ? "" : `${formatDealValue(lead.deal_value)}, `}follow-up ${nearDay(lead.follow_up_on, today)}`,
      `  ${siteUrl}/admin/leads/${lead.id}`,
    ].join("\n");
  });
  const more = total - leads.length;
  return {
    kind: FOLLOW_UPS_KIND,
    subject,
    leadIds: leads.map((lead) => lead.id),
    text: [
      options.name ? `Good morning ${options.name},` : "Good morning,",
      "",
      `${total === 1 ? "One of your leads is" : `${total} of your leads are`} due a follow-up:`,
      "",
      ...lines,
      ...(more > 0 ? ["", `And ${more} more.`] : []),
      "",
      `All of them in the inbox: ${siteUrl}/admin/leads?view=my-due`,
      "",
      `You get this email on mornings when leads of yours in the ${site.name} back office are due a follow-up. Turn it off on your account page: ${siteUrl}/admin/account`,
    ].join("\n"),
  };
}

/**
 * Queues the morning email of everyone whose morning it is and who has not had today's,
 * and deletes the oldest days dealt with. Returns how many emails were queued (call the
 * app's kickMail() to send them now).
 */
export async function queueFollowUpDigests(
  db: Db,
  options: { siteUrl: string; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const people = await queryRows<{
    id: string;
    email: string;
    name: string;
    time_zone: string | null;
  }>(
    db,
    sql`select u.id, u.email, u.name, u.time_zone from users u
      where u.disabled_at is null and u.follow_up_digest
        and u.role in (${sql.join(
          areas.leads.map((role) => sql`${role}`),
          sql`, `,
        )})
      order by u.email`,
  );
  // The days lately dealt with, so that a run in the rest of the day does nothing more.
  const recent = await queryRows<{ user_id: string; day: string }>(
    db,
    sql`select user_id, to_char(day, 'YYYY-MM-DD') as day from follow_up_digests
      where day >= current_date - 2`,
  );
  const dealtWith = new Set(recent.map((row) => `${row.user_id} ${row.day}`));
  let queued = 0;
  // One person's failure (a time zone this Node no longer knows) does not hold the others'.
  const failures: unknown[] = [];
  for (const person of people) {
    try {
      const timeZone = person.time_zone ?? "UTC";
      const scope = scopeFor(person.id, timeZone, now);
      if (hourIn(now, timeZone) < DIGEST_HOUR || dealtWith.has(`${person.id} ${scope.today}`)) {
        continue;
      }
      queued += await queueOne(db, person, scope, { siteUrl: options.siteUrl, now });
    } catch (error) {
      failures.push(error);
    }
  }
  await db.execute(sql`delete from follow_up_digests where day < current_date - ${KEEP_DAYS}::int`);
  if (failures.length > 0) {
    throw new AggregateError(
      failures,
      `${failures.length === 1 ? "1 morning email" : `${failures.length} morning emails`} could not be queued`,
    );
  }
  return queued;
}

/**
 * Takes this person's day and queues their email, in one transaction: 1 if queued, 0 if
 * another copy took the day first or nothing of theirs is due (the day is taken all the same).
 */
function queueOne(
  db: Db,
  person: { id: string; email: string; name: string },
  scope: LeadScope,
  options: { siteUrl: string; now: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [taken] = await queryRows<{ user_id: string }>(
      tx,
      sql`insert into follow_up_digests (user_id, day, leads) values (${person.id}, ${scope.today}::date, 0)
        on conflict do nothing returning user_id`,
    );
    if (!taken) return 0;
    const where = leadConditions({ view: "my-due" }, scope);
    const [counted] = await queryRows<{ total: number; overdue: number }>(
      tx,
      sql`select count(*)::int as total,
          count(*) filter (where l.follow_up_on < ${scope.today}::date)::int as overdue
        from leads l where ${where}`,
    );
    const total = counted?.total ?? 0;
    if (total === 0) return 0;
    const leads = await queryRows<DueLead>(
      tx,
      sql`select l.id, l.name, l.email, l.status, to_char(l.follow_up_on, 'YYYY-MM-DD') as follow_up_on,
          l.deal_value
        from leads l where ${where}
        order by l.follow_up_on asc, l.created_at asc limit ${MAX_LISTED}`,
    );
    await tx.execute(
      sql`update follow_up_digests set leads = ${total}
        where user_id = ${person.id}::uuid and day = ${scope.today}::date`,
    );
    await enqueueEmail(tx, {
      ...digestEmail({
        name: person.name,
        today: scope.today,
        leads,
        total,
        overdue: counted?.overdue ?? 0,
        siteUrl: options.siteUrl,
      }),
      to: person.email,
      expiresAt: new Date(options.now.getTime() + DIGEST_EXPIRES_MS),
    });
    return 1;
  });
}
