import type { Locator, Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";

const faqOf = (page: Page) => page.getByRole("region", { name: "Frequently asked questions" });

/** One FAQ item (a native disclosure): its question and its answer. */
const faqItem = (page: Page, question: string) =>
  faqOf(page)
    .locator("details")
    .filter({ has: page.locator("summary", { hasText: question }) });

const carouselOf = (page: Page) => page.getByRole("region", { name: "Client testimonials" });

type ScrollTargets = { __scrollTargets?: WeakMap<Element, number> };

/**
 * Notes, in every document of the page, where the page last asked each element to scroll
 * to (Element.scrollTo with a `left`): a move of the carousel is over when its strip is
 * there.
 */
async function noteScrollTargets(page: Page) {
  await page.addInitScript(() => {
    const targets = new WeakMap<Element, number>();
    (window as ScrollTargets).__scrollTargets = targets;
    const scrollTo = Element.prototype.scrollTo;
    Element.prototype.scrollTo = function (this: Element, ...args: unknown[]) {
      const [options] = args;
      if (typeof options === "object" && options && "left" in options) {
        targets.set(this, Number(options.left));
      }
      return (scrollTo as (...a: unknown[]) => void).apply(this, args);
    } as typeof scrollTo;
  });
}

/**
 * The carousel scrolls natively, and the browser runs a smooth scroll on its own clock, not
 * on the page's fake one: wait until the strip has reached the place its last move asked
 * for (noteScrollTargets).
 */
async function scrollingDone(carousel: Locator) {
  await expect
    .poll(
      () =>
        carousel.evaluate((root) => {
          const strip = root.querySelector('[aria-roledescription="slide"]')?.parentElement
            ?.parentElement;
          if (!strip) return true;
          const target = (window as ScrollTargets).__scrollTargets?.get(strip);
          return target === undefined || Math.abs(strip.scrollLeft - target) <= 1;
        }),
      { intervals: [50] },
    )
    .toBe(true);
}

/**
 * Scrolls the carousel into view and waits until the browser has said so to the page (an
 * intersection observer of its own on the strip, told in the same update as the
 * carousel's): out of view the carousel waits, in view it moves on.
 */
async function scrollTo(carousel: Locator) {
  await carousel.scrollIntoViewIfNeeded();
  await carousel.evaluate(
    (root) =>
      new Promise((resolve) => {
        const strip = root.querySelector('[aria-roledescription="slide"]')?.parentElement
          ?.parentElement;
        if (!strip) throw new Error("the carousel has no strip");
        const watch = new IntersectionObserver(([entry]) => {
          if (!entry?.isIntersecting) return;
          watch.disconnect();
          resolve(null);
        });
        watch.observe(strip);
      }),
  );
}

/** Numbers (1-based) of the testimonials fully inside the carousel's window, left to right. */
async function shownTestimonials(carousel: Locator): Promise<number[]> {
  await scrollingDone(carousel);
  return carousel.evaluate((root) => {
    // Under reduced motion the global CSS gives every change a 0.01 ms transition, which
    // the browser only ends on its next frame: end it now, as a visitor's eye would.
    for (const animation of root.getAnimations({ subtree: true })) animation.finish();
    const slides = [...root.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')];
    const window = slides[0]?.parentElement?.parentElement?.getBoundingClientRect();
    if (!window) return [];
    return (
      slides
        .map((slide, index) => ({
          box: slide.querySelector("figure")?.getBoundingClientRect(),
          index,
        }))
        // A few pixels of slack: the easing of the last frames does not matter to a reader.
        .filter(({ box }) => box && box.left >= window.left - 8 && box.right <= window.right + 8)
        .sort((a, b) => (a.box?.left ?? 0) - (b.box?.left ?? 0))
        .map(({ index }) => index + 1)
    );
  });
}

/**
 * A paused fake clock: page timers and animation frames run only inside clock.runFor, so
 * what a test sees after runFor is settled (once a move's smooth scroll has played out:
 * its scroll targets are noted).
 */
async function pauseClock(page: Page) {
  await noteScrollTargets(page);
  const start = new Date("2026-03-02T09:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
}

/** Opens /pricing on a paused clock, with the carousel in view and its rotation started. */
async function openCarousel(page: Page) {
  await pauseClock(page);
  await page.goto("/pricing");
  const carousel = carouselOf(page);
  await scrollTo(carousel);
  await expect(carousel.getByRole("button", { name: "Pause testimonials" })).toBeVisible();
  return carousel;
}

test.describe("testimonial carousel on a desktop (1280px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("shows two testimonials per row and moves on every 4 seconds, looping back to the first", async ({
    page,
  }) => {
    const carousel = await openCarousel(page);
    await expect(carousel.getByRole("group", { name: "1 of 6" })).toContainText("Rated 5 out of 5");
    expect(await shownTestimonials(carousel)).toEqual([1, 2]);

    await page.clock.runFor(3_500);
    expect(await shownTestimonials(carousel)).toEqual([1, 2]);
    // Moved on at 4 s; the slide animation is over 1.5 s later.
    await page.clock.runFor(2_000);
    expect(await shownTestimonials(carousel)).toEqual([2, 3]);
    await page.clock.runFor(4_000);
    expect(await shownTestimonials(carousel)).toEqual([3, 4]);

    // Six testimonials: after the sixth comes the first again.
    await page.clock.runFor(4_000 * 3);
    expect(await shownTestimonials(carousel)).toEqual([6, 1]);
    await page.clock.runFor(4_000);
    expect(await shownTestimonials(carousel)).toEqual([1, 2]);
  });

  test("pressing Next moves once and stops the rotation for good", async ({ page }) => {
    const carousel = await openCarousel(page);
    await carousel.getByRole("button", { name: "Next testimonial" }).click();
    await page.clock.runFor(1_500);
    expect(await shownTestimonials(carousel)).toEqual([2, 3]);
    await expect(carousel.getByRole("button", { name: "Play testimonials" })).toBeVisible();
    await expect(carousel.locator('[aria-live="polite"]')).toHaveCount(1);

    await page.mouse.move(5, 5);
    await page.clock.runFor(20_000);
    expect(await shownTestimonials(carousel)).toEqual([2, 3]);

    await carousel.getByRole("button", { name: "Previous testimonial" }).click();
    await page.clock.runFor(1_500);
    expect(await shownTestimonials(carousel)).toEqual([1, 2]);
    await page.clock.resume(); // axe schedules its own timers
    await expectNoAxeViolations(page);
  });

  test("hovering pauses the rotation and leaving resumes it", async ({ page }) => {
    const carousel = await openCarousel(page);
    await carousel.getByRole("group", { name: "1 of 6" }).hover();
    await page.clock.runFor(12_000);
    expect(await shownTestimonials(carousel)).toEqual([1, 2]);

    await page.mouse.move(5, 5);
    await page.clock.runFor(5_500);
    expect(await shownTestimonials(carousel)).toEqual([2, 3]);
    await expect(carousel.getByRole("button", { name: "Pause testimonials" })).toBeVisible();
    await page.clock.resume(); // axe schedules its own timers
    await expectNoAxeViolations(page);
  });

  test("keyboard focus on the arrows pauses the rotation, and arrow keys take control for good", async ({
    page,
  }) => {
    const carousel = await openCarousel(page);
    const next = carousel.getByRole("button", { name: "Next testimonial" });
    await next.focus();
    await page.clock.runFor(12_000);
    expect(await shownTestimonials(carousel)).toEqual([1, 2]);

    await page.keyboard.press("ArrowRight");
    await page.clock.runFor(1_500);
    expect(await shownTestimonials(carousel)).toEqual([2, 3]);
    await next.blur();
    await page.clock.runFor(12_000);
    expect(await shownTestimonials(carousel)).toEqual([2, 3]);
    await expect(carousel.getByRole("button", { name: "Play testimonials" })).toBeVisible();
    await page.clock.resume(); // axe schedules its own timers
    await expectNoAxeViolations(page);
  });

  test("a swipe stops the rotation for good", async ({ page }) => {
    const carousel = await openCarousel(page);
    const box = await carousel.getByRole("group", { name: "2 of 6" }).boundingBox();
    if (!box) throw new Error("second testimonial not laid out");
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(box.x + box.width * 0.8 - step * 50, y);
      await page.clock.runFor(16);
    }
    await page.mouse.up();
    await page.clock.runFor(2_000);
    const afterSwipe = await shownTestimonials(carousel);
    expect(afterSwipe).not.toEqual([1, 2]);
    await expect(carousel.getByRole("button", { name: "Play testimonials" })).toBeVisible();

    await page.mouse.move(5, 5);
    await page.clock.runFor(20_000);
    expect(await shownTestimonials(carousel)).toEqual(afterSwipe);
    await page.clock.resume(); // axe schedules its own timers
    await expectNoAxeViolations(page);
  });

  test("the pause button stops the rotation and the play button restarts it", async ({ page }) => {
    const carousel = await openCarousel(page);
    await carousel.getByRole("button", { name: "Pause testimonials" }).click();
    await page.mouse.move(5, 5);
    await page.clock.runFor(12_000);
    expect(await shownTestimonials(carousel)).toEqual([1, 2]);

    await carousel.getByRole("button", { name: "Play testimonials" }).click();
    await page.mouse.move(5, 5);
    await page.clock.runFor(5_500);
    expect(await shownTestimonials(carousel)).toEqual([2, 3]);
  });

  test("with reduced motion the carousel never moves by itself", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await pauseClock(page);
    await page.goto("/pricing");
    const carousel = carouselOf(page);
    await scrollTo(carousel);
    // The carousel is running once the testimonials out of view are hidden from screen readers.
    await expect(carousel.locator('[aria-roledescription="slide"]').nth(3)).toHaveAttribute(
      "aria-hidden",
      "true",
    );
    await expect(carousel.getByRole("button", { name: "Play testimonials" })).toBeVisible();
    await page.clock.runFor(20_000);
    expect(await shownTestimonials(carousel)).toEqual([1, 2]);

    // The visitor can still browse by hand.
    await carousel.getByRole("button", { name: "Next testimonial" }).click();
    await page.clock.runFor(1_500);
    expect(await shownTestimonials(carousel)).toEqual([2, 3]);
  });
});

