// What the back office's bar charts (visitors a day, leads a week) draw alike: the value
// axis's grid lines with their figures, and how often a date fits under the bars.

/** The horizontal grid lines at `ticks`, each with its value at the left. */
export function Gridlines({
  ticks,
  y,
  left,
  right,
  fontSize,
}: {
  ticks: number[];
  /** A value's height in the drawing. */
  y: (value: number) => number;
  /** Where the plot starts and ends across the drawing. */
  left: number;
  right: number;
  fontSize: number;
}) {
  return ticks.map((tick) => (
    <g key={tick}>
      <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
      <text x={left - 6} y={y(tick) + 4} textAnchor="end" fontSize={fontSize} fill="#475569">
        {tick}
      </text>
    </g>
  ));
}

/** Every how many bars a date is written: about one per 80 units of width. */
export const labelStep = (bars: number, width: number) =>
  Math.max(1, Math.ceil(bars / (width / 80)));
