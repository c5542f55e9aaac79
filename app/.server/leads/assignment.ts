// Who works a lead, when they get back to it and what it is worth: the owner, the follow-up
// day and the deal's value, each change recorded in the lead's history as "from → to".
import { sql } from "drizzle-orm";
import { z } from "zod";
import { areas } from "#app/.server/auth/roles.ts";
import { type Db, queryRows } from "#app/.server/db/client.ts";
import { type LeadActor, recordActivity } from "#app/.server/leads/activity.ts";
import type { LeadOwner } from "#app/.server/leads/inbox.ts";
import { isLeadId } from "#app/.server/leads/rows.ts";
import {
  dealValueMax,
  formatDealValue,
  type LeadLostReason,
  leadLostReasonLabels,
  leadLostReasons,
} from "#app/lib/leads.ts";

/** How a person reads in the back office: their name, or their address without one. */
export function personLabel(person: { name: string; email: string }): string {
  return person.name || person.email;
}

/** Everyone who may own a lead: the active people whose role works the leads. */
export async function listLeadOwners(db: Db): Promise<LeadOwner[]> {
  const roles = areas.leads as readonly string[];
  return queryRows<LeadOwner>(
    db,
    sql`
    select id, name, email from users
    where disabled_at is null and role in (${sql.join(
      roles.map((role) => sql`${role}`),
      sql`, `,
    )})
    order by lower(coalesce(nullif(name, ''), email))`,
  );
}

export type AssignResult =
  | { outcome: "changed"; from: string | null; to: string | null }
  | { outcome: "unchanged" }
  | { outcome: "not-an-owner" }
  | { outcome: "not-found" };

/**
 * Gives a lead to `ownerId` (null: Unassigned) and records it. Only an active person whose
 * role works the leads can own one. The row lock keeps two people assigning at once from
 * recording two changes from the same owner.
 */
export async function assignLead(
  db: Db,
  input: { leadId: string; actor: LeadActor; ownerId: string | null },
): Promise<AssignResult> {
  if (!isLeadId(input.leadId)) return { outcome: "not-found" };
  let owner: LeadOwner | null = null;
  if (input.ownerId !== null) {
    const owners = await listLeadOwners(db);
    owner = owners.find((person) => person.id === input.ownerId) ?? null;
    if (!owner) return { outcome: "not-an-owner" };
  }
  return db.transaction(async (tx) => {
    const [current] = await queryRows<{
      owner_id: string | null;
      owner_name: string | null;
      owner_email: string | null;
    }>(
      tx,
      sql`
      select l.owner_id, u.name as owner_name, u.email as owner_email
      from leads l left join users u on u.id = l.owner_id
      where l.id = ${input.leadId}::uuid for update of l`,
    );
    if (!current) return { outcome: "not-found" } as const;
    if (current.owner_id === (owner?.id ?? null)) return { outcome: "unchanged" } as const;
    await tx.execute(
      sql`update leads set owner_id = ${owner?.id ?? null}::uuid where id = ${input.leadId}::uuid`,
    );
    const from = current.owner_id
      ? personLabel({ name: current.owner_name ?? "", email: current.owner_email ?? "" })
      : null;
    const to = owner ? personLabel(owner) : null;
    await recordActivity(tx, {
      leadId: input.leadId,
      actor: input.actor,
      kind: "owner",
      fromValue: from,
      toValue: to,
    });
    return { outcome: "changed", from, to } as const;
  });
}

/** A calendar day as a date input sends it; the year is kept to four digits. */
/**
 * A follow-up day: a real date of this century. A year such as 0020 is a date being typed
 * (a date field holds "0020-01-15" after two digits of the year), not a day to call back.
 */
export const followUpDaySchema = z.iso
  .date({ error: "Enter a date such as 2026-12-01." })
  .refine((day) => day >= "2000-01-01" && day <= "2099-12-31", {
    error: "Enter a date between 2000 and 2099, such as 2026-12-01.",
  });

/** What a change of one of a lead's fields came to: from → to, as the field holds them. */
export type FieldChange<T> =
  | { outcome: "changed"; from: T | null; to: T | null }
  | { outcome: "unchanged" }
  | { outcome: "not-found" };

/**
 * The fields of a lead set one at a time from its page, each change recorded in its history
 * as from → to (text): how the column is read back, and how a value is written to it.
 */
const leadFields = {
  "follow-up": {
    read: sql`to_char(follow_up_on, 'YYYY-MM-DD')`,
    column: sql`follow_up_on`,
    cast: sql`date`,
  },
  value: { read: sql`deal_value`, column: sql`deal_value`, cast: sql`integer` },
  linkedin: { read: sql`linkedin_url`, column: sql`linkedin_url`, cast: sql`text` },
  "lost-reason": { read: sql`lost_reason`, column: sql`lost_reason`, cast: sql`text` },
} as const;

/**
 * Sets one of a lead's fields (null clears it) and records the change, unless it already
 * held the value. The row lock keeps two people changing it at once from recording two
 * changes from the same value.
 */
async function changeLeadField<T extends string | number>(
  db: Db,
  kind: keyof typeof leadFields,
  input: { leadId: string; actor: LeadActor; value: T | null },
): Promise<FieldChange<T>> {
  if (!isLeadId(input.leadId)) return { outcome: "not-found" };
  const field = leadFields[kind];
  return db.transaction(async (tx) => {
    const [current] = await queryRows<{ value: T | null }>(
      tx,
      sql`select ${field.read} as value from leads where id = ${input.leadId}::uuid for update`,
    );
    if (!current) return { outcome: "not-found" } as const;
    if (current.value === input.value) return { outcome: "unchanged" } as const;
    await tx.execute(
      sql`update leads set ${field.column} = ${input.value}::${field.cast} where id = ${input.leadId}::uuid`,
    );
    await recordActivity(tx, {
      leadId: input.leadId,
      actor: input.actor,
      kind,
      fromValue: current.value === null ? null : String(current.value),
      toValue: input.value === null ? null : String(input.value),
    });
    return { outcome: "changed", from: current.value, to: input.value } as const;
  });
}