test("a window made narrower shows one testimonial, and screen readers hear only that one", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const carousel = await openCarousel(page);
  const hiddenSlides = carousel.locator('[aria-roledescription="slide"][aria-hidden="true"]');
  // Measured once laid out, not while hydrating: two in view, four hidden.
  await expect(hiddenSlides).toHaveCount(4);
  expect(await shownTestimonials(carousel)).toEqual([1, 2]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(hiddenSlides).toHaveCount(5);
  expect(await shownTestimonials(carousel)).toEqual([1]);
});

// Far below the first screen the carousel is not laid out until a reader nears it (its
// section skips layout), yet a screen reader reads it from the start: once the page has
// hydrated it must already hear only the testimonials in view.
for (const viewport of [
  { width: 390, height: 844, shown: 1 },
  { width: 1280, height: 800, shown: 2 },
]) {
  test(`at ${viewport.width}px, screen readers hear only the testimonials in view before the carousel is scrolled to`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await pauseClock(page);
    await page.goto("/pricing");
    const slides = carouselOf(page).locator('[aria-roledescription="slide"]');
    const count = await slides.count();
    await expect(slides.and(page.locator('[aria-hidden="true"]'))).toHaveCount(
      count - viewport.shown,
    );
    for (let index = 0; index < viewport.shown; index++) {
      await expect(slides.nth(index)).not.toHaveAttribute("aria-hidden", "true");
    }
  });
}

