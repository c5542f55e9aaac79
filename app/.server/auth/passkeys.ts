import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { User } from "#app/.server/auth/users.ts";
import type { Db } from "#app/.server/db/client.ts";
import { passkeys, users, webauthnChallenges } from "#app/.server/db/schema.ts";
import { site } from "#app/content/site.ts";

/**
 * The WebAuthn library, loaded when a passkey is first added or used: it took a tenth of a
 * second of every server start, for a sign-in most starts never see.
 */
const webauthn = () => import("@simplewebauthn/server");

/** How long the browser has to answer a passkey prompt. */
const CHALLENGE_MINUTES = 5;

export type Passkey = typeof passkeys.$inferSelect;

/** The relying party is the site's own origin (SITE_URL): passkeys belong to that domain. */
function relyingParty(origin: string) {
  return { rpID: new URL(origin).hostname, expectedOrigin: origin };
}

async function storeChallenge(db: Db, challenge: string, userId: string | null) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  await db.insert(webauthnChallenges).values({
    challenge,
    userId,
    expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
  });
}

/** Uses a challenge: true once, for the person it was issued to, before it expires. */
async function consumeChallenge(db: Db, challenge: string, userId: string | null) {
  const deleted = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        gt(webauthnChallenges.expiresAt, sql`now()`),
        userId === null
          ? sql`${webauthnChallenges.userId} is null`
          : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return deleted.length === 1;
}

export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  return deleted.length === 1;
}

/** Step 1 of adding a passkey: what the browser needs to create one for this person. */
export async function passkeyRegistrationOptions(db: Db, user: User, origin: string) {
  const existing = await listPasskeys(db, user.id);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: `${site.name} back office`,
    rpID: relyingParty(origin).rpID,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: new Uint8Array(Buffer.from(user.id.replaceAll("-", ""), "hex")),
    attestationType: "none",
    excludeCredentials: existing.map((key) => ({
      id: key.id,
      transports: key.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await storeChallenge(db, options.challenge, user.id);
  return options;
}

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, { error: "Give the passkey a name, like “Work laptop”." })
  .max(60, { error: "A passkey name has at most 60 characters." });

/** Step 2: checks the browser's answer and keeps the new passkey. */
export async function registerPasskey(
  db: Db,
  user: User,
  origin: string,
  options: { response: RegistrationResponseJSON; name: string },
): Promise<Passkey> {
  const { rpID, expectedOrigin } = relyingParty(origin);
  const { verifyRegistrationResponse } = await webauthn();
  const verification = await verifyRegistrationResponse({
    response: options.response,
    expectedChallenge: (challenge) => consumeChallenge(db, challenge, user.id),
    expectedOrigin,
    expectedRPID: rpID,
    requireUserVerification: false,
  });
  if (!verification.verified) throw new Error("The passkey could not be verified.");
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId: user.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name: options.name,
    })
    .returning();
  if (!row) throw new Error("Insert returned no row");
  return row;
}

/** Signing in, step 1: a challenge any of the team's passkeys may answer. */
export async function passkeySignInOptions(db: Db, origin: string) {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(origin).rpID,
    userVerification: "preferred",
  });
  await storeChallenge(db, options.challenge, null);
  return options;
}

/** Signing in, step 2: the person whose passkey answered, or null. */
export async function verifyPasskeySignIn(
  db: Db,
  origin: string,
  response: AuthenticationResponseJSON,
): Promise<User | null> {
  const [row] = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.id, response.id))
    .limit(1);
  if (!row || row.user.disabledAt) return null;
  const { rpID, expectedOrigin } = relyingParty(origin);
  const { verifyAuthenticationResponse } = await webauthn();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: (challenge) => consumeChallenge(db, challenge, null),
    expectedOrigin,
    expectedRPID: rpID,
    credential: {
      id: row.passkey.id,
      publicKey: new Uint8Array(Buffer.from(row.passkey.publicKey, "base64url")),
      counter: row.passkey.counter,
      transports: row.passkey.transports as AuthenticatorTransport[],
    },
    requireUserVerification: false,
  });
  if (!verification.verified) return null;
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
    .where(eq(passkeys.id, row.passkey.id));
  return row.user;
}
