import { artPanel, artRoot } from "#app/components/art/frame.ts";
import { cn } from "#app/components/ui/cn.ts";

/** The study this chart belongs to: Cue's first ten weeks, 16 qualified leads in all. */
export const pipelineChartStudy = "cue-case-study";
const leadsByWeek = [0, 1, 1, 2, 1, 2, 2, 3, 2, 2];

/**
 * Cue's case-study art: a pipeline chart from the study's own figures, the qualified leads
 * the program brought week by week. Below 1024 px the study's own tabs and figures come
 * first: the page leaves it out there (`className`).
 */
export function PipelineChartArt({ className }: { className?: string }) {
  let total = 0;
  const cumulative = leadsByWeek.map((count) => {
    total += count;
    return total;
  });
  const points = cumulative.map((value, week) => `${20 + week * 31},${150 - value * 8}`);
  return (
    <div
      role="img"
      aria-label="A pipeline chart from the Cue case study: qualified leads week by week, sixteen in the first ten weeks"
      className={cn(artRoot, className)}
    >
      <div className={cn(artPanel, "p-6")}>
        <div className="flex items-baseline justify-between">
          <div>
            <p className="text-sm font-semibold text-brand-700">Cue · qualified leads</p>
            <p className="font-display text-4xl font-bold">16</p>
          </div>
          <p className="w-32 rounded-full bg-brand-50 py-1 text-center text-sm font-semibold text-brand-800">
            first 10 weeks
          </p>
        </div>
        <svg
          viewBox="0 0 320 160"
          width="320"
          height="160"
          aria-hidden="true"
          className="mt-4 h-auto w-full"
        >
          <path d="M10 150h300M10 110h300M10 70h300M10 30h300" stroke="#e2e8f0" />
          {leadsByWeek.map((count, week) => (
            <rect
              key={week}
              x={12 + week * 31}
              y={150 - count * 12}
              width="16"
              height={count * 12}
              rx="3"
              fill="#b9cbff"
            />
          ))}
          <polyline points={points.join(" ")} fill="none" stroke="#1f3ea3" strokeWidth="3" />
          <circle cx="299" cy={150 - 16 * 8} r="5" fill="#1f3ea3" />
        </svg>
        <p className="mt-2 hidden justify-between text-xs text-slate-600 sm:flex">
          <span>Week 1</span>
          <span>Bars: new each week · line: in all</span>
          <span>Week 10</span>
        </p>
      </div>
      <p className="relative -mt-4 mr-4 ml-auto w-72 rounded-xl bg-accent-400 px-4 py-2 text-sm font-semibold text-ink shadow-lg">
        $30k pilot signed within 90 days
      </p>
    </div>
  );
}
