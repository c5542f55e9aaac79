import type { Browser } from "@playwright/test";
import { pricing } from "../../app/content/pricing.ts";
import { site } from "../../app/content/site.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";

const pages = [
  {
    path: "/how-northstory-works-audience",
    h1: "How Northstory turns one conversation a month into pipeline",
    // Too long for the site's name after it: the title goes alone (see titleWithSite).
    title: "How Northstory Works: Content, Audience and Activation",
  },
  {
    path: "/pricing",
    h1: "Programs start at $3,000 per month",
    title: "Pricing: Programs From $3,000 per Month | Northstory",
  },
  {
    path: "/book-a-call",
    h1: "Let's talk about your story",
    title: "Book a 20-Minute Intro Call | Northstory",
  },
  { path: "/honesty", h1: "Our honesty pledge", title: "Our Honesty Pledge | Northstory" },
  { path: "/client-success", h1: "Coming soon", title: "Client Success: Coming Soon | Northstory" },
  {
    path: "/features/founder-ceo-thought-leadership",
    h1: "Become the voice your market trusts",
    title: "Founder & CEO Thought Leadership on LinkedIn | Northstory",
  },
  {
    path: "/features/b2b-event-attendee-acquisition",
    h1: "Fill the room with buyers, not just badges",
    title: "B2B Event Attendee Acquisition | Northstory",
  },
  {
    path: "/features/full-lifecycle-marketing",
    h1: "One voice from first impression to renewal",
    title: "Full-Lifecycle B2B Marketing | Northstory",
  },
  {
    path: "/features/audience-activation",
    h1: "Turn attention into conversations",
    title: "Audience Activation: Turn Engagement Into Meetings",
  },
];

/**
 * axe itself needs JavaScript, so the server HTML is checked in a page whose own scripts
 * are blocked: what it shows is what a visitor without JavaScript gets.
 */
async function expectNoAxeViolationsInServerHtml(browser: Browser, path: string) {
  // Scripts on explicitly: axe needs them, even when the calling test runs without. A
  // context of the browser's own, not the journey's `newContext`: with the page's scripts
  // blocked on purpose, their failed import is an error the page reports.
  const context = await browser.newContext({
    javaScriptEnabled: true,
    viewport: { width: 1280, height: 800 },
  });
  await context.route("**/assets/**", (route) =>
    route.request().resourceType() === "script" ? route.abort() : route.continue(),
  );
  const page = await context.newPage();
  await page.goto(path);
  await expectNoAxeViolations(page);
  await context.close();
}

// Their accessibility, as they load, is checked by the sweep (accessibility.spec.ts).
for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test(`every marketing page on a ${viewport.name} (${viewport.width}px) shows its one heading and its title once hydrated`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const { path, h1, title } of pages) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expect(page).toHaveTitle(title);
      });
    }
  });
}

test.describe("without JavaScript", () => {
  test("every marketing page is prerendered with its content and metadata in the HTML", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path, h1, title } of pages) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      // Rendered once at start and kept: its scripts are allowed by hash, not by a nonce.
      expect(response?.headers()["content-security-policy"]).toMatch(/'sha256-/);
      expect(response?.headers()["content-security-policy"]).not.toMatch(/'nonce-/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await expect(page).toHaveTitle(title);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length).toBeGreaterThanOrEqual(110);
      expect(description?.length).toBeLessThanOrEqual(160);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`${path}$`),
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    }
    await context.close();
    await expectNoAxeViolationsInServerHtml(browser, "/features/audience-activation");
  });
});

