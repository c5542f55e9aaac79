import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { createSession, endUserSessions, readSession } from "#app/.server/auth/sessions.ts";
import { consumeSignInToken, createSignInLink } from "#app/.server/auth/sign-in-links.ts";
import {
  LastAdminError,
  setUserDisabled,
  setUserRole,
  upsertInvitedUser,
} from "#app/.server/auth/users.ts";
import { queryRows } from "#app/.server/db/client.ts";
import { takeRateLimit } from "#app/.server/rate-limit.ts";
import { createTestDatabase, describeEachDriver, useTestDatabase } from "../support/db.ts";

describeEachDriver("sign-in links and sessions on %s", (driver) => {
  const handle = useTestDatabase(driver);
  const db = () => handle.db;
  const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";

  test("a link works once; only its hash is stored", async () => {
    const { user } = await upsertInvitedUser(db(), {
      email: "once@example.com",
      name: "",
      role: "sales",
    });
    const link = await createSignInLink(db(), { userId: user.id, origin: "https://n.example" });
    expect(link.url).toMatch(/^https:\/\/n\.example\/admin\/sign-in\/link\?token=/);
    const stored = await queryRows<{ token_hash: string }>(
      db(),
      sql`select token_hash from sign_in_tokens`,
    );
    expect(stored.map((row) => row.token_hash)).not.toContain(tokenOf(link.url));
    expect(await consumeSignInToken(db(), tokenOf(link.url))).toMatchObject({ ok: true });
    expect(await consumeSignInToken(db(), tokenOf(link.url))).toEqual({
      ok: false,
      reason: "used",
    });
  });

  test("two requests racing with one link: exactly one signs in", async () => {
    const { user } = await upsertInvitedUser(db(), {
      email: "race@example.com",
      name: "",
      role: "sales",
    });
    const link = await createSignInLink(db(), { userId: user.id, origin: "https://n.example" });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => consumeSignInToken(db(), tokenOf(link.url))),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  test("an expired link, a disabled person's link and junk are refused", async () => {
    const { user } = await upsertInvitedUser(db(), {
      email: "late@example.com",
      name: "",
      role: "editor",
    });
    const expired = await createSignInLink(db(), {
      userId: user.id,
      origin: "https://n.example",
      minutes: -1,
    });
    expect(await consumeSignInToken(db(), tokenOf(expired.url))).toEqual({
      ok: false,
      reason: "expired",
    });
    const fresh = await createSignInLink(db(), { userId: user.id, origin: "https://n.example" });
    await setUserDisabled(db(), user.id, true);
    expect(await consumeSignInToken(db(), tokenOf(fresh.url))).toEqual({
      ok: false,
      reason: "disabled",
    });
    for (const junk of ["", "x", "' or 1=1 --", null, 42, "A".repeat(43)]) {
      expect(await consumeSignInToken(db(), junk)).toEqual({ ok: false, reason: "invalid" });
    }
  });

  test("sessions roll forward with visits, end at the maximum age, and end when disabled", async () => {
    const { user } = await upsertInvitedUser(db(), {
      email: "roll@example.com",
      name: "",
      role: "sales",
    });
    const { token } = await createSession(db(), {
      userId: user.id,
      userAgent: "test",
      method: "link",
    });
    const first = await readSession(db(), token);
    expect(first?.user.email).toBe("roll@example.com");
    expect(first?.renewed).toBe(false);
    // Last seen two hours ago: this visit pushes the end out again (a week from now).
    await db().execute(
      sql`update sessions set last_seen_at = now() - interval '2 hours', expires_at = now() + interval '1 hour'`,
    );
    const rolled = await readSession(db(), token);
    expect(rolled?.renewed).toBe(true);
    expect(rolled?.session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    // Started 30 days ago: however recent the last visit, the session is over.
    await db().execute(
      sql`update sessions set created_at = now() - interval '30 days', last_seen_at = now() - interval '2 hours'`,
    );
    expect(await readSession(db(), token)).toBeNull();

    const again = await createSession(db(), {
      userId: user.id,
      userAgent: "test",
      method: "passkey",
    });
    await setUserDisabled(db(), user.id, true);
    expect(await readSession(db(), again.token)).toBeNull();
    expect(await endUserSessions(db(), user.id)).toBe(0);
  });

  test("the last admin who can sign in cannot be demoted or disabled", async () => {
    const { user: only } = await upsertInvitedUser(db(), {
      email: "boss@example.com",
      name: "",
      role: "admin",
    });
    await expect(setUserRole(db(), only.id, "sales")).rejects.toBeInstanceOf(LastAdminError);
    await expect(setUserDisabled(db(), only.id, true)).rejects.toBeInstanceOf(LastAdminError);
    const { user: second } = await upsertInvitedUser(db(), {
      email: "deputy@example.com",
      name: "",
      role: "admin",
    });
    await setUserRole(db(), only.id, "sales");
    await expect(setUserDisabled(db(), second.id, true)).rejects.toBeInstanceOf(LastAdminError);
  });

  test("inviting someone already on the team keeps their role; the operator's --role obeys the last-admin rule", async () => {
    // A database of its own: the rule counts every admin, so other tests' people would count.
    const own = await createTestDatabase(driver);
    try {
      const ownDb = own.database.db;
      const first = await upsertInvitedUser(ownDb, {
        email: "solo@example.com",
        name: "Solo",
        role: "admin",
      });
      expect(first.existed).toBe(false);
      // The Team page's invite: a fresh link, the role untouched whatever the form said.
      const again = await upsertInvitedUser(ownDb, {
        email: "solo@example.com",
        name: "",
        role: "sales",
      });
      expect(again).toMatchObject({ existed: true, user: { role: "admin", name: "Solo" } });
      // The operator's command sets the role, but not by demoting the last admin.
      await expect(
        upsertInvitedUser(
          ownDb,
          { email: "solo@example.com", name: "", role: "sales" },
          { roleOfExisting: "set" },
        ),
      ).rejects.toBeInstanceOf(LastAdminError);
      await upsertInvitedUser(ownDb, { email: "two@example.com", name: "", role: "admin" });
      const demoted = await upsertInvitedUser(
        ownDb,
        { email: "solo@example.com", name: "", role: "sales" },
        { roleOfExisting: "set" },
      );
      expect(demoted.user.role).toBe("sales");
    } finally {
      await own.drop();
    }
  });

  test("rate limits hold across concurrent attempts", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        takeRateLimit(db(), { bucket: "t", key: "k", limit: 3, windowSeconds: 60 }),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(3);
  });

  test("disabling someone spends their unused links: enabled again, an old link no longer signs them in", async () => {
    const { user } = await upsertInvitedUser(db(), {
      email: "leaver@example.com",
      name: "",
      role: "sales",
    });
    const link = await createSignInLink(db(), { userId: user.id, origin: "https://n.example" });
    await setUserDisabled(db(), user.id, true);
    await setUserDisabled(db(), user.id, false);
    expect(await consumeSignInToken(db(), tokenOf(link.url))).toEqual({
      ok: false,
      reason: "used",
    });
    // A link made after they are back works.
    const fresh = await createSignInLink(db(), { userId: user.id, origin: "https://n.example" });
    expect(await consumeSignInToken(db(), tokenOf(fresh.url))).toMatchObject({ ok: true });
  });

  test("signing out everywhere spends the links still lying in a mailbox", async () => {
    const { user } = await upsertInvitedUser(db(), {
      email: "careful@example.com",
      name: "",
      role: "editor",
    });
    const link = await createSignInLink(db(), { userId: user.id, origin: "https://n.example" });
    await endUserSessions(db(), user.id);
    expect(await consumeSignInToken(db(), tokenOf(link.url))).toEqual({
      ok: false,
      reason: "used",
    });
  });
});
