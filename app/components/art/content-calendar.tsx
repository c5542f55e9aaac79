import { artPanel, artRoot } from "#app/components/art/frame.ts";
import { cn } from "#app/components/ui/cn.ts";

type Kind = "interview" | "post" | "article" | "newsletter" | "outreach";
const look: Record<Kind, { label: string; className: string }> = {
  interview: { label: "Interview", className: "bg-ink text-white" },
  post: { label: "Post", className: "bg-brand-100 text-brand-800" },
  article: { label: "Article", className: "bg-accent-300 text-ink" },
  newsletter: { label: "Newsletter", className: "bg-sand text-ink ring-1 ring-slate-200" },
  outreach: { label: "Outreach", className: "bg-brand-700 text-white" },
};

// Four weeks of a program, Monday to Friday: one interview, then the month's pieces.
const weeks: (Kind | null)[][] = [
  ["interview", null, "post", null, "post"],
  ["post", "article", null, "post", "outreach"],
  ["post", null, "newsletter", "post", null],
  ["article", "post", null, "outreach", "post"],
];

/**
 * How it works, drawn: a month of one founder's program, from the interview on the first
 * Monday to the posts, articles, newsletter and outreach it becomes. A phone shows the first
 * two weeks.
 */
export function ContentCalendarArt() {
  return (
    <div
      role="img"
      aria-label="A month's content calendar: one interview on the first Monday becomes eight posts, two articles, a newsletter and two rounds of outreach"
      className={artRoot}
    >
      <div className={cn(artPanel, "p-5")}>
        <div className="flex items-baseline gap-4">
          <p className="w-20 font-display text-xl font-bold">March</p>
          <p className="text-sm text-slate-600">1 interview → 11 pieces</p>
        </div>
        <div className="mt-4 grid grid-cols-5 gap-2 text-center text-xs font-semibold text-slate-600">
          {["Mon", "Tue", "Wed", "Thu", "Fri"].map((day) => (
            <span key={day}>{day}</span>
          ))}
        </div>
        {weeks.map((week, index) => (
          <div
            key={index}
            className={cn("mt-2 grid grid-cols-5 gap-2", index > 1 && "hidden sm:grid")}
          >
            {week.map((kind, day) => (
              <div
                key={day}
                className="flex h-14 flex-col justify-between rounded-lg border border-slate-100 p-1.5 text-left"
              >
                <span className="text-[0.65rem] text-slate-500">{index * 7 + day + 2}</span>
                {kind ? (
                  <span
                    className={cn(
                      "truncate rounded px-1 py-0.5 text-[0.65rem] font-semibold",
                      look[kind].className,
                    )}
                  >
                    {look[kind].label}
                  </span>
                ) : null}
              </div>
            ))}
          </div>
        ))}
      </div>
      <div className="relative -mt-5 mr-4 ml-auto w-44 rounded-xl bg-ink px-4 py-2 text-white shadow-lg">
        <p className="text-xs text-slate-300">Your time this month</p>
        <p className="font-display text-2xl font-bold">1 hour</p>
      </div>
    </div>
  );
}