// Pages paint well before their scripts run: without JavaScript is how every visitor first
// sees them, so this must already be the interactive page's look.
test.describe("before scripts run (JavaScript disabled)", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });

  test("the process timeline shows every step, and the FAQ only closed questions that open on a click", async ({
    page,
    browser,
  }) => {
    await page.goto("/how-northstory-works-audience");
    const steps = page.getByRole("region", { name: "Our six-step process" }).locator("ol > li");
    await expect(steps).toHaveCount(6);
    for (let index = 0; index < 6; index++) {
      await expect(steps.nth(index)).toHaveCSS("opacity", "1");
      await expect(steps.nth(index)).toBeVisible();
    }
    await expect(steps.nth(5)).toContainText("Activation and reporting");

    await page.goto("/pricing");
    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    expect(pricing.faq).toHaveLength(9);
    for (const { question, answer } of pricing.faq) {
      await expect(faq.getByText(question, { exact: true })).toBeVisible();
      await expect(faq.getByText(answer, { exact: true })).toBeHidden();
    }
    await expect(faq.locator("summary")).toHaveCount(9);
    await expect(faq.locator("details[open]")).toHaveCount(0);
    const answer = faq.getByText("About 1 hour a month", { exact: false });
    // The answers are there, a click away, with no script.
    await faq.locator("summary", { hasText: "How much of my time does it take?" }).click();
    await expect(answer).toBeVisible();
    await expect(faq.locator("details[open]")).toHaveCount(1);

    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const faqPage = jsonLd
      .map((text) => JSON.parse(text))
      .find((data) => data["@type"] === "FAQPage");
    expect(faqPage?.mainEntity).toHaveLength(9);
    expect(faqPage?.mainEntity[0]).toMatchObject({
      "@type": "Question",
      name: "What is included in the Content + Audience plan?",
      acceptedAnswer: { "@type": "Answer" },
    });
    await expectNoAxeViolationsInServerHtml(browser, "/how-northstory-works-audience");
    await expectNoAxeViolationsInServerHtml(browser, "/pricing");
  });
});

