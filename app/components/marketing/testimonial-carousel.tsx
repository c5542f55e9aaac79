import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight, Pause, Play, Star } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useId, useState } from "react";
import type { Testimonial } from "#app/content/testimonials.ts";

/** SPEC.md §9: the carousel moves on every 4 seconds. */
export const TESTIMONIAL_DELAY_MS = 4000;

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

/**
 * Auto-rotating testimonials (WAI-ARIA APG carousel pattern). Rotation stops for good when
 * the visitor takes control (previous/next, swipe, arrow keys, pause), pauses while the
 * pointer is over it or focus is inside the slides, and never starts by itself under
 * prefers-reduced-motion.
 */
export function TestimonialCarousel({
  testimonials,
  label,
}: {
  testimonials: readonly Testimonial[];
  label: string;
}) {
  const [autoplay] = useState(() =>
    Autoplay({
      delay: TESTIMONIAL_DELAY_MS,
      playOnInit: false,
      // Hover and focus only pause, so this component decides when to resume.
      stopOnInteraction: true,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  );
  const [viewportRef, emblaApi] = useEmblaCarousel(
    { loop: true, align: "start", inViewThreshold: 0.6 },
    [autoplay],
  );
  const [rotating, setRotating] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [inView, setInView] = useState<number[] | null>(null);
  const slidesId = useId();

  useEffect(() => {
    if (!window.matchMedia("(prefers-reduced-motion: reduce)").matches) setRotating(true);
  }, []);

  useEffect(() => {
    if (!emblaApi) return;
    const stopForGood = () => setRotating(false);
    const updateInView = () => setInView(emblaApi.slidesInView());
    emblaApi.on("pointerDown", stopForGood);
    emblaApi.on("slidesInView", updateInView);
    emblaApi.on("reInit", updateInView);
    updateInView();
    return () => {
      emblaApi.off("pointerDown", stopForGood);
      emblaApi.off("slidesInView", updateInView);
      emblaApi.off("reInit", updateInView);
    };
  }, [emblaApi]);

  useEffect(() => {
    const plugin = emblaApi?.plugins().autoplay;
    if (!plugin) return;
    if (rotating && !hovered && !focused) plugin.play();
    else plugin.stop();
  }, [emblaApi, rotating, hovered, focused]);

  const previous = useCallback(() => {
    setRotating(false);
    emblaApi?.scrollPrev();
  }, [emblaApi]);
  const next = useCallback(() => {
    setRotating(false);
    emblaApi?.scrollNext();
  }, [emblaApi]);

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
          {rotating ? (
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
      <div ref={viewportRef} className="overflow-hidden">
        <div
          id={slidesId}
          aria-live={rotating ? "off" : "polite"}
          className="-ml-6 flex touch-pan-y"
        >
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
                className="min-w-0 shrink-0 grow-0 basis-full pl-6 md:basis-1/2"
              >
                <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
                  <StarRating rating={testimonial.rating} />
                  <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-ink">
                    <p>&ldquo;{testimonial.quote}&rdquo;</p>
                  </blockquote>
                  <figcaption className="mt-6 border-t border-slate-200 pt-4">
                    <span className="block font-semibold text-ink">{testimonial.name}</span>
                    <span className="block text-sm text-ink-soft">
                      {testimonial.jobTitle ? `${testimonial.jobTitle}, ` : ""}
                      {testimonial.company}
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
