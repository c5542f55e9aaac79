import { expect, test } from "vitest";
import { roundScale } from "./chart-scale.ts";

test("the axis ends on a round number at or past the highest bar, in at most four steps", () => {
  expect(roundScale(0)).toEqual({ top: 1, ticks: [0, 1] });
  expect(roundScale(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
  expect(roundScale(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
  expect(roundScale(301)).toEqual({ top: 400, ticks: [0, 100, 200, 300, 400] });
  // Past the fixed lists the charts had (500 and 5,000 at most): still four round steps.
  expect(roundScale(7_648)).toEqual({ top: 8_000, ticks: [0, 2_000, 4_000, 6_000, 8_000] });
  expect(roundScale(123_456).ticks).toHaveLength(4);
});