test.describe("how it works: the process timeline", () => {
  test.describe("on a desktop (1280px)", () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test("steps appear as they scroll into view, alternate sides, and the progress bar grows", async ({
      page,
    }) => {
      await page.goto("/how-northstory-works-audience");
      await expect(page.getByRole("heading", { name: "Content", exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Audience", exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Activation", exact: true })).toBeVisible();

      const process = page.getByRole("region", { name: "Our six-step process" });
      const steps = process.locator("ol > li");
      await expect(steps).toHaveCount(6);
      // Below the fold, the steps wait to be scrolled to.
      await expect(steps.nth(0)).toHaveCSS("opacity", "0");
      await expect(steps.nth(5)).toHaveCSS("opacity", "0");
      const fill = page.getByTestId("timeline-progress");
      const fillHeight = async () => (await fill.boundingBox())?.height ?? 0;
      expect(await fillHeight()).toBeLessThan(2);

      await steps.nth(0).scrollIntoViewIfNeeded();
      await expect(steps.nth(0)).toHaveCSS("opacity", "1");
      await expect(steps.nth(5)).toHaveCSS("opacity", "0");
      const early = await fillHeight();

      await steps.nth(3).scrollIntoViewIfNeeded();
      await expect(steps.nth(3)).toHaveCSS("opacity", "1");
      await expect(steps.nth(3)).toHaveCSS("transition-delay", "0.45s");
      await expect.poll(fillHeight).toBeGreaterThan(early + 100);

      await page.getByRole("heading", { name: "Signs it is working" }).scrollIntoViewIfNeeded();
      await expect(steps.nth(5)).toHaveCSS("opacity", "1");
      const track = await fill.locator("..").boundingBox();
      await expect.poll(fillHeight).toBeGreaterThanOrEqual((track?.height ?? 0) - 1);

      // Shown steps stay shown when the visitor scrolls back up.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(fillHeight).toBeLessThan(2);
      await expect(steps.nth(5)).toHaveCSS("opacity", "1");

      // Steps alternate sides of the centre line on wide screens.
      const centre = 1280 / 2;
      for (let index = 0; index < 6; index++) {
        const box = await steps.nth(index).getByRole("heading", { level: 3 }).boundingBox();
        if (!box) throw new Error(`step ${index + 1} has no heading box`);
        if (index % 2 === 0) expect(box.x + box.width).toBeLessThan(centre);
        else expect(box.x).toBeGreaterThan(centre);
      }
      // Bullet points are optional per step.
      await expect(steps.nth(1).getByRole("listitem")).toHaveCount(0);
      await expect(steps.nth(5).getByRole("listitem")).toHaveCount(3);
      await expect(steps.nth(5)).toContainText("Meetings booked into your calendar");

      const signs = page.getByRole("region", { name: "Signs it is working" }).getByRole("listitem");
      await expect(signs).toHaveCount(6);
      await expectNoAxeViolations(page);
    });

    test("steps on screen when the page first paints stay shown through hydration", async ({
      page,
    }) => {
      // On every frame from the first, note each step's opacity and whether it is on screen.
      await page.addInitScript(() => {
        const frames: { onScreen: boolean; opacity: number }[][] = [];
        (window as unknown as { __steps: typeof frames }).__steps = frames;
        const sample = () => {
          const items = [...document.querySelectorAll<HTMLElement>("[data-step-id]")];
          if (items.length > 0) {
            frames.push(
              items.map((item) => ({
                onScreen: item.getBoundingClientRect().top < window.innerHeight,
                opacity: Number(getComputedStyle(item).opacity),
              })),
            );
          }
          if (frames.length < 3000) requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
        // Where a reload or back navigation would put the visitor, before any script of the
        // page runs: the top 60 px of the third step peek in at the bottom of the window.
        document.addEventListener("DOMContentLoaded", () => {
          const third = document.querySelectorAll("[data-step-id]")[2];
          if (!third) return;
          const top = third.getBoundingClientRect().top;
          window.scrollTo(0, window.scrollY + top - window.innerHeight + 60);
        });
      });
      await page.goto("/how-northstory-works-audience");
      // Hydrated (page.goto waits for it): what hydration set off has run once the steps'
      // observers have answered (the next frames) and every transition they started has
      // ended.
      await page.evaluate(async () => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        for (;;) {
          await frame();
          await frame();
          const running = document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
          if (running.length === 0) return;
          await Promise.all(running.map((animation) => animation.finished.catch(() => null)));
        }
      });
      const frames = await page.evaluate(
        () =>
          (window as unknown as { __steps: { onScreen: boolean; opacity: number }[][] }).__steps,
      );
      const seen = new Set<number>();
      const hiddenAfterSeen: string[] = [];
      frames.forEach((frame, index) => {
        frame.forEach((step, number) => {
          if (seen.has(number) && step.opacity < 1) {
            hiddenAfterSeen.push(`step ${number + 1} at opacity ${step.opacity} in frame ${index}`);
          }
          if (step.onScreen && step.opacity === 1) seen.add(number);
        });
      });
      expect(seen.size).toBeGreaterThan(0);
      expect(hiddenAfterSeen.slice(0, 5)).toEqual([]);
    });

    test("with reduced motion every step is shown at once and nothing animates", async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto("/how-northstory-works-audience");
      const steps = page.getByRole("region", { name: "Our six-step process" }).locator("ol > li");
      for (let index = 0; index < 6; index++) {
        await expect(steps.nth(index)).toHaveCSS("opacity", "1");
        await expect(steps.nth(index)).toHaveCSS("transition-delay", "0s");
      }
      await steps.nth(2).scrollIntoViewIfNeeded();
      await expect(steps.nth(2)).toHaveCSS("opacity", "1");
      await expect(steps.nth(5)).toHaveCSS("opacity", "1");
      await expectNoAxeViolations(page);
    });
  });

  test.describe("on a phone (390px)", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("steps appear as they scroll into view in a single column", async ({ page }) => {
      await page.goto("/how-northstory-works-audience");
      const steps = page.getByRole("region", { name: "Our six-step process" }).locator("ol > li");
      await expect(steps.nth(2)).toHaveCSS("opacity", "0");
      // Scrolled by the page, as a reader's scroll does. Playwright's own scrolling goes
      // through DevTools, which overshoots a block the browser has not laid out yet.
      await steps.nth(2).evaluate((step) => step.scrollIntoView({ block: "center" }));
      await expect(steps.nth(2)).toHaveCSS("opacity", "1");
      const first = await steps.nth(0).getByRole("heading", { level: 3 }).boundingBox();
      const second = await steps.nth(1).getByRole("heading", { level: 3 }).boundingBox();
      expect(Math.abs((first?.x ?? 0) - (second?.x ?? 1))).toBeLessThan(1);
      await expectNoAxeViolations(page);
    });
  });
});

