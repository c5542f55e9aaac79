import type { Db } from "#app/.server/db/client.ts";
import { type LeadActor, recordActivity } from "#app/.server/leads/activity.ts";
import { isLeadId } from "#app/.server/leads/rows.ts";
import { requeueLeadEmail } from "#app/.server/mail/deliveries.ts";
import type { DeliveryState } from "#app/lib/leads.ts";

export type ResendResult =
  | { outcome: "queued"; previous: DeliveryState }
  | { outcome: "not-found" };

/**
 * Queues a lead's notification email again, whatever became of it (sent to a mailbox that
 * lost it, or failed): pending, due now, attempts from zero. The outbox worker sends it at
 * its next poll; a route that has the app context calls `kickMail()` to send it at once.
 * The outbox gives up on an entry after MAIL_GIVE_UP_HOURS counted from the lead's
 * arrival, so for an older lead a failed resend is marked failed after that one attempt.
 */
export async function resendLeadEmail(
  db: Db,
  input: { leadId: string; actor: LeadActor },
): Promise<ResendResult> {
  if (!isLeadId(input.leadId)) return { outcome: "not-found" };
  return db.transaction(async (tx) => {
    const previous = await requeueLeadEmail(tx, input.leadId);
    if (!previous) return { outcome: "not-found" } as const;
    await recordActivity(tx, { leadId: input.leadId, actor: input.actor, kind: "resend" });
    return { outcome: "queued", previous } as const;
  });
}
