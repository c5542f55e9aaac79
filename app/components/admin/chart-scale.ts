/**
 * The value axis of a back-office bar chart: steps of 1, 2 or 5 times a power of ten, at
 * most four of them up to the highest bar (or just past it), so the grid lines land on
 * whole, round numbers whatever the figures.
 */
export function roundScale(highest: number): { top: number; ticks: number[] } {
  const max = Math.max(1, highest);
  let step = 1;
  for (let power = 1; ; power *= 10) {
    const found = [1, 2, 5].map((m) => m * power).find((s) => max / s <= 4);
    if (found !== undefined) {
      step = found;
      break;
    }
  }
  const top = Math.ceil(max / step) * step;
  return { top, ticks: Array.from({ length: top / step + 1 }, (_, index) => index * step) };
}