test.describe("book a call", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("loads the scheduler script on the page and removes it after a client-side navigation away", async ({
    page,
  }) => {
    // This machine has no internet: the widget cannot load, as for a visitor behind a blocker.
    await page.route(site.urls.schedulerScript, (route) => route.abort());
    await page.goto("/book-a-call");
    const script = page.locator(`script[src="${site.urls.schedulerScript}"]`);
    await expect(script).toHaveCount(1);

    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "20-minute intro call" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "No commitment" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Free demo session" })).toBeVisible();
    await expect(
      page.getByText("A free 30-minute content + strategy + recording session"),
    ).toBeVisible();
    await expect(page.getByText("About 1 hour of your time a month")).toBeVisible();
    await expect(page.getByRole("region", { name: "Client testimonials" })).toBeVisible();

    const fallback = page.getByRole("link", { name: "Open the scheduler in a new tab" });
    await expect(fallback).toBeVisible();
    await expect(fallback).toHaveAttribute("href", site.urls.scheduler);
    await expect(fallback).toHaveAttribute("target", "_blank");
    await expect(fallback).toHaveAttribute("rel", "noopener noreferrer");

    await page.evaluate(() => {
      (window as unknown as { stillSamePage: boolean }).stillSamePage = true;
    });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Pricing" })
      .click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Programs start at $3,000 per month",
    );
    expect(
      await page.evaluate(() => (window as unknown as { stillSamePage?: boolean }).stillSamePage),
    ).toBe(true);
    await expect(script).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/book-a-call$/);
    await expect(script).toHaveCount(1);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Pricing" })
      .click();
    await expect(script).toHaveCount(0);
  });
});

test("on a phone, a tap on the call card's times goes to the calendar, not nowhere", async ({
  page,
}) => {
  await page.route(site.urls.schedulerScript, (route) => route.abort());
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/book-a-call");
  const calendar = page.getByRole("heading", { level: 2, name: "Choose a time" });
  await expect(calendar).not.toBeInViewport();
  const card = page.getByRole("link", { name: /^Choose a time for your 20-minute intro call/ });
  await card.getByText("11:00").click();
  await expect(calendar).toBeInViewport();
  await expect(page).toHaveURL(/\/book-a-call#scheduler-heading$/);
  // Still the same page, its calendar script in place.
  await expect(page.locator(`script[src="${site.urls.schedulerScript}"]`)).toHaveCount(1);
});

test.describe("honesty, client success and feature pages", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the honesty pledge offers a call with the CEO in a new tab", async ({ page }) => {
    await page.goto("/honesty");
    await expect(page.getByRole("heading", { name: "What we promise" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What we will never do" })).toBeVisible();
    const ceo = page.getByRole("link", { name: /Book a Call With Our CEO/ });
    await expect(ceo).toHaveAttribute("href", site.urls.ceoScheduler);
    await expect(ceo).toHaveAttribute("target", "_blank");
    await expect(ceo).toHaveAttribute("rel", "noopener noreferrer");
  });

  test("client success says coming soon and leads on to case studies and a call", async ({
    page,
  }) => {
    await page.goto("/client-success");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Coming soon");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "View Case Studies" })).toHaveAttribute(
      "href",
      "/founder-brand-case-studies",
    );
    await main.getByRole("link", { name: "Book A Call" }).click();
    await expect(page).toHaveURL(/\/book-a-call\?from=client-success$/);
  });

  test("each feature page has a hero, four feature cards and a call to action", async ({
    page,
  }) => {
    await page.goto("/");
    const featureLinks = page.getByRole("navigation", { name: "Features" }).getByRole("link");
    await expect(featureLinks).toHaveCount(4);
    for (let index = 0; index < 4; index++) {
      const link = page.getByRole("navigation", { name: "Features" }).getByRole("link").nth(index);
      const href = await link.getAttribute("href");
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      const feature = pages.find((candidate) => candidate.path === href);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(feature?.h1 ?? "missing");
      const cards = page.getByRole("main").getByRole("region").first().getByRole("listitem");
      await expect(cards).toHaveCount(4);
      for (let card = 0; card < 4; card++) {
        await expect(cards.nth(card).getByRole("heading", { level: 3 })).toBeVisible();
      }
      await expect(
        page.getByRole("main").getByRole("link", { name: "Book A Call" }),
      ).toHaveAttribute("href", `/book-a-call?from=feature-${href?.split("/").pop()}`);
    }
  });

  test("an unknown feature answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/features/no-such-feature");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page not found | Northstory");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
  });
});
