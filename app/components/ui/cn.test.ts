import { twMerge } from "tailwind-merge";
import { beforeAll, describe, expect, test } from "vitest";
import { usedUtilities } from "../../../scripts/tailwind-utilities.ts";
import { cn } from "./cn.ts";

describe("cn", () => {
  test("a later class overrides an earlier one of the same kind; others stay", () => {
    expect(cn("px-4 py-2", "p-6")).toBe("p-6");
    expect(cn("p-6", "px-4")).toBe("p-6 px-4");
    expect(cn("text-sm text-ink", "text-lg")).toBe("text-ink text-lg");
    expect(cn("rounded-2xl bg-white shadow-sm", "bg-brand-900 md:bg-white")).toBe(
      "rounded-2xl shadow-sm bg-brand-900 md:bg-white",
    );
    expect(cn("mt-2", false, undefined, { "mt-4": true })).toBe("mt-4");
  });

  describe("merges every class the site uses exactly as tailwind-merge's full configuration does", () => {
    let utilities: string[] = [];
    beforeAll(async () => {
      utilities = await usedUtilities();
    }, 30_000);

    test("each pair of utilities, in both orders (else run `npm run generate:merge-config`)", () => {
      expect(utilities.length).toBeGreaterThan(300);
      const differences: string[] = [];
      for (const first of utilities) {
        for (const second of utilities) {
          const classes = `${first} ${second}`;
          if (cn(classes) !== twMerge(classes)) differences.push(classes);
        }
      }
      expect(differences.slice(0, 20)).toEqual([]);
    }, 60_000);
  });
});
