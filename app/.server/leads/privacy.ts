import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { type LeadActor, recordActivity } from "#app/.server/leads/activity.ts";
import { type ErasureResult, eraseLeads } from "#app/.server/leads/erase.ts";
import type { Logger } from "#app/.server/log.ts";
import { leadDeliveriesJson } from "#app/.server/mail/deliveries.ts";

/** Addresses are matched whatever their case: Dana@Example.com wrote as dana@example.com. */
function sameAddress(email: string): SQL {
  return sql`lower(l.email) = lower(${email.trim()})`;
}

export type PersonExport = {
  /** The address as asked for. */
  email: string;
  exportedAt: string;
  /**
   * Each lead from that address, oldest first: every stored column as stored (`lead`,
   * whose `message` is what they wrote), its history (`activity`, with who acted by name
   * only) and its notification emails' delivery (`outbox`).
   */
  leads: {
    lead: Record<string, unknown>;
    activity: Record<string, unknown>[];
    outbox: Record<string, unknown>[];
  }[];
};

/**
 * Everything stored about one email address, ready for JSON (an access request). Rows are
 * read whole with to_jsonb, so a column added to these tables later is included without
 * touching this. Staff ids and addresses are left out of the history: they are not the
 * person's data. With an `actor`, the export is recorded in each lead's history.
 */
export async function exportPerson(
  db: Db,
  email: string,
  options: { actor?: LeadActor } = {},
): Promise<PersonExport> {
  const rows = await queryRows<PersonExport["leads"][number] & { id: string }>(
    db,
    sql`
    select l.id, to_jsonb(l) as lead,
      coalesce((
        select jsonb_agg(to_jsonb(a) - 'actor_id' - 'actor_email' - 'lead_id' order by a.created_at, a.id)
        from lead_activity a where a.lead_id = l.id
      ), '[]'::jsonb) as activity,
      ${leadDeliveriesJson} as outbox
    from leads l
    where ${sameAddress(email)}
    order by l.created_at, l.id`,
  );
  const { actor } = options;
  if (actor) {
    for (const row of rows) await recordActivity(db, { leadId: row.id, actor, kind: "export" });
  }
  return {
    email: email.trim(),
    exportedAt: new Date().toISOString(),
    leads: rows.map(({ lead, activity, outbox }) => ({ lead, activity, outbox })),
  };
}

/** How many leads an address has sent (whatever its case), for the erasure's warning. */
export async function countLeadsFrom(db: Db, email: string): Promise<number> {
  if (!email.trim()) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from leads l where ${sameAddress(email)}`,
  );
  return row?.n ?? 0;
}

/**
 * Erases everything stored about one email address (an erasure request): its leads,
 * their history, outbox entries and .eml files. The log line and the audit row name the
 * actor and the counts, never the address, the name or the message.
 */
export async function erasePerson(
  db: Db,
  options: { email: string; dataDir: string; actor: LeadActor; log: Logger },
): Promise<ErasureResult> {
  const email = options.email.trim();
  // Null only when a lock is asked for and held elsewhere; none is asked for here.
  const result = await eraseLeads(db, {
    // A blank address erases nothing rather than reaching the query at all.
    where: email ? sameAddress(email) : sql`false`,
    dataDir: options.dataDir,
    reason: "request",
    actor: options.actor,
  });
  const { leadsErased, filesErased, erasureId } = result ?? {
    leadsErased: 0,
    filesErased: 0,
    erasureId: null,
  };
  options.log.info("person erased", {
    erasureId,
    actorId: options.actor.id,
    leadsErased,
    filesErased,
  });
  return { leadsErased, filesErased };
}
