import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

/**
 * The contact form's token: when the form was served and the lead's idempotency key,
 * signed by the server (HMAC-SHA256). The too-fast bot check reads the time from it, so it
 * can be neither skipped (an omitted or zero start time) nor forged, and one token can
 * store at most one lead (replaying it repeats that lead, it never adds one).
 */
export type FormToken = { issuedAt: number; idempotencyKey: string };

// A form served by a clock slightly ahead (another copy) is still fine.
const CLOCK_SKEW_MS = 60_000;

const sign = (secret: Buffer, payload: string) =>
  createHmac("sha256", secret).update(payload).digest("base64url");

export function issueFormToken(secret: Buffer, now = Date.now()): string {
  const payload = `${now}.${randomUUID()}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The token's content, or null when it is missing, malformed or not signed by us. */
export function readFormToken(secret: Buffer, token: string, now = Date.now()): FormToken | null {
  const match = token.match(/^(\d{13})\.([0-9a-f-]{36})\.([\w-]{43})$/);
  if (!match) return null;
  const [, issued, key, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(secret, `${issued}.${key}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const issuedAt = Number(issued);
  if (issuedAt > now + CLOCK_SKEW_MS) return null;
  return { issuedAt, idempotencyKey: key };
}