export type FollowUpResult = FieldChange<string>;

/** Sets (or, with null, clears) the day to get back to a lead, and records it. */
export async function setFollowUp(
  db: Db,
  input: { leadId: string; actor: LeadActor; on: string | null },
): Promise<FollowUpResult> {
  if (input.on !== null) followUpDaySchema.parse(input.on);
  return changeLeadField(db, "follow-up", { ...input, value: input.on });
}

/**
 * A deal's value as typed: whole US dollars, with or without "$", "US$", "USD", thousands
 * separators (",", spaces) or ".00"; empty is none. Anything else (cents, a minus, "4.5k")
 * is refused with the form to use, rather than guessed at.
 */
export const dealValueSchema = z
  .string()
  // Far more than any amount written out; a field pasted full of text is refused at once.
  .max(40, { error: "Enter whole US dollars, such as 4,500." })
  .transform((value) =>
    value
      .trim()
      .replace(/^(us)?\$\s*/i, "")
      .replace(/\s*usd$/i, "")
      .replace(/(?<=\d)[,\s\u00a0\u202f](?=\d{3}(\D|$))/g, "")
      .replace(/\.00$/, ""),
  )
  .pipe(
    z
      .string()
      .regex(/^(\d{1,9})?$/, { error: "Enter whole US dollars, such as 4,500." })
      .transform((digits) => (digits ? Number(digits) : null))
      .refine((dollars) => dollars === null || dollars <= dealValueMax, {
        error: `Enter at most ${formatDealValue(dealValueMax)}.`,
      }),
  );

export type DealValueResult = FieldChange<number>;

/** Sets (or, with null, clears) what a lead's deal is worth, and records it. */
export async function setDealValue(
  db: Db,
  input: { leadId: string; actor: LeadActor; value: number | null },
): Promise<DealValueResult> {
  if (input.value !== null && !(Number.isInteger(input.value) && input.value >= 0)) {
    throw new RangeError(`Not a deal value: ${input.value}`);
  }
  return changeLeadField(db, "value", input);
}

/**
 * A person's LinkedIn profile as pasted or typed: "linkedin.com/in/dana-w",
 * "https://uk.linkedin.com/in/dana-w/?utm_source=share" and the like become
 * "https://www.linkedin.com/in/dana-w"; empty is none. Only a profile (`/in/…`) on
 * LinkedIn's own host is taken: the page links it for the team to open, so it must not be
 * able to lead anywhere else.
 */
export const linkedinProfileSchema = z
  .string()
  .trim()
  .max(300, { error: "A LinkedIn profile's address is shorter than that." })
  .transform((typed, context) => {
    if (!typed) return null;
    const match =
      /^(?:https?:\/\/)?(?:[a-z]{2,3}\.|www\.)?linkedin\.com\/in\/([^/?#\s]+)\/?(?:[?#]\S*)?$/i.exec(
        typed,
      );
    const slug = match?.[1] ? safeDecode(match[1]) : null;
    if (!slug || !/^[\p{L}\p{N}_-]{3,100}$/u.test(slug)) {
      context.issues.push({
        code: "custom",
        input: typed,
        message:
          "Paste the address of their LinkedIn profile, such as linkedin.com/in/dana-whitfield.",
      });
      return z.NEVER;
    }
    return `https://www.linkedin.com/in/${encodeURIComponent(slug)}`;
  });

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

export type LinkedinResult = FieldChange<string>;

/** Sets (or, with null, removes) a lead's LinkedIn profile, and records it. */
export async function setLinkedinProfile(
  db: Db,
  input: { leadId: string; actor: LeadActor; url: string | null },
): Promise<LinkedinResult> {
  if (input.url !== null && linkedinProfileSchema.safeParse(input.url).data !== input.url) {
    throw new RangeError(`Not a LinkedIn profile as stored: ${input.url}`);
  }
  return changeLeadField(db, "linkedin", { ...input, value: input.url });
}

export type LostReasonResult = FieldChange<LeadLostReason>;

/** What a saved deal value is answered with ("Deal value $48,000."), wherever it was set. */
export function dealValueSaid(result: Exclude<DealValueResult, { outcome: "not-found" }>): string {
  if (result.outcome === "unchanged") return "The deal value is unchanged.";
  return result.to === null
    ? "The deal value is cleared."
    : `Deal value ${formatDealValue(result.to)}.`;
}

/** What a saved reason for a loss is answered with ("Lost: timing."). */
export function lostReasonSaid(
  result: Exclude<LostReasonResult, { outcome: "not-found" }>,
): string {
  if (result.outcome === "unchanged") return "The reason is unchanged.";
  return result.to === null
    ? "The reason is cleared."
    : `Lost: ${leadLostReasonLabels[result.to].toLowerCase()}.`;
}

/** Sets (or, with null, clears) why a lead was lost, and records it. */
export async function setLostReason(
  db: Db,
  input: { leadId: string; actor: LeadActor; reason: LeadLostReason | null },
): Promise<LostReasonResult> {
  if (input.reason !== null && !leadLostReasons.includes(input.reason)) {
    throw new RangeError(`Not a reason a lead is lost: ${input.reason}`);
  }
  return changeLeadField(db, "lost-reason", { ...input, value: input.reason });
}
