import { ChevronLeft, ChevronRight, Pause, Play, Star } from "lucide-react";
import {
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { cardVariants } from "#app/components/ui/card.tsx";
import { cn } from "#app/components/ui/cn.ts";
import type { Testimonial } from "#app/content/testimonials.ts";

/** The carousel moves on every 4 seconds. */
export const TESTIMONIAL_DELAY_MS = 4000;

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
/** From this width on the slides are half the strip wide (their `md:basis-…` class). */
const twoPerView = () => window.matchMedia("(min-width: 48rem)").matches;

function StarRating({ rating }: { rating: number }) {
  return (
    <p className="flex items-center gap-0.5">
      <span className="sr-only">Rated {rating} out of 5</span>
      {[1, 2, 3, 4, 5].map((value) => (
        <Star
          key={value}
          aria-hidden="true"
          className={`h-5 w-5 ${value <= rating ? "fill-accent-400 text-accent-500" : "fill-none text-slate-400"}`}
        />
      ))}
    </p>
  );
}

/** "Founder & CEO, Ledgerline", or the company alone. */
const role = (testimonial: Testimonial) =>
  testimonial.jobTitle ? `${testimonial.jobTitle}, ${testimonial.company}` : testimonial.company;

/** Where the slides are laid out: read from the DOM, so CSS alone decides one or two per row. */
function measure(viewport: HTMLElement) {
  const track = viewport.firstElementChild as HTMLElement | null;
  const slides = track ? ([...track.children] as HTMLElement[]) : [];
  const first = slides[0];
  if (!track || !first) return null;
  const step = first.offsetWidth + (Number.parseFloat(getComputedStyle(track).columnGap) || 0);
  if (step <= 0) return null;
  const perView = Math.max(1, Math.round((viewport.clientWidth + step - first.offsetWidth) / step));
  return { slides, step, perView, count: slides.length };
}

/**
 * Auto-rotating testimonials (WAI-ARIA APG carousel pattern) on a CSS scroll-snap strip: the
 * browser lays out, snaps and animates the slides, and touch swipes are native scrolling.
 * Rotation stops for good when the visitor takes control (previous/next, swipe or drag,
 * arrow keys, pause), pauses while the pointer is over it or focus is inside the slides, and
 * never starts by itself under prefers-reduced-motion.
 *
 * It loops by reordering the slides with CSS `order` (only ones out of view) and moving the
 * scroll position by the same amount in the same frame, so the visitor sees no jump.
 */
export function TestimonialCarousel({
  testimonials,
  label,
}: {
  testimonials: readonly Testimonial[];
  label: string;
}) {
  // null until hydrated: the server cannot know whether the visitor prefers reduced motion.
  const [rotating, setRotating] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [inView, setInView] = useState<readonly number[] | null>(null);
  const slidesId = useId();
  const viewportRef = useRef<HTMLDivElement>(null);
  /** The testimonial at the left edge, once the current move is over. */
  const current = useRef(0);
  /** The testimonial laid out first (CSS order 0). */
  const first = useRef(0);
  /** Where a move the carousel started will end; null when the visitor scrolls by hand. */
  const target = useRef<number | null>(null);
  const drag = useRef<{ pointerId: number; x: number; scrollLeft: number } | null>(null);

  const showSlidesFrom = useCallback((index: number) => {
    const viewport = viewportRef.current;
    const layout = viewport && measure(viewport);
    if (!layout) return;
    current.current = index;
    setInView(
      Array.from({ length: Math.min(layout.perView, layout.count) }, (_, offset) => {
        return (index + offset) % layout.count;
      }),
    );
  }, []);

  const move = useCallback(
    (direction: 1 | -1) => {
      const viewport = viewportRef.current;
      const layout = viewport && measure(viewport);
      if (!layout || layout.count <= layout.perView) return;
      const { slides, step, perView, count } = layout;
      const positionOf = (index: number) => (index - first.current + count) % count;
      const reorder = (firstIndex: number, position: number) => {
        first.current = firstIndex;
        slides.forEach((slide, index) => {
          slide.style.order = String(positionOf(index));
        });
        viewport.scrollTo({ left: position * step, behavior: "instant" });
      };
      let position = positionOf(current.current);
      // Past either end, bring the slides from the other end round before moving.
      if (direction === 1 && position + 1 > count - perView) {
        position = 0;
        reorder(current.current, position);
      } else if (direction === -1 && position === 0) {
        position = count - perView;
        reorder((current.current - position + count) % count, position);
      }
      target.current = (position + direction) * step;
      viewport.scrollTo({
        left: target.current,
        behavior: reducedMotion() ? "instant" : "smooth",
      });
      showSlidesFrom((current.current + direction + count) % count);
    },
    [showSlidesFrom],
  );

  // After a swipe, a drag or a resize, the slide at the left edge is the current one.
  const settle = useCallback(() => {
    const viewport = viewportRef.current;
    const layout = viewport && measure(viewport);
    if (!layout) return;
    // The end of the instant jump that precedes a loop is not the end of the move.
    if (target.current !== null && Math.abs(viewport.scrollLeft - target.current) > 2) return;
    target.current = null;
    const position = Math.round(viewport.scrollLeft / layout.step);
    showSlidesFrom((position + first.current) % layout.count);
  }, [showSlidesFrom]);

  useEffect(() => {
    setRotating(!reducedMotion());
    const viewport = viewportRef.current;
    if (!viewport) return;
    // The slides are measured once the browser has laid the strip out, and again whenever
    // its width changes: reading them here would make the browser lay out the whole page
    // in the middle of hydration. Until then, which slides are in view follows from the
    // window's width.
    const perView = twoPerView() ? 2 : 1;
    setInView(Array.from({ length: Math.min(perView, testimonials.length) }, (_, i) => i));
    const resized = new ResizeObserver(settle);
    resized.observe(viewport);
    viewport.addEventListener("scrollend", settle);
    return () => {
      resized.disconnect();
      viewport.removeEventListener("scrollend", settle);
    };
  }, [settle, testimonials.length]);

  // Out of the window (far below the first screen, or scrolled past) the strip waits:
  // moving it there would redraw it every few seconds on a phone for nobody, and the reader
  // who gets there would start in the middle.
  const onScreen = useRef(false);
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const watch = new IntersectionObserver(([entry]) => {
      onScreen.current = entry?.isIntersecting ?? false;
    });
    watch.observe(viewport);
    return () => watch.disconnect();
  }, []);

  useEffect(() => {
    if (!rotating || hovered || focused) return;
    const timer = setInterval(() => {
      if (onScreen.current) move(1);
    }, TESTIMONIAL_DELAY_MS);
    return () => clearInterval(timer);
  }, [rotating, hovered, focused, move]);

  const previous = () => {
    setRotating(false);
    move(-1);
  };
  const next = () => {
    setRotating(false);
    move(1);
  };

  // The rotation control is left out: focusing it to restart rotation must not pause it.
  const pauseOnFocus = () => setFocused(true);
  const resumeOnBlur = () => setFocused(false);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      previous();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    }
  };

  // Touch swipes scroll natively; a mouse drags the strip by hand, without snapping until
  // it lets go. Either way the visitor has taken control.
  const takeControl = () => {
    setRotating(false);
    target.current = null;
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    takeControl();
    const viewport = viewportRef.current;
    if (!viewport || event.pointerType !== "mouse" || event.button !== 0) return;
    event.preventDefault();
    viewport.setPointerCapture(event.pointerId);
    viewport.style.scrollSnapType = "none";
    drag.current = {
      pointerId: event.pointerId,
      x: event.clientX,
      scrollLeft: viewport.scrollLeft,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const viewport = viewportRef.current;
    if (!viewport || drag.current?.pointerId !== event.pointerId) return;
    viewport.scrollLeft = drag.current.scrollLeft - (event.clientX - drag.current.x);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const viewport = viewportRef.current;
    if (!viewport || drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    const layout = measure(viewport);
    const nearest = layout ? Math.round(viewport.scrollLeft / layout.step) * layout.step : 0;
    viewport.style.scrollSnapType = "";
    viewport.scrollTo({ left: nearest, behavior: reducedMotion() ? "instant" : "smooth" });
  };

  const controlClass =
    "inline-flex h-11 w-11 items-center justify-center rounded-full border-2 border-brand-700 text-brand-700 hover:bg-brand-50";

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onKeyDown={onKeyDown}
    >
      <div className="mb-6 flex items-center justify-end gap-3">
        <button
          type="button"
          className={controlClass}
          onClick={() => setRotating((value) => !value)}
          aria-label={rotating ? "Pause testimonials" : "Play testimonials"}
        >
          {rotating === null ? (
            // Before hydration, show the icon the hydrated carousel will show.
            <>
              <Pause aria-hidden="true" className="h-5 w-5 motion-reduce:hidden" />
              <Play aria-hidden="true" className="h-5 w-5 motion-safe:hidden" />
            </>
          ) : rotating ? (
            <Pause aria-hidden="true" className="h-5 w-5" />
          ) : (
            <Play aria-hidden="true" className="h-5 w-5" />
          )}
        </button>
        <div className="flex gap-3">
          <button
            type="button"
            className={controlClass}
            onClick={previous}
            onFocus={pauseOnFocus}
            onBlur={resumeOnBlur}
            aria-controls={slidesId}
            aria-label="Previous testimonial"
          >
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          <button
            type="button"
            className={controlClass}
            onClick={next}
            onFocus={pauseOnFocus}
            onBlur={resumeOnBlur}
            aria-controls={slidesId}
            aria-label="Next testimonial"
          >
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
      </div>
      {/* Focusable, as a scrolling region must be for keyboard users; the arrow keys then
          move slide by slide, and focus here pauses the rotation like focus on the arrows. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer and wheel only tell when the visitor takes control */}
      <div
        ref={viewportRef}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        onFocus={pauseOnFocus}
        onBlur={resumeOnBlur}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onWheel={(event) => {
          if (Math.abs(event.deltaX) > Math.abs(event.deltaY)) takeControl();
        }}
        className="snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        <div id={slidesId} aria-live={rotating ? "off" : "polite"} className="relative flex gap-6">
          {testimonials.map((testimonial, index) => {
            const hidden = inView !== null && !inView.includes(index);
            return (
              // biome-ignore lint/a11y/useSemanticElements: an APG carousel slide; <fieldset> is for form controls
              <div
                key={testimonial.name}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${testimonials.length}`}
                aria-hidden={hidden || undefined}
                className="min-w-0 shrink-0 grow-0 basis-full snap-start md:basis-[calc(50%-0.75rem)]"
              >
                <figure className={cn(cardVariants({ padding: "roomy" }), "flex h-full flex-col")}>
                  <StarRating rating={testimonial.rating} />
                  <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-ink">
                    <p>&ldquo;{testimonial.quote}&rdquo;</p>
                  </blockquote>
                  <figcaption className="mt-6 flex items-center gap-4 border-t border-slate-200 pt-4">
                    <img
                      src={testimonial.portrait}
                      width={56}
                      height={56}
                      alt={`Illustrated portrait of ${testimonial.name}, ${role(testimonial)}`}
                      loading="lazy"
                      decoding="async"
                      className="h-14 w-14 shrink-0 rounded-full bg-brand-100"
                    />
                    <span>
                      <span className="block font-semibold text-ink">{testimonial.name}</span>
                      <span className="block text-sm text-ink-soft">{role(testimonial)}</span>
                    </span>
                  </figcaption>
                </figure>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
