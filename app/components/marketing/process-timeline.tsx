import { Check } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Card } from "#app/components/ui/card.tsx";
import type { ProcessStep } from "#app/content/how-it-works.ts";

/** A step shows once 30% of it is in view; each waits 150 ms more than the last. */
export const STEP_VISIBILITY_THRESHOLD = 0.3;
export const STEP_DELAY_MS = 150;

/**
 * The scroll-animated process timeline. The server HTML shows every step: the
 * hide-until-visible styling only applies once the effect below has run (so never without
 * JavaScript) and never under prefers-reduced-motion. Hydration comes after the first
 * paint, so steps already in or above the window by then have been seen: they stay as they
 * are, and only steps still below the window wait to be scrolled to.
 */
export function ProcessTimeline({ steps }: { steps: readonly ProcessStep[] }) {
  const listRef = useRef<HTMLOListElement>(null);
  const [animate, setAnimate] = useState(false);
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());
  // null: not tracking the scroll, the bar is drawn full.
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    const list = listRef.current;
    if (!list || !("IntersectionObserver" in window)) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const items = [...list.querySelectorAll<HTMLElement>("[data-step-id]")];
    const seen = items.filter((item) => item.getBoundingClientRect().top < window.innerHeight);
    setShown(new Set(seen.map((item) => item.dataset.stepId ?? "")));
    setAnimate(true);

    const observer = new IntersectionObserver(
      (entries) => {
        const appeared: string[] = [];
        for (const entry of entries) {
          if (entry.isIntersecting && entry.intersectionRatio >= STEP_VISIBILITY_THRESHOLD) {
            const id = (entry.target as HTMLElement).dataset.stepId;
            if (id) appeared.push(id);
            observer.unobserve(entry.target);
          }
        }
        if (appeared.length) setShown((previous) => new Set([...previous, ...appeared]));
      },
      { threshold: STEP_VISIBILITY_THRESHOLD },
    );
    for (const item of items) if (!seen.includes(item)) observer.observe(item);

    // The fill reaches a point of the timeline when that point crosses the middle of the window.
    let frame = 0;
    const measure = () => {
      frame = 0;
      const rect = list.getBoundingClientRect();
      const ratio = rect.height > 0 ? (window.innerHeight / 2 - rect.top) / rect.height : 0;
      setProgress(Math.min(1, Math.max(0, ratio)));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, []);

  return (
    <div className="relative">
      <div
        aria-hidden="true"
        className="absolute top-0 bottom-0 left-5 w-1 -translate-x-1/2 overflow-hidden rounded-full bg-brand-100 md:left-1/2"
      >
        <div
          data-testid="timeline-progress"
          className="h-full w-full origin-top bg-brand-600"
          style={{ transform: `scaleY(${progress ?? 1})` }}
        />
      </div>
      <ol ref={listRef} className="relative space-y-10 md:space-y-14">
        {steps.map((step, index) => {
          const hidden = animate && !shown.has(step.id);
          const motion = hidden
            ? "translate-y-8 opacity-0"
            : animate
              ? "translate-y-0 opacity-100 transition duration-700 ease-out"
              : "";
          return (
            <li
              key={step.id}
              data-step-id={step.id}
              className={`relative pl-14 md:grid md:grid-cols-2 md:gap-20 md:pl-0 ${motion}`}
              style={
                animate && !hidden ? { transitionDelay: `${index * STEP_DELAY_MS}ms` } : undefined
              }
            >
              <span
                aria-hidden="true"
                className="absolute top-5 left-5 flex h-10 w-10 -translate-x-1/2 items-center justify-center rounded-full bg-brand-700 font-bold text-white ring-4 ring-white md:left-1/2"
              >
                {index + 1}
              </span>
              <Card
                padding="roomy"
                className={step.side === "right" ? "md:col-start-2" : "md:col-start-1"}
              >
                <h3 className="font-display text-2xl font-bold text-ink">{step.title}</h3>
                <p className="mt-2 text-lg font-medium text-brand-700">{step.description}</p>
                <p className="mt-3 leading-relaxed text-ink-soft">{step.details}</p>
                {step.bulletPoints?.length ? (
                  <ul className="mt-4 space-y-2">
                    {step.bulletPoints.map((point) => (
                      <li key={point} className="flex gap-2 text-ink">
                        <Check
                          aria-hidden="true"
                          className="mt-0.5 h-5 w-5 shrink-0 text-brand-600"
                        />
                        {point}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </Card>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
