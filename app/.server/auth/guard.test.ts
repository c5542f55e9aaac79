import { describe, expect, test } from "vitest";
import { readSessionToken, sessionCookie } from "#app/.server/auth/cookie.ts";
import { safeNextPath, signInRedirectPath } from "#app/.server/auth/guard.ts";

describe("where sign-in returns to", () => {
  test("back-office paths are kept, with their query", () => {
    expect(safeNextPath("/admin/leads?status=new&page=2")).toBe("/admin/leads?status=new&page=2");
    expect(safeNextPath("/admin")).toBe("/admin");
  });

  test.each([
    "//evil.example/admin",
    "/\\evil.example",
    "https://evil.example/admin",
    "javascript:alert(1)",
    "/blog",
    "/administrator",
    "/admin/sign-in?next=/admin",
    "admin/leads",
    "",
    `/admin/${"a".repeat(600)}`,
  ])("%s is refused", (value) => {
    expect(safeNextPath(value)).toBeNull();
  });

  test("a signed-out request remembers its page, without React Router's .data suffix", () => {
    expect(
      signInRedirectPath(new Request("http://x/admin/team.data?_routes=routes%2Fadmin.team")),
    ).toBe("/admin/sign-in?next=%2Fadmin%2Fteam");
    expect(signInRedirectPath(new Request("http://x/admin"))).toBe("/admin/sign-in");
  });
});

describe("the session cookie", () => {
  const expires = new Date(Date.now() + 86_400_000);

  test("over HTTPS: __Host- prefix, Secure, HttpOnly, SameSite=Lax, whole site", () => {
    const cookie = sessionCookie(new Request("https://northstory.example/admin"), "t", expires);
    expect(cookie).toMatch(/^__Host-northstory_session=t;/);
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Domain");
  });

  test("over plain HTTP (development): no prefix, no Secure", () => {
    const cookie = sessionCookie(new Request("http://localhost:3000/admin"), "t", expires);
    expect(cookie).toMatch(/^northstory_session=t;/);
    expect(cookie).not.toContain("Secure");
  });

  test("an HTTPS request reads only the prefixed cookie (a plain one may have been set by anyone)", () => {
    const headers = { Cookie: "northstory_session=plain; __Host-northstory_session=prefixed" };
    expect(readSessionToken(new Request("https://n.example/admin", { headers }))).toBe("prefixed");
    expect(readSessionToken(new Request("http://n.example/admin", { headers }))).toBe("plain");
  });
});
