import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: sign-in links and session cookies. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * What the database keeps instead of a token. The token is random and long, so a plain
 * SHA-256 cannot be reversed or guessed; a stolen copy of the table signs nobody in.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** A token as we issue it: 43 base64url characters. Anything else is refused unread. */
export function isWellFormedToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}
