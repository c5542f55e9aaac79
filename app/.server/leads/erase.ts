import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import type { LeadActor } from "#app/.server/leads/activity.ts";
import {
  deleteRepliesTo,
  dropPendingListsNaming,
  listsNaming,
} from "#app/.server/mail/deliveries.ts";
import { deleteMailFiles } from "#app/.server/mail/mail-files.ts";

export type ErasureResult = { leadsErased: number; filesErased: number };

export type ErasureReason = "request" | "retention";

/**
 * A morning list of follow-ups still waiting to be sent that names any of these leads is
 * not sent with their names: the outbox drops it, and its person's day is given back, so
 * that the job's next run (within minutes) queues their list again, without them.
 */
async function requeueListsNaming(tx: Db, leadIds: string[]): Promise<void> {
  const recipients = await dropPendingListsNaming(tx, leadIds);
  if (recipients.length === 0) return;
  await tx.execute(sql`
    delete from follow_up_digests d using users u
    where u.id = d.user_id and d.day >= current_date - 1
      and lower(u.email) in (${sql.join(
        recipients.map((email) => sql`lower(${email})`),
        sql`, `,
      )})`);
}

/**
 * Deletes the leads `where` selects (on `l`, leads) with the replies sent to them and
 * their .eml copies (the morning lists of follow-ups naming them included), and records
 * the erasure in lead_erasures: the actor and the counts, never whose data it was. The leads, their history and outbox entries (deleted by
 * cascade) and the audit row go in one transaction; the files follow once it has
 * committed, so a failure on disk never brings back rows the database already let go of
 * (a leftover file is named by lead id and can be removed by hand), and their count is
 * filled in afterwards.
 *
 * A request is always recorded, even when it found nothing (the request was handled); a
 * retention run only when it deleted something. With `lock`, the transaction first takes
 * that advisory lock and, if another server copy holds it, does nothing and returns null.
 */
export async function eraseLeads(
  db: Db,
  options: {
    where: SQL;
    dataDir: string;
    reason: ErasureReason;
    actor: LeadActor | null;
    lock?: number;
  },
): Promise<(ErasureResult & { erasureId: number | null }) | null> {
  const erased = await db.transaction(async (tx) => {
    if (options.lock !== undefined) {
      const [lock] = await queryRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${options.lock}) as locked`,
      );
      if (!lock?.locked) return null;
    }
    await deleteRepliesTo(tx, options.where);
    const deleted = await queryRows<{ id: string }>(
      tx,
      sql`delete from leads l where ${options.where} returning l.id`,
    );
    await requeueListsNaming(
      tx,
      deleted.map((row) => row.id),
    );
    let erasureId: number | null = null;
    if (deleted.length > 0 || options.reason === "request") {
      const [row] = await queryRows<{ id: number | string }>(
        tx,
        sql`
        insert into lead_erasures (reason, actor_id, actor_name, leads_erased, files_erased)
        values (${options.reason}, ${options.actor?.id ?? null}::uuid,
          ${options.actor?.name ?? "retention job"}, ${deleted.length}, 0)
        returning id`,
      );
      erasureId = row ? Number(row.id) : null;
    }
    return { ids: deleted.map((row) => row.id), erasureId };
  });
  if (!erased) return null;
  const filesErased = await deleteMailFiles(
    options.dataDir,
    erased.ids,
    await listsNaming(db, erased.ids),
  );
  if (filesErased > 0 && erased.erasureId !== null) {
    await db.execute(
      sql`update lead_erasures set files_erased = ${filesErased} where id = ${erased.erasureId}`,
    );
  }
  return { leadsErased: erased.ids.length, filesErased, erasureId: erased.erasureId };
}
