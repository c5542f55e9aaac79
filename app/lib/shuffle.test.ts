import { describe, expect, test } from "vitest";
import { shuffled } from "#app/lib/shuffle.ts";

describe("shuffled", () => {
  test("returns every item once and leaves the input in its order", () => {
    const items = Object.freeze(Array.from({ length: 10 }, (_, index) => index));
    const result = shuffled(items);
    expect([...result].sort((a, b) => a - b)).toEqual(items);
    expect(items).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  test("every item can end up first, so no order is favoured", () => {
    const firsts = new Set<string>();
    for (let run = 0; run < 500; run++) firsts.add(shuffled(["a", "b", "c", "d"])[0] ?? "");
    expect([...firsts].sort()).toEqual(["a", "b", "c", "d"]);
  });

  test("follows its random source", () => {
    expect(shuffled([1, 2, 3], () => 0)).toEqual([2, 3, 1]);
    expect(shuffled([1, 2, 3], () => 0.999)).toEqual([1, 2, 3]);
  });
});