test("far below the first screen the carousel waits, and a reader who scrolls to it starts at the first testimonial", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await pauseClock(page);
  await page.goto("/pricing");
  const carousel = carouselOf(page);
  // Hydrated and rotating, far below the first screen.
  await expect(carousel.locator('button[aria-label="Pause testimonials"]')).toHaveCount(1);
  await page.clock.runFor(9_000);
  await scrollTo(carousel);
  expect(await shownTestimonials(carousel)).toEqual([1]);
  // In view, it moves on as before.
  await page.clock.runFor(4_500);
  expect(await shownTestimonials(carousel)).toEqual([2]);
});

test.describe("testimonial carousel on a phone (390px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("shows one testimonial at a time and moves on every 4 seconds", async ({ page }) => {
    const carousel = await openCarousel(page);
    expect(await shownTestimonials(carousel)).toEqual([1]);
    await page.clock.runFor(5_500);
    expect(await shownTestimonials(carousel)).toEqual([2]);
    await page.clock.resume(); // axe schedules its own timers
    await expectNoAxeViolations(page);
  });
});

// Pages paint before their scripts run (on a slow phone for a second or more): the carousel
// must not change its look when it starts.
test.describe("testimonial carousel before its scripts run", () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width}px it already looks as it does once running`, async ({
      newContext,
    }) => {
      const shots: Buffer[] = [];
      for (const javaScriptEnabled of [false, true]) {
        const context = await newContext({ javaScriptEnabled, viewport });
        const page = await context.newPage();
        // Both pictures in the fallback faces: with font-display: optional, one cold load
        // on a busy machine may get the brand faces in time and the other not, which would
        // differ for a reason that is not this test's.
        await page.route("**/*.woff2", (route) => route.abort());
        if (javaScriptEnabled) await pauseClock(page);
        await page.goto("/pricing");
        const carousel = carouselOf(page);
        if (javaScriptEnabled) {
          await expect(carousel.getByRole("button", { name: "Pause testimonials" })).toBeVisible();
        }
        await carousel.scrollIntoViewIfNeeded();
        // The authors' portraits load as the carousel nears the screen (without scripts, with
        // the page): the picture is taken once those in view have arrived.
        await expect
          .poll(() =>
            carousel.locator("img").evaluateAll((images) =>
              (images as HTMLImageElement[]).every((image) => {
                const box = image.getBoundingClientRect();
                const inView = box.right > 0 && box.left < window.innerWidth;
                return !inView || (image.complete && image.naturalWidth > 0);
              }),
            ),
          )
          .toBe(true);
        shots.push(await carousel.screenshot({ animations: "disabled" }));
        await context.close();
      }
      expect(shots[0]?.equals(shots[1] ?? Buffer.alloc(0))).toBe(true);
    });
  }
});

test.describe("pricing page", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("shows the starting price, both plans and the contract terms", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Programs start at $3,000 per month",
    );
    const plans = page.getByRole("region", { name: "Two ways to work with us" });
    const contentPlan = plans.getByRole("listitem").filter({
      has: page.getByRole("heading", { name: "Content + Audience" }),
    });
    await expect(contentPlan).toContainText("From $3,000/month");
    await expect(contentPlan).toContainText("8 to 12 content pieces a month");
    await expect(contentPlan).toContainText("Monthly content + strategy interview calls");
    const fullService = plans.getByRole("listitem").filter({
      has: page.getByRole("heading", { name: "Full Service" }),
    });
    await expect(fullService).toContainText("Contact Us For Pricing");
    await expect(fullService).toContainText("Most Popular");
    await expect(plans).toContainText("activation workflows");
    await expect(plans).toContainText("seats");
    await expect(plans).toContainText("media budget");
    const terms = page.getByRole("region", { name: "Simple contract terms" });
    await expect(terms).toContainText("6-month agreement with a 90-day out");
    await expect(terms).toContainText("A discount for 12-month agreements");
  });

  test("only one FAQ item is open at a time and an open item collapses again", async ({ page }) => {
    await page.goto("/pricing");
    const faq = faqOf(page);
    const questions = faq.locator("summary");
    await expect(questions).toHaveCount(9);
    const open = faq.locator("details[open]");
    await expect(open).toHaveCount(0);

    const first = faqItem(page, "What is included in the Content + Audience plan?");
    const second = faqItem(page, "What does Full Service add?");
    await expect(questions.nth(0)).toHaveText("What is included in the Content + Audience plan?");
    await expect(questions.nth(1)).toHaveText("What does Full Service add?");
    const firstAnswer = first.getByText("8 to 12 content pieces a month", { exact: false });
    await expect(firstAnswer).toBeHidden();
    await questions.nth(0).click();
    await expect(first).toHaveAttribute("open", "");
    await expect(firstAnswer).toBeVisible();

    await questions.nth(1).click();
    await expect(second).toHaveAttribute("open", "");
    await expect(second.locator("p")).toBeVisible();
    await expect(first).not.toHaveAttribute("open");
    await expect(firstAnswer).toBeHidden();
    await expect(open).toHaveCount(1);

    await questions.nth(1).click();
    await expect(second).not.toHaveAttribute("open");
    await expect(second.locator("p")).toBeHidden();
    await expect(open).toHaveCount(0);
  });

  test("the FAQ works with the keyboard", async ({ page }) => {
    await page.goto("/pricing");
    const item = faqItem(page, "How much of my time does it take?");
    const answer = item.getByText("About 1 hour a month", { exact: false });
    await expect(item).not.toHaveAttribute("open");
    await expect(answer).toBeHidden();
    await item.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(item).toHaveAttribute("open", "");
    await expect(answer).toBeVisible();
    await page.keyboard.press("Tab");
    const next = faqItem(page, "Will the content really sound like me?");
    await expect(next.locator("summary")).toBeFocused();
    await page.keyboard.press("Space");
    await expect(next).toHaveAttribute("open", "");
    await expect(item).not.toHaveAttribute("open");
    await expect(answer).toBeHidden();
    await page.keyboard.press("Space");
    await expect(next).not.toHaveAttribute("open");
  });
});
