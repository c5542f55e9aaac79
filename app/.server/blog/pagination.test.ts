import { describe, expect, test } from "vitest";
import { resolvePage } from "#app/.server/blog/pagination.ts";

const at = (search: string) => resolvePage(new URL(`http://site.test/blog${search}`), 6);

describe("the page number in the listing URL", () => {
  test("no number is page 1 and a valid number is that page", () => {
    expect(at("")).toEqual({ kind: "page", page: 1 });
    expect(at("?page=2")).toEqual({ kind: "page", page: 2 });
    expect(at("?page=6")).toEqual({ kind: "page", page: 6 });
  });

  test("page 1 has one URL: ?page=1 goes to /blog", () => {
    expect(at("?page=1")).toEqual({ kind: "redirect", to: "/blog", status: 301 });
  });

  test("a malformed number goes to /blog", () => {
    for (const bad of [
      "?page=abc",
      "?page=0",
      "?page=-2",
      "?page=2.5",
      "?page=",
      "?page=1e1",
      "?page=2&page=3",
    ]) {
      expect(at(bad)).toEqual({ kind: "redirect", to: "/blog", status: 301 });
    }
  });

  test("a number past the end goes to the last page, temporarily", () => {
    expect(at("?page=7")).toEqual({ kind: "redirect", to: "/blog?page=6", status: 302 });
    expect(at("?page=99999999999999999999")).toEqual({
      kind: "redirect",
      to: "/blog?page=6",
      status: 302,
    });
  });

  test("a padded number goes to its plain form and other parameters are kept", () => {
    expect(at("?page=02")).toEqual({ kind: "redirect", to: "/blog?page=2", status: 301 });
    expect(at("?utm_source=linkedin&page=1")).toEqual({
      kind: "redirect",
      to: "/blog?utm_source=linkedin",
      status: 301,
    });
  });
});
