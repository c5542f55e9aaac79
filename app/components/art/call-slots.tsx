import portraits from "virtual:portraits";
import { ArrowDown, Clock, Video } from "lucide-react";
import { artPanel, artRoot } from "#app/components/art/frame.ts";
import { cn } from "#app/components/ui/cn.ts";

const slots = ["9:30", "11:00", "13:30", "15:00"];

/**
 * The booking page's art: the intro call as the visitor will see it, with whom and how long.
 * Its times look like what they are, times to pick, so a tap on the card takes the visitor
 * to the real calendar below (a picture of buttons that did nothing was a dead end).
 */
export function CallSlotsArt({ calendar }: { calendar: string }) {
  return (
    <a
      href={calendar}
      aria-label="Choose a time for your 20-minute intro call with Hannah Whitaker, Director of Client Success, in the calendar below"
      className={cn(artRoot, "group block rounded-2xl")}
    >
      <div className={cn(artPanel, "p-6 transition-shadow group-hover:shadow-2xl")}>
        <div className="flex items-center gap-4">
          <img
            src={portraits["hannah-whitaker"]}
            width={56}
            height={56}
            alt=""
            decoding="async"
            fetchPriority="low"
            className="h-14 w-14 rounded-full bg-brand-100"
          />
          <div className="leading-snug">
            <p className="font-semibold text-ink">Intro call with Hannah</p>
            <p className="text-sm text-slate-600">Director of Client Success</p>
          </div>
        </div>
        <p className="mt-5 flex text-sm text-ink-soft">
          <span className="inline-flex w-28 items-center gap-1.5">
            <Clock aria-hidden="true" className="h-4 w-4" /> 20 min
          </span>
          <span className="inline-flex w-28 items-center gap-1.5">
            <Video aria-hidden="true" className="h-4 w-4" /> Video call
          </span>
        </p>
        <p className="mt-5 text-sm font-semibold text-ink">Tuesday</p>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {slots.map((slot) => (
            <span
              key={slot}
              className={cn(
                "rounded-lg border-2 py-2 text-center text-sm font-semibold",
                slot === "11:00"
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-200 text-brand-700",
              )}
            >
              {slot}
            </span>
          ))}
        </div>
        <p className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 group-hover:underline">
          Pick your time in the calendar below
          <ArrowDown aria-hidden="true" className="h-4 w-4" />
        </p>
      </div>
    </a>
  );
}
