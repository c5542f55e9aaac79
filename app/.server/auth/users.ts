import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#app/.server/db/client.ts";
import { type UserRole, userRoles, users } from "#app/.server/db/schema.ts";

export type User = typeof users.$inferSelect;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: "An email address has at most 254 characters." })
  .pipe(z.email({ error: "Enter an email address like name@company.com." }));

export const inviteSchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(100, { error: "A name has at most 100 characters." }).default(""),
  role: z.enum(userRoles, { error: "Choose a role: admin, editor or sales." }),
});

export type Invite = z.infer<typeof inviteSchema>;

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return user ?? null;
}

export async function findUser(db: Db, id: string): Promise<User | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export async function listUsers(db: Db): Promise<User[]> {
  return db.select().from(users).orderBy(asc(users.email));
}

export type InviteResult = { user: User; existed: boolean };

/**
 * Creates the person, or lets an existing one in again (re-enabled, name updated when
 * given): inviting someone is saying they belong to the team. An existing person's role
 * is kept by default: the Team page's invite form always names a role, and a person
 * asking for a fresh link for themselves must not demote themselves by it (roles change
 * with the Role control, under the last-admin rule). The operator's command passes
 * `roleOfExisting: "set"`: its `--role` is deliberate, and obeys the same rule.
 */
export async function upsertInvitedUser(
  db: Db,
  invite: Invite,
  { roleOfExisting = "keep" }: { roleOfExisting?: "keep" | "set" } = {},
): Promise<InviteResult> {
  return db.transaction(async (tx) => {
    // The lock of setUserRole and setUserDisabled: two changes never both see a second admin.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('users:admins'))`);
    const existing = await findUserByEmail(tx, invite.email);
    if (!existing) {
      const [user] = await tx
        .insert(users)
        .values({ email: invite.email, name: invite.name, role: invite.role })
        .returning();
      if (!user) throw new Error("Insert returned no row");
      return { user, existed: false };
    }
    const role = roleOfExisting === "set" ? invite.role : existing.role;
    if (existing.role === "admin" && role !== "admin" && !existing.disabledAt) {
      if ((await activeAdmins(tx)) <= 1) throw new LastAdminError();
    }
    const [user] = await tx
      .update(users)
      .set({ role, disabledAt: null, ...(invite.name ? { name: invite.name } : {}) })
      .where(eq(users.id, existing.id))
      .returning();
    if (!user) throw new Error("Update returned no row");
    return { user, existed: true };
  });
}

/** How many admins can still sign in: the last one may not be demoted or disabled. */
async function activeAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.disabledAt)));
  return row?.n ?? 0;
}

export class LastAdminError extends Error {
  override name = "LastAdminError";
  constructor() {
    super("The team needs at least one admin who can sign in.");
  }
}

export async function setUserRole(db: Db, id: string, role: UserRole): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('users:admins'))`);
    const user = await findUser(tx, id);
    if (!user) return;
    if (user.role === "admin" && role !== "admin" && !user.disabledAt) {
      if ((await activeAdmins(tx)) <= 1) throw new LastAdminError();
    }
    await tx.update(users).set({ role }).where(eq(users.id, id));
  });
}

/**
 * Disabling also ends every session of theirs at once, and spends every sign-in link they
 * have not used: enabled again, they sign in with a new one.
 */
export async function setUserDisabled(db: Db, id: string, disabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('users:admins'))`);
    const user = await findUser(tx, id);
    if (!user) return;
    if (disabled && user.role === "admin" && !user.disabledAt) {
      if ((await activeAdmins(tx)) <= 1) throw new LastAdminError();
    }
    await tx
      .update(users)
      .set({ disabledAt: disabled ? sql`now()` : null })
      .where(eq(users.id, id));
    if (disabled) {
      await tx.execute(sql`delete from sessions where user_id = ${id}`);
      await tx.execute(
        sql`update sign_in_tokens set used_at = now() where user_id = ${id} and used_at is null`,
      );
    }
  });
}

export async function renameUser(db: Db, id: string, name: string): Promise<void> {
  await db.update(users).set({ name }).where(eq(users.id, id));
}

/**
 * Withdraws an invitation: deletes the person, with their links, if they have never signed
 * in (someone who has is disabled instead, so that their history keeps its author). False
 * when there was no such person, or they have signed in since.
 */
export async function revokeInvitation(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .delete(users)
    .where(and(eq(users.id, id), isNull(users.lastSignInAt)))
    .returning({ id: users.id });
  return deleted.length > 0;
}

/**
 * Sets the zone a person's times are shown in. With `onlyIfUnset`, it is the browser's guess
 * on a first visit, and leaves a zone the person chose alone. True when it changed.
 */
/** Turns this person's morning email of follow-ups on or off (leads/follow-up-digest.ts). */
export async function setFollowUpDigest(db: Db, id: string, on: boolean): Promise<void> {
  await db.update(users).set({ followUpDigest: on }).where(eq(users.id, id));
}

export async function setTimeZone(
  db: Db,
  id: string,
  timeZone: string,
  { onlyIfUnset = false }: { onlyIfUnset?: boolean } = {},
): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ timeZone })
    .where(onlyIfUnset ? and(eq(users.id, id), isNull(users.timeZone)) : eq(users.id, id))
    .returning({ id: users.id });
  return changed.length > 0;
}
