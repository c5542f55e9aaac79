import { describe, expect, test } from "vitest";
import { frameNeedsLoading, leadOpenedBy } from "#app/lib/back-office.ts";

const id = "0b0f8c3e-5a7b-4c1e-9d2f-3a4b5c6d7e8f";

describe("the lead a path opens", () => {
  test("a lead's page opens its lead; its other paths and the inbox do not", () => {
    expect(leadOpenedBy(`/admin/leads/${id}`)).toBe(id);
    expect(leadOpenedBy(`/admin/leads/${id}/`)).toBe(id);
    expect(leadOpenedBy("/admin/leads")).toBeUndefined();
    expect(leadOpenedBy("/admin/leads.csv")).toBeUndefined();
    expect(leadOpenedBy("/admin/leads/person.json")).toBeUndefined();
    expect(leadOpenedBy(`/admin/posts/${id}`)).toBeUndefined();
  });
});

describe("when the back office's frame (and its unread count) loads again", () => {
  const move = (from: string, to: string, defaultShouldRevalidate = false) =>
    frameNeedsLoading({
      currentUrl: new URL(from, "http://x"),
      nextUrl: new URL(to, "http://x"),
      defaultShouldRevalidate,
    });

  test("going to a lead or to the inbox counts the unread leads again", () => {
    expect(move("/admin/leads", `/admin/leads/${id}`)).toBe(true);
    expect(move(`/admin/leads/${id}`, "/admin/leads")).toBe(true);
    expect(move("/admin/posts", "/admin/leads")).toBe(true);
  });

  test("other moves keep the frame, unless the router asks (after a form)", () => {
    expect(move("/admin/leads", "/admin/posts")).toBe(false);
    expect(move("/admin/leads", "/admin/leads?q=ann")).toBe(false);
    expect(move("/admin/leads", "/admin/leads?q=ann", true)).toBe(true);
  });
});
