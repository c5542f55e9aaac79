import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { bookACall } from "#app/content/book-a-call.ts";
import { clientSuccess } from "#app/content/client-success.ts";
import { featureSlugs, features, findFeature } from "#app/content/features/index.ts";
import { honesty } from "#app/content/honesty.ts";
import { howItWorks } from "#app/content/how-it-works.ts";
import { pricing } from "#app/content/pricing.ts";
import { testimonials } from "#app/content/testimonials.ts";

describe("the marketing pages content", () => {
  test("each page has a unique description of 110 to 160 characters", () => {
    const descriptions = [
      howItWorks.meta,
      pricing.meta,
      bookACall.meta,
      honesty.meta,
      clientSuccess.meta,
      ...Object.values(features).map((feature) => feature.meta),
    ].map((meta) => meta.description);
    for (const description of descriptions) {
      expect(description.length).toBeGreaterThanOrEqual(110);
      expect(description.length).toBeLessThanOrEqual(160);
    }
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  test("the process has six steps on alternating sides", () => {
    expect(howItWorks.steps).toHaveLength(6);
    expect(howItWorks.steps.map((step) => step.side)).toEqual([
      "left",
      "right",
      "left",
      "right",
      "left",
      "right",
    ]);
    expect(new Set(howItWorks.steps.map((step) => step.id)).size).toBe(6);
  });

  test("the FAQ has nine distinct questions, and testimonials rate 1 to 5", () => {
    expect(pricing.faq).toHaveLength(9);
    expect(new Set(pricing.faq.map((item) => item.question)).size).toBe(9);
    expect(testimonials.length).toBeGreaterThanOrEqual(6);
    for (const testimonial of testimonials) {
      expect(testimonial.rating).toBeGreaterThanOrEqual(1);
      expect(testimonial.rating).toBeLessThanOrEqual(5);
    }
  });

  test("every feature page has four cards, and an unknown slug finds none", () => {
    for (const slug of featureSlugs) {
      expect(features[slug].cards).toHaveLength(4);
    }
    expect(findFeature("no-such-feature")).toBeUndefined();
    expect(findFeature("toString")).toBeUndefined();
  });
});

test("the monthly interview has one length everywhere it is given, the terms included", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const files = [
    ...readdirSync(path.join(root, "app/content"), { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .map((name) => path.join(root, "app/content", name)),
    ...readdirSync(path.join(root, "content/legal")).map((name) =>
      path.join(root, "content/legal", name),
    ),
  ];
  const lengths = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const [, minutes] of text.matchAll(
      /(\d+)-minute (?:recorded )?(?:interview|conversation)/g,
    ))
      lengths.add(`${minutes} (${path.basename(file)})`);
    for (const [, minutes] of text.matchAll(/interview of about (\d+(?: to \d+)?) minutes/g))
      lengths.add(`${minutes} (${path.basename(file)})`);
  }
  expect(lengths.size).toBeGreaterThan(3);
  expect([...lengths].filter((length) => !length.startsWith("30 ("))).toEqual([]);
});
