import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { issueFormToken, readFormToken } from "#app/.server/contact/form-token.ts";

describe("the contact form token", () => {
  const secret = randomBytes(32);

  test("carries the time it was issued and a fresh idempotency key", () => {
    const issued = issueFormToken(secret, 1_795_000_000_000);
    const token = readFormToken(secret, issued, 1_795_000_005_000);
    expect(token?.issuedAt).toBe(1_795_000_000_000);
    expect(token?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(readFormToken(secret, issueFormToken(secret))?.idempotencyKey).not.toBe(
      token?.idempotencyKey,
    );
  });

  test("cannot be forged, altered, moved back in time or signed with another key", () => {
    const issued = issueFormToken(secret, 1_795_000_000_000);
    const [time, key, signature] = issued.split(".");
    expect(readFormToken(secret, `1700000000000.${key}.${signature}`)).toBeNull();
    expect(readFormToken(secret, `${time}.${key}.${"A".repeat(43)}`)).toBeNull();
    expect(readFormToken(randomBytes(32), issued)).toBeNull();
    for (const junk of ["", "0", "1795000000000", `${time}.${key}`, `${issued}.x`]) {
      expect(readFormToken(secret, junk)).toBeNull();
    }
  });

  test("a token from the future (beyond a minute of clock skew) is refused", () => {
    const now = 1_795_000_000_000;
    expect(readFormToken(secret, issueFormToken(secret, now + 30_000), now)).not.toBeNull();
    expect(readFormToken(secret, issueFormToken(secret, now + 120_000), now)).toBeNull();
  });
});
